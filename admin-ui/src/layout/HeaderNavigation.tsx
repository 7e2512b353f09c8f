import { Box, Button } from '@mui/material';
import { NavLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useNavigationLinks } from './navigation';

/** Desktop navigation, inline in the header. */
export const HeaderNavigation = () => {
  const links = useNavigationLinks();
  const translate = useTranslate();
  return (
    <Box component="nav" aria-label={translate('app.menu.main')} sx={{ display: 'flex', gap: 0.25, ml: 2 }}>
      {links.map(({ to, label, end }) => (
        <Button
          key={to}
          component={NavLink}
          to={to}
          end={end}
          color="inherit"
          size="small"
          sx={{
            px: 1,
            whiteSpace: 'nowrap',
            color: 'rgba(255, 255, 255, 0.72)',
            '&:hover': { color: '#fff', backgroundColor: 'rgba(255, 255, 255, 0.08)' },
            '&.active': { color: '#fff', backgroundColor: 'rgba(255, 255, 255, 0.14)' },
          }}
        >
          {label}
        </Button>
      ))}
    </Box>
  );
};
