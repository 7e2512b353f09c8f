import { Box, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { portalUrls } from '../session/session';
import { brand } from '../theme';

/** Links to the portal's home page, another app: a plain anchor, so a full page load. */
export const Logo = () => {
  const translate = useTranslate();
  return (
    <Link
      href={portalUrls.home()}
      underline="none"
      color="inherit"
      data-testid="logo"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexShrink: 0 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: '10px',
          backgroundImage: brand.gradient,
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 18,
        }}
      >
        A
      </Box>
      <Box component="span" sx={{ fontWeight: 800, fontSize: 20, letterSpacing: '-0.03em' }}>
        {translate('app.brand')}
      </Box>
    </Link>
  );
};
