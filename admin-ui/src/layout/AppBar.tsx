import MenuIcon from '@mui/icons-material/Menu';
import { Box, IconButton, AppBar as MuiAppBar, Toolbar, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { LoadingIndicator, useTranslate } from 'react-admin';
import { brand } from '../theme';
import { AccountMenu } from './AccountMenu';
import { HeaderNavigation } from './HeaderNavigation';
import { Logo } from './Logo';
import { MobileNavigation } from './MobileNavigation';

export const APP_BAR_HEIGHT = 64;

/** Header navigation on large screens; below that, a menu button opens the slide-in navigation. */
export const AppBar = () => {
  const translate = useTranslate();
  const isLarge = useMediaQuery<Theme>((theme) => theme.breakpoints.up('lg'));
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);

  return (
    <MuiAppBar position="fixed" elevation={0} sx={{ bgcolor: brand.ink, color: '#fff' }}>
      <Toolbar sx={{ minHeight: APP_BAR_HEIGHT, '@media (min-width: 0px)': { minHeight: APP_BAR_HEIGHT }, gap: 1, px: { xs: 1, sm: 2 } }}>
        {!isLarge && (
          <IconButton color="inherit" edge="start" aria-label={translate('app.menu.open')} onClick={() => setMobileMenuOpen(true)}>
            <MenuIcon />
          </IconButton>
        )}
        <Logo />
        {isLarge && <HeaderNavigation />}
        <Box sx={{ flex: 1 }} />
        <LoadingIndicator />
        <AccountMenu />
      </Toolbar>
      {!isLarge && <MobileNavigation open={mobileMenuOpen} onClose={() => setMobileMenuOpen(false)} />}
    </MuiAppBar>
  );
};
