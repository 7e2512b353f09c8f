import { SupportAgentOutlined } from '@mui/icons-material';
import { Alert, Card, CardContent, CircularProgress, Grid, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';
import { useSession } from '../session/SessionProvider';
import { PasswordCard } from './account/PasswordCard';
import { PaymentMethodCard } from './account/PaymentMethodCard';
import { PersonalInfoCard } from './account/PersonalInfoCard';
import { ManagerDetails } from './ManagerDetails';
import { useManager } from './useManager';

/**
 * /affiliate/account (spec: Affiliate account): personal information with its editing mode and the
 * change-email flow, the password change, the manager card and the payment method card.
 */
export function AffiliateAccountPage() {
  const { t } = useTranslation('affiliate');
  const { user } = useSession();
  usePageTitle(t('account.title'));
  if (!user) return null;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('account.title')}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <PersonalInfoCard user={user} />
            <PasswordCard />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <ManagerCard />
            <PaymentMethodCard />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}

function ManagerCard() {
  const { t } = useTranslation('affiliate');
  const manager = useManager();
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="account-manager">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <SupportAgentOutlined color="action" />
          <Typography variant="h6" component="h2">
            {t('manager.title')}
          </Typography>
        </Stack>
        {manager.status === 'loading' && <CircularProgress size={24} />}
        {manager.status === 'failed' && <Typography color="text.secondary">{t('manager.unavailable')}</Typography>}
        {manager.status === 'loaded' &&
          (manager.hasManager && manager.manager ? (
            <ManagerDetails manager={manager.manager} />
          ) : (
            <Alert severity="info" data-testid="account-no-manager">
              {t('manager.none')}{' '}
              <Link component={RouterLink} to="/contact">
                {t('manager.contactLink')}
              </Link>
            </Alert>
          ))}
      </CardContent>
    </Card>
  );
}
