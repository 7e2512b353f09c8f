import { Box, Drawer, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { NavLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { brand } from '../theme';
import { Logo } from './Logo';
import { useNavigationLinks } from './navigation';

/** The slide-in menu of small screens; choosing an entry closes it. */
export const MobileNavigation = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const links = useNavigationLinks();
  const translate = useTranslate();
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': translate('app.menu.main') } }}>
      <Box sx={{ width: 280, height: '100%', bgcolor: 'background.paper' }}>
        <Box sx={{ px: 2, py: 1.5, bgcolor: brand.ink, color: '#fff' }}>
          <Logo />
        </Box>
        <List component="nav" aria-label={translate('app.menu.main')}>
          {links.map(({ to, label, icon: Icon, end }) => (
            <ListItemButton
              key={to}
              component={NavLink}
              to={to}
              end={end}
              onClick={onClose}
              sx={{
                mx: 1,
                borderRadius: 2,
                '&.active': { bgcolor: 'action.selected', color: 'primary.main' },
                '&.active .MuiListItemIcon-root': { color: 'primary.main' },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
};
