import '@fontsource-variable/plus-jakarta-sans';
import { alpha, createTheme, responsiveFontSizes, type ThemeOptions } from '@mui/material/styles';

/**
 * Brand tokens. The portal is light for reading (forms, tables, long legal text); the marketing
 * surfaces (header, heroes, footer) are dark and use `darkSurfaceTheme` so MUI inputs and buttons
 * placed on them get dark-mode colours.
 */
export const brand = {
  ink: '#0c0a13',
  inkRaised: '#16121f',
  pink: '#e8145f',
  pinkOnLight: '#d61157',
  violet: '#7c3aed',
  gradient: 'linear-gradient(135deg, #ff2d78 0%, #c026d3 50%, #7c3aed 100%)',
  heroGlow:
    'radial-gradient(60% 70% at 85% 0%, rgba(232, 20, 95, 0.35) 0%, rgba(232, 20, 95, 0) 70%), radial-gradient(50% 60% at 0% 100%, rgba(124, 58, 237, 0.35) 0%, rgba(124, 58, 237, 0) 70%)',
} as const;

const fontFamily = '"Plus Jakarta Sans Variable", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function options(mode: 'light' | 'dark'): ThemeOptions {
  const dark = mode === 'dark';
  return {
    palette: {
      mode,
      // On light surfaces the pink is a shade darker: text and white-on-pink buttons then read at 4.5:1 at least (WCAG AA).
      primary: { main: dark ? brand.pink : brand.pinkOnLight, light: '#ff4d88', dark: '#b50d4a', contrastText: '#ffffff' },
      // On dark surfaces the violet is lightened so outlined and text variants stay readable.
      secondary: dark ? { main: '#b095fb', contrastText: brand.ink } : { main: brand.violet, light: '#a078f5', dark: '#5b21b6', contrastText: '#ffffff' },
      success: { main: dark ? '#12a150' : '#0d7f3f' },
      warning: { main: dark ? '#ed6c02' : '#b45309' },
      background: dark ? { default: brand.ink, paper: brand.inkRaised } : { default: '#f6f5fa', paper: '#ffffff' },
      text: dark
        ? { primary: '#f5f3fa', secondary: 'rgba(235, 230, 245, 0.68)' }
        : { primary: '#15121f', secondary: '#5d5870' },
      divider: dark ? 'rgba(255, 255, 255, 0.1)' : 'rgba(21, 18, 31, 0.09)',
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily,
      h1: { fontWeight: 800, letterSpacing: '-0.03em', lineHeight: 1.08 },
      h2: { fontWeight: 800, letterSpacing: '-0.025em', lineHeight: 1.12 },
      h3: { fontWeight: 800, letterSpacing: '-0.02em', lineHeight: 1.15 },
      h4: { fontWeight: 700, letterSpacing: '-0.015em' },
      h5: { fontWeight: 700, letterSpacing: '-0.01em' },
      h6: { fontWeight: 700 },
      subtitle1: { fontWeight: 600 },
      overline: { fontWeight: 700, letterSpacing: '0.14em' },
      button: { fontWeight: 700, textTransform: 'none', letterSpacing: 0 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 999, paddingInline: 20 },
          sizeLarge: { paddingBlock: 12, paddingInline: 28, fontSize: '1rem' },
        },
        variants: [
          {
            props: { variant: 'contained', color: 'primary' },
            style: {
              backgroundImage: brand.gradient,
              boxShadow: `0 8px 24px ${alpha(brand.pink, 0.28)}`,
              '&:hover': { backgroundImage: brand.gradient, filter: 'brightness(1.08)', boxShadow: `0 10px 28px ${alpha(brand.pink, 0.4)}` },
              '&.Mui-disabled': { backgroundImage: 'none', boxShadow: 'none' },
            },
          },
        ],
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            border: `1px solid ${dark ? 'rgba(255, 255, 255, 0.1)' : 'rgba(21, 18, 31, 0.08)'}`,
            boxShadow: dark ? 'none' : '0 1px 2px rgba(21, 18, 31, 0.04), 0 12px 32px rgba(21, 18, 31, 0.06)',
          },
        },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
      MuiAccordion: {
        defaultProps: { disableGutters: true, elevation: 0 },
        styleOverrides: {
          root: {
            border: `1px solid ${dark ? 'rgba(255, 255, 255, 0.1)' : 'rgba(21, 18, 31, 0.09)'}`,
            borderRadius: 14,
            overflow: 'hidden',
            '&::before': { display: 'none' },
            '&.Mui-expanded': { borderColor: alpha(brand.pink, 0.22) },
          },
        },
      },
      MuiAccordionSummary: {
        styleOverrides: { root: { paddingInline: 20, minHeight: 60 }, content: { marginBlock: 16 } },
      },
      MuiAccordionDetails: { styleOverrides: { root: { paddingInline: 20, paddingBottom: 20, paddingTop: 0 } } },
      MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 12 } } },
      // A placeholder that stands for a label (the search fields) must be as readable as text.
      MuiInputBase: { styleOverrides: { input: { '&::placeholder': { opacity: dark ? 0.6 : 0.65 } } } },
      MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  };
}

export const theme = responsiveFontSizes(createTheme(options('light')));
export const darkSurfaceTheme = responsiveFontSizes(createTheme(options('dark')));
