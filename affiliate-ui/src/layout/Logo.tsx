import { Box } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../theme';

/** The brand, linking home; `onClick` lets a menu close itself when it is followed. */
export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onClick}
      data-testid="logo"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none' }}
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
          color: '#fff',
          fontWeight: 800,
          fontSize: 18,
          boxShadow: '0 6px 18px rgba(232, 20, 95, 0.35)',
        }}
      >
        A
      </Box>
      <Box component="span" sx={{ fontWeight: 800, fontSize: 21, letterSpacing: '-0.03em' }}>
        Affilux
      </Box>
    </Box>
  );
}
