import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import { AppBar, Box, Button, Container, Divider, Drawer, IconButton, Stack, Toolbar } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { homePathOf } from '@affilux/contract';
import { useSession } from '../session/SessionProvider';
import { ADMIN_APP_PATH } from '../session/guards';
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

/**
 * Sign-in and registration for a visitor; for a signed-in user, the way back to their area
 * ("Mon espace": /affiliate, or the back office, another app reached by a full page load) and a
 * logout. Nothing while the stored session is being checked, so neither set flashes by.
 */
function AccountActions({ inMenu, onDone }: { inMenu: boolean; onDone?: () => void }) {
  const { t } = useTranslation('layout');
  const { user, loading, logout } = useSession();
  const size = inMenu ? 'large' : 'medium';
  if (loading) return null;
  if (user) {
    const home = homePathOf(user.role);
    const toArea = home.startsWith(ADMIN_APP_PATH) ? { href: home } : { component: RouterLink, to: home };
    return (
      <>
        <Button
          color="inherit"
          variant={inMenu ? 'outlined' : 'text'}
          size={size}
          startIcon={<LogoutRoundedIcon />}
          onClick={() => {
            logout();
            onDone?.();
          }}
          data-testid="header-logout"
          sx={inMenu ? { borderColor: 'divider' } : undefined}
        >
          {t('nav.logout')}
        </Button>
        <Button {...toArea} variant="contained" size={size} startIcon={<DashboardRoundedIcon />} onClick={onDone} data-testid="header-my-area">
          {t('nav.myArea')}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button
        component={RouterLink}
        to="/login"
        color="inherit"
        variant={inMenu ? 'outlined' : 'text'}
        size={size}
        onClick={onDone}
        data-testid="header-login"
        sx={inMenu ? { borderColor: 'divider' } : undefined}
      >
        {t('nav.login')}
      </Button>
      <Button component={RouterLink} to="/register" variant="contained" size={size} onClick={onDone} data-testid="header-register">
        {t('nav.register')}
      </Button>
    </>
  );
}

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
              <AccountActions inMenu={false} />
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
        slotProps={{ paper: { 'aria-label': t('nav.main'), sx: { width: 'min(320px, 86vw)', backgroundColor: brand.ink, backgroundImage: brand.heroGlow } } }}
      >
        <Box data-testid="mobile-menu" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Logo onClick={closeMenu} />
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
            <AccountActions inMenu onDone={closeMenu} />
          </Box>
        </Box>
      </Drawer>
    </ThemeProvider>
  );
}
