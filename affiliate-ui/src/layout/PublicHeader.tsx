import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import { AppBar, Box, Button, Container, Divider, Drawer, IconButton, Stack, Toolbar } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { brand, darkSurfaceTheme } from '../theme';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

const NAV_LINKS = [
  { to: '/', labelKey: 'nav.home', end: true },
  { to: '/faq', labelKey: 'nav.faq', end: false },
  { to: '/contact', labelKey: 'nav.contact', end: false },
] as const;

const navLinkSx = {
  color: 'text.secondary',
  '&:hover': { color: 'text.primary', backgroundColor: 'rgba(255, 255, 255, 0.06)' },
  '&.active': { color: 'text.primary', backgroundColor: 'rgba(255, 255, 255, 0.08)' },
} as const;

export function PublicHeader() {
  const { t } = useTranslation('layout');
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <ThemeProvider theme={darkSurfaceTheme}>
      <AppBar
        position="sticky"
        elevation={0}
        data-testid="public-header"
        sx={{
          backgroundColor: 'rgba(12, 10, 19, 0.86)',
          backdropFilter: 'saturate(160%) blur(14px)',
          borderBottom: '1px solid',
          borderColor: 'divider',
          color: 'text.primary',
        }}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: 2 }}>
            <Logo />
            <Box component="nav" aria-label={t('nav.main')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, mx: 'auto' }}>
              {NAV_LINKS.map((link) => (
                <Button key={link.to} component={NavLink} to={link.to} end={link.end} sx={navLinkSx}>
                  {t(link.labelKey)}
                </Button>
              ))}
            </Box>
            <Stack direction="row" spacing={1.5} sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center' }}>
              <LanguageSwitcher />
              <Button component={RouterLink} to="/login" color="inherit" data-testid="header-login">
                {t('nav.login')}
              </Button>
              <Button component={RouterLink} to="/register" variant="contained" data-testid="header-register">
                {t('nav.register')}
              </Button>
            </Stack>
            <IconButton
              edge="end"
              color="inherit"
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpen}
              data-testid="mobile-menu-button"
              onClick={() => setMenuOpen(true)}
              sx={{ display: { xs: 'inline-flex', md: 'none' }, ml: 'auto' }}
            >
              <MenuRoundedIcon />
            </IconButton>
          </Toolbar>
        </Container>
      </AppBar>
      <Drawer
        anchor="right"
        open={menuOpen}
        onClose={closeMenu}
        slotProps={{ paper: { sx: { width: 'min(320px, 86vw)', backgroundColor: brand.ink, backgroundImage: brand.heroGlow } } }}
      >
        <Box data-testid="mobile-menu" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Logo />
            <IconButton color="inherit" aria-label={t('nav.closeMenu')} onClick={closeMenu}>
              <CloseRoundedIcon />
            </IconButton>
          </Stack>
          <Box component="nav" aria-label={t('nav.main')} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {NAV_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end={link.end}
                onClick={closeMenu}
                size="large"
                sx={{ ...navLinkSx, justifyContent: 'flex-start', borderRadius: 3 }}
              >
                {t(link.labelKey)}
              </Button>
            ))}
          </Box>
          <Divider sx={{ my: 1.5 }} />
          <LanguageSwitcher fullWidth />
          <Box sx={{ mt: 'auto', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Button component={RouterLink} to="/login" variant="outlined" color="inherit" size="large" onClick={closeMenu} sx={{ borderColor: 'divider' }}>
              {t('nav.login')}
            </Button>
            <Button component={RouterLink} to="/register" variant="contained" size="large" onClick={closeMenu}>
              {t('nav.register')}
            </Button>
          </Box>
        </Box>
      </Drawer>
    </ThemeProvider>
  );
}
