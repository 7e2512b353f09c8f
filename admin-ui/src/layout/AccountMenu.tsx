import CheckIcon from '@mui/icons-material/Check';
import type { Role } from '@affilux/contract';
import {
  Avatar,
  Box,
  ButtonBase,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Logout, useGetIdentity, useLocaleState, useLocales, usePermissions, useTranslate } from 'react-admin';
import { brand } from '../theme';

/** The signed-in admin or auditor (initial, first and last name, role), with the language switch and logout. */
export const AccountMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { permissions } = usePermissions<Role>();
  const roleLabel = permissions ? translate(`app.role.${permissions}`) : '';
  const fullName = identity?.fullName ?? '';
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        data-testid="account-menu"
        sx={{ gap: 1.25, px: 1, py: 0.5, borderRadius: 2, textAlign: 'left', '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' } }}
      >
        {/* Named by what it shows (the name and role), as voice control reads it; the initial is decoration. */}
        <Avatar aria-hidden sx={{ width: 34, height: 34, fontSize: 16, fontWeight: 700, backgroundImage: brand.gradient }}>
          {fullName.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }}>
          <Typography variant="body2" sx={{ fontWeight: 700, color: '#fff' }} noWrap>
            {fullName}
          </Typography>
          <Typography variant="caption" sx={{ color: 'rgba(255, 255, 255, 0.64)', textTransform: 'lowercase' }}>
            {roleLabel}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5, display: { sm: 'none' } }}>
          <Typography variant="subtitle2">{fullName}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'lowercase' }}>
            {roleLabel}
          </Typography>
        </Box>
        <ListSubheader sx={{ lineHeight: 2.5 }}>{translate('app.user_menu.language')}</ListSubheader>
        {locales.map((option) => (
          <MenuItem
            key={option.locale}
            selected={option.locale === locale}
            onClick={() => {
              setLocale(option.locale);
              close();
            }}
          >
            <ListItemIcon>{option.locale === locale ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{option.name}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <Logout />
      </Menu>
    </>
  );
};
