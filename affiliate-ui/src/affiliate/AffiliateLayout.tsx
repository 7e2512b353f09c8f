import {
  AccountBalanceWalletOutlined,
  AccountCircleOutlined,
  BarChartOutlined,
  Close,
  DashboardOutlined,
  GroupAddOutlined,
  HomeOutlined,
  LocalOfferOutlined,
  Logout,
  Menu,
} from '@mui/icons-material';
import {
  AppBar,
  Box,
  Button,
  Container,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink, Outlet, useLocation } from 'react-router-dom';
import { formatAffiliateId, type User } from '../api/types';
import { useSession } from '../session/SessionProvider';
import { EmailVerificationModal } from './EmailVerificationModal';
import { FrozenScreen } from './FrozenScreen';

const NAV_ITEMS: { to: string; key: string; icon: ReactNode }[] = [
  { to: '/affiliate', key: 'dashboard', icon: <DashboardOutlined /> },
  { to: '/affiliate/offers', key: 'offers', icon: <LocalOfferOutlined /> },
  { to: '/affiliate/stats', key: 'stats', icon: <BarChartOutlined /> },
  { to: '/affiliate/referral', key: 'referral', icon: <GroupAddOutlined /> },
  { to: '/affiliate/payments', key: 'payments', icon: <AccountBalanceWalletOutlined /> },
  { to: '/affiliate/account', key: 'account', icon: <AccountCircleOutlined /> },
];

/** The spec's mobile breakpoint: below 768px the navigation moves into a drawer. */
const DRAWER_BELOW = 768;
/**
 * From here the six entries fit beside the brand, the user and the logout on one row (French is
 * the longest: about 1120px). Between 768px and this, the entries take a row of their own under the
 * brand, so none is ever clipped; that row wraps rather than overflow on an unexpectedly long label.
 */
const SINGLE_ROW_FROM = 1200;

/**
 * The affiliate area shell. A frozen account sees only the frozen screen; an unverified email gets
 * the blocking verification modal and no page content until it is verified.
 */
export function AffiliateLayout() {
  const { user } = useSession();
  // RequireRole only renders this layout for a signed-in affiliate.
  if (!user) return null;
  if (user.is_frozen) return <FrozenScreen user={user} />;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <TopBar user={user} />
      <Container maxWidth="lg" component="main" sx={{ py: { xs: 3, md: 5 } }}>
        {user.email_verified ? <Outlet /> : <EmailVerificationModal email={user.email} />}
      </Container>
    </Box>
  );
}

function UserBadge({ user }: { user: User }) {
  const { t } = useTranslation('affiliate');
  return (
    <Box
      sx={{ textAlign: 'right', lineHeight: 1.2, minWidth: 0, maxWidth: { xs: 150, sm: 240 } }}
      title={`${user.first_name} ${user.last_name}`}
      data-testid="affiliate-user"
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {user.first_name} {user.last_name}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {t('affiliateId', { id: formatAffiliateId(user.unique_id) })}
      </Typography>
    </Box>
  );
}

function NavEntries({ isActive }: { isActive: (to: string) => boolean }) {
  const { t } = useTranslation('affiliate');
  return NAV_ITEMS.map((item) => (
    <Button
      key={item.to}
      component={NavLink}
      to={item.to}
      end={item.to === '/affiliate'}
      color={isActive(item.to) ? 'primary' : 'inherit'}
      sx={{ fontWeight: isActive(item.to) ? 700 : 500, whiteSpace: 'nowrap', px: 1.25, flexShrink: 0 }}
      data-testid={`nav-${item.key}`}
    >
      {t(`nav.${item.key}`)}
    </Button>
  ));
}

function TopBar({ user }: { user: User }) {
  const { t } = useTranslation('affiliate');
  const { logout } = useSession();
  const withDrawer = !useMediaQuery(`(min-width:${DRAWER_BELOW}px)`, { noSsr: true });
  const singleRow = useMediaQuery(`(min-width:${SINGLE_ROW_FROM}px)`, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const isActive = (to: string) => (to === '/affiliate' ? pathname === to || pathname === `${to}/` : pathname.startsWith(to));

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {withDrawer && (
          <IconButton edge="start" onClick={() => setDrawerOpen(true)} aria-label={t('nav.openMenu')} data-testid="affiliate-menu">
            <Menu />
          </IconButton>
        )}
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{ fontWeight: 800, color: 'primary.main', textDecoration: 'none', mr: 1, flexShrink: 0 }}
          data-testid="affiliate-home"
        >
          {t('brand')}
        </Typography>
        {!withDrawer && singleRow ? (
          <Stack component="nav" aria-label={t('nav.main')} direction="row" spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }} data-testid="affiliate-nav">
            <NavEntries isActive={isActive} />
          </Stack>
        ) : (
          <Box sx={{ flexGrow: 1 }} />
        )}
        <UserBadge user={user} />
        {!withDrawer && (
          <IconButton onClick={logout} aria-label={t('nav.logout')} title={t('nav.logout')} data-testid="logout">
            <Logout />
          </IconButton>
        )}
      </Toolbar>
      {!withDrawer && !singleRow && (
        <Box
          component="nav"
          aria-label={t('nav.main')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: { xs: 2, sm: 3 }, pb: 1, mt: -0.5 }}
          data-testid="affiliate-nav"
        >
          <NavEntries isActive={isActive} />
        </Box>
      )}
      {withDrawer && (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { 'aria-label': t('nav.main'), sx: { width: 280, maxWidth: '85vw' } } }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
            <Typography variant="h6" sx={{ fontWeight: 800, color: 'primary.main' }}>
              {t('brand')}
            </Typography>
            <IconButton onClick={() => setDrawerOpen(false)} aria-label={t('nav.closeMenu')}>
              <Close />
            </IconButton>
          </Stack>
          <Divider />
          <List component="nav" aria-label={t('nav.main')} onClick={() => setDrawerOpen(false)} data-testid="affiliate-drawer">
            {NAV_ITEMS.map((item) => (
              <ListItemButton key={item.to} component={NavLink} to={item.to} end={item.to === '/affiliate'} selected={isActive(item.to)} data-testid={`nav-${item.key}`}>
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={t(`nav.${item.key}`)} />
              </ListItemButton>
            ))}
            <Divider sx={{ my: 1 }} />
            <ListItemButton component={RouterLink} to="/">
              <ListItemIcon>
                <HomeOutlined />
              </ListItemIcon>
              <ListItemText primary={t('nav.home')} />
            </ListItemButton>
            <ListItemButton onClick={logout} data-testid="logout">
              <ListItemIcon>
                <Logout />
              </ListItemIcon>
              <ListItemText primary={t('nav.logout')} />
            </ListItemButton>
          </List>
        </Drawer>
      )}
    </AppBar>
  );
}
