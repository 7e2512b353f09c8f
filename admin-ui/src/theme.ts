import { alpha } from '@mui/material/styles';
import type { RaThemeOptions } from 'react-admin';

/** The portal's brand tokens (affiliate-ui/src/theme.ts), so both apps read as one product. */
export const brand = {
  ink: '#0c0a13',
  pink: '#e8145f',
  pinkOnLight: '#d61157',
  violet: '#7c3aed',
  gradient: 'linear-gradient(135deg, #ff2d78 0%, #c026d3 50%, #7c3aed 100%)',
} as const;

export const theme: RaThemeOptions = {
  palette: {
    mode: 'light',
    // A shade darker than the brand's pink: text and white-on-pink buttons read at 4.5:1 at least (WCAG AA).
    primary: { main: brand.pinkOnLight, light: '#ff4d88', dark: '#b50d4a', contrastText: '#ffffff' },
    secondary: { main: brand.violet, light: '#a078f5', dark: '#5b21b6', contrastText: '#ffffff' },
    success: { main: '#0d7f3f' },
    warning: { main: '#b45309' },
    background: { default: '#f6f5fa', paper: '#ffffff' },
    text: { primary: '#15121f', secondary: '#5d5870' },
    divider: 'rgba(21, 18, 31, 0.09)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 700 },
    subtitle1: { fontWeight: 600 },
    button: { fontWeight: 600, textTransform: 'none' },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiInputBase: { styleOverrides: { input: { '&::placeholder': { opacity: 0.65 } } } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          border: '1px solid rgba(21, 18, 31, 0.08)',
          boxShadow: '0 1px 2px rgba(21, 18, 31, 0.04), 0 8px 24px rgba(21, 18, 31, 0.05)',
        },
      },
    },
    MuiTextField: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiMenuItem: {
      styleOverrides: { root: { '&.Mui-selected': { backgroundColor: alpha(brand.pink, 0.08) } } },
    },
  },
};
