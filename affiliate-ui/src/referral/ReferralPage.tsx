import { CheckOutlined, ContentCopyOutlined, GroupsOutlined, PercentOutlined, RefreshOutlined, SavingsOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { formatEuros, formatPercent } from '@affilux/contract';
import { useCallback, useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, toastError, toastSuccess } from '../api/client';
import { SummaryCard } from '../affiliate/SummaryCard';
import { usePageTitle } from '../layout/usePageTitle';
import { useCopy } from '../offers/useCopy';
import { useSession } from '../session/SessionProvider';
import { referralLink } from './referralLink';

/** GET /affiliate/account/referral-stats (commissionRate in percent). */
export type ReferralStats = { referredCount: number; unpaidBalance: string; commissionRate: number };

function useReferralStats() {
  const { t } = useTranslation('referral');
  const [stats, setStats] = useState<ReferralStats | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setStats(await api<ReferralStats>('/affiliate/account/referral-stats'));
      setFailed(false);
    } catch (error) {
      toastError(error, t('loadError'));
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);
  return { stats, failed, loading, reload: load };
}

function StatCard({ icon, title, hint, value, testId }: { icon: ReactNode; title: string; hint?: string; value: ReactNode; testId: string }) {
  return (
    <SummaryCard icon={icon} title={title} testId={`${testId}-card`}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value ?? <Skeleton width={90} />}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </SummaryCard>
  );
}

/** /affiliate/referral: the referral link with copy, a refresh, three cards and the three steps. */
export function ReferralPage() {
  const { t, i18n } = useTranslation('referral');
  usePageTitle(t('title'));
  const { user } = useSession();
  const { stats, failed, loading, reload } = useReferralStats();
  const { copied, copy } = useCopy();
  if (!user || user.unique_id === null) return null;
  const link = referralLink(window.location.origin, user.unique_id);
  const language = i18n.resolvedLanguage ?? 'fr';
  const rate = stats ? formatPercent(stats.commissionRate) : null;

  const copyLink = async () => {
    if (await copy(link)) toastSuccess(t('link.toast'));
  };

  const steps = [
    { title: t('how.step1Title'), text: t('how.step1') },
    { title: t('how.step2Title'), text: t('how.step2') },
    { title: t('how.step3Title'), text: t('how.step3', { rate: rate ?? '…' }) },
  ];

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <Button variant="outlined" startIcon={<RefreshOutlined />} onClick={() => void reload()} disabled={loading} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} data-testid="referral-refresh">
          {t('refresh')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t('intro')}
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('link.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            fullWidth
            value={link}
            label={t('link.label')}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'referral-link', onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select() } }}
            sx={{ '& input': { fontFamily: 'monospace' } }}
          />
          <Button
            variant="contained"
            color={copied ? 'success' : 'primary'}
            startIcon={copied ? <CheckOutlined /> : <ContentCopyOutlined />}
            onClick={() => void copyLink()}
            sx={{ flexShrink: 0, minWidth: 170 }}
            data-testid="referral-copy"
          >
            {copied ? t('link.copied') : t('link.copy')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('link.hint')}
        </Typography>
      </Paper>

      {failed && (
        <Alert severity="error" sx={{ mb: 3 }} action={<Button color="inherit" size="small" onClick={() => void reload()}>{t('refresh')}</Button>}>
          {t('loadError')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 4 }}>
        <StatCard icon={<GroupsOutlined />} title={t('cards.referred')} hint={t('cards.referredHint')} value={stats?.referredCount} testId="referral-count" />
        <StatCard icon={<SavingsOutlined />} title={t('cards.unpaid')} hint={t('cards.unpaidHint')} value={stats && formatEuros(stats.unpaidBalance)} testId="referral-unpaid" />
        <StatCard icon={<PercentOutlined />} title={t('cards.rate')} hint={t('cards.rateHint')} value={rate} testId="referral-rate" />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('how.title')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }} data-testid="referral-steps">
        {steps.map((step, index) => (
          <Paper component="li" key={step.title} variant="outlined" sx={{ p: 2.5, borderRadius: 3, display: 'flex', gap: 2 }}>
            <Box
              aria-hidden
              sx={{ width: 36, height: 36, borderRadius: '50%', flexShrink: 0, display: 'grid', placeItems: 'center', fontWeight: 800, color: 'primary.contrastText', bgcolor: 'primary.main' }}
            >
              {index + 1}
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{step.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {step.text}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Box>
    </>
  );
}
