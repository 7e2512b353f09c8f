import { AcUnit, EmailOutlined } from '@mui/icons-material';
import { Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatAffiliateId, type User } from '../api/types';
import { SUPPORT_EMAIL } from '../layout/ContactDetails';
import { usePageTitle } from '../layout/usePageTitle';
import { useSession } from '../session/SessionProvider';
import { ManagerDetails } from './ManagerDetails';
import { useManager } from './useManager';

/** Everything a frozen affiliate sees: who they are, and whom to contact (their manager, else support). */
export function FrozenScreen({ user }: { user: User }) {
  const { t } = useTranslation('affiliate');
  const { logout } = useSession();
  const manager = useManager(true);
  usePageTitle(t('frozen.title'));

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, py: 4, bgcolor: 'grey.100' }}>
      <Paper elevation={0} sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', borderRadius: 3, border: 1, borderColor: 'divider' }} data-testid="frozen-screen">
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <AcUnit color="info" sx={{ fontSize: 44 }} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t('frozen.title')}
            </Typography>
          </Stack>
          <Typography color="text.secondary">{t('frozen.explanation')}</Typography>
          <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
            <Typography variant="overline" color="text.secondary">
              {t('frozen.account')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {user.first_name} {user.last_name}
            </Typography>
            <Typography color="text.secondary">{t('affiliateId', { id: formatAffiliateId(user.unique_id) })}</Typography>
          </Box>
          <Box>
            <Typography sx={{ mb: 1.5 }}>{t('frozen.whatToDo')}</Typography>
            {manager.status === 'loading' ? (
              <CircularProgress size={24} />
            ) : manager.status === 'loaded' && manager.hasManager && manager.manager ? (
              <>
                <Typography variant="overline" color="text.secondary">
                  {t('frozen.yourManager')}
                </Typography>
                <ManagerDetails manager={manager.manager} />
              </>
            ) : (
              <>
                <Typography variant="overline" color="text.secondary">
                  {t('frozen.support')}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <EmailOutlined fontSize="small" color="action" />
                  <Link href={`mailto:${SUPPORT_EMAIL}`} data-testid="frozen-support-mail">
                    {SUPPORT_EMAIL}
                  </Link>
                </Stack>
              </>
            )}
          </Box>
          <Button variant="contained" onClick={logout} data-testid="logout" sx={{ alignSelf: 'flex-start' }}>
            {t('nav.logout')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
