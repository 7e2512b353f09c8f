import { Alert, Card, CardContent, CircularProgress, Grid, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatAffiliateId, type User } from '../api/types';
import { useSession } from '../session/SessionProvider';
import { ManagerDetails } from './ManagerDetails';
import { useManager } from './useManager';

const PERSONAL_FIELDS = ['first_name', 'last_name', 'email', 'username', 'contact_method', 'country'] as const;

/** /affiliate/account: the personal information of the session's user and the manager card. */
export function AffiliateAccountPage() {
  const { t } = useTranslation('affiliate');
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('account.title')}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <PersonalInfoCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ManagerCard />
        </Grid>
      </Grid>
    </>
  );
}

function PersonalInfoCard({ user }: { user: User }) {
  const { t } = useTranslation(['affiliate', 'auth']);
  const display = (field: (typeof PERSONAL_FIELDS)[number]) =>
    field === 'country' ? t(`auth:countries.${user.country}`, { defaultValue: user.country ?? '' }) : (user[field] ?? '');
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, height: '100%' }} data-testid="account-personal-info">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('account.personalInfo')}
        </Typography>
        <Grid container spacing={2.5}>
          <InfoItem label={t('account.affiliateId')} value={formatAffiliateId(user.unique_id)} />
          {PERSONAL_FIELDS.map((field) => (
            <InfoItem key={field} label={t(`account.${field}`)} value={display(field)} />
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

function InfoItem({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{value || '-'}</Typography>
    </Grid>
  );
}

function ManagerCard() {
  const { t } = useTranslation('affiliate');
  const manager = useManager();
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, height: '100%' }} data-testid="account-manager">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('manager.title')}
        </Typography>
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
