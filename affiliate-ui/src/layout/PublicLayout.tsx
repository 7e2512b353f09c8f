import { Box } from '@mui/material';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

export function PublicLayout() {
  const { pathname } = useLocation();
  // A client-side navigation keeps the scroll position; a new page should start at its top.
  // A block body: an effect returns nothing but a cleanup, and scrollTo returns a Promise in recent
  // Chromium, which React would later call as a cleanup ("l is not a function", a white page).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <PublicHeader />
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}
