import { Refresh, TrendingDown, TrendingFlat, TrendingUp } from '@mui/icons-material';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { formatGrowth, formatRevenue, formatStatDay, growthPercent, type AffiliateProcessedStats, type PaymentType, type PerformanceCounts } from '@affilux/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, toastError, toastSuccess } from '../api/client';
import { usePageTitle } from '../layout/usePageTitle';
import { CompensationDialog, CompensationSummary, usePptInfo } from '../offers/Compensation';
import { useSession } from '../session/SessionProvider';
import { RevenueChart } from './RevenueChart';

const NO_COUNTS: PerformanceCounts = { click: 0, registered: 0, essay: 0, bill: 0, conversions: 0 };
const NOTHING = { earnings: '0.00' };
/** What the dashboard shows when the statistics cannot be loaded (spec: zeros and an empty 30-day series). */
const ZEROS = (paymentType: PaymentType): AffiliateProcessedStats => ({
  today: '',
  revenue: { today: NOTHING, yesterday: NOTHING, dayBeforeYesterday: NOTHING, month: NOTHING, previousMonth: NOTHING },
  performance: { today: NO_COUNTS, yesterday: NO_COUNTS, month: NO_COUNTS, previousMonth: NO_COUNTS },
  user: { payment_type: paymentType },
  charts: { last30Days: [] },
});

/** A tile: the figure, and an arrow with its change against the previous period (none when that period had nothing). */
function Tile({ label, value, current, previous, versus, testId }: { label: string; value: string; current: number; previous: number; versus: string; testId: string }) {
  const { t } = useTranslation('stats');
  const growth = growthPercent(current, previous);
  const [Icon, color] = growth === null || growth === 0 ? [TrendingFlat, 'text.secondary'] : growth > 0 ? [TrendingUp, 'success.main'] : [TrendingDown, 'error.main'];
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 800, my: 0.5 }} data-testid={`${testId}-value`}>{value}</Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, color }} data-testid={`${testId}-growth`}>
        <Icon fontSize="small" />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>{formatGrowth(growth)}</Typography>
        <Typography variant="body2" color="text.secondary">{growth === null ? t('dashboard.no_comparison') : versus}</Typography>
      </Stack>
    </Paper>
  );
}

/** /affiliate: today's, yesterday's and this month's revenue, the month's conversions, the last 30 days, and the compensation. */
export function DashboardPage() {
  const { t } = useTranslation('stats');
  usePageTitle(t('dashboard.title'));
  const { user } = useSession();
  const paymentType = user?.payment_type ?? 'ppt';
  const [stats, setStats] = useState<AffiliateProcessedStats | null>(null);
  const [loading, setLoading] = useState(true);
  const ppt = usePptInfo();
  const [compensationOpen, setCompensationOpen] = useState(false);

  const load = useCallback((announce: boolean) => {
    setLoading(true);
    return api<AffiliateProcessedStats>('/affiliate/stats/processed').then(
      (answer) => {
        setStats(answer);
        setLoading(false);
        if (announce) toastSuccess(t('dashboard.refreshed'));
      },
      (error: unknown) => {
        setStats(ZEROS(paymentType));
        setLoading(false);
        toastError(error, t('table.messages.loadError'));
      },
    );
  }, [paymentType, t]);
  useEffect(() => {
    void load(false);
  }, [load]);

  const refresh = () => {
    void load(true);
    ppt.reload();
  };
  const { revenue, performance } = stats ?? ZEROS(paymentType);
  const money = (earnings: string) => Number(earnings);

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>{t('dashboard.title')}</Typography>
          {stats?.today && <Typography color="text.secondary">{t('dashboard.intro', { day: formatStatDay(stats.today) })}</Typography>}
        </Box>
        <Button variant="outlined" startIcon={<Refresh />} onClick={refresh} disabled={loading} data-testid="dashboard-refresh">{t('dashboard.refresh')}</Button>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, mb: 3 }}>
        {stats === null ? (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={118} />)
        ) : (
          <>
            <Tile testId="tile-today" label={t('dashboard.today')} value={formatRevenue(revenue.today.earnings)} current={money(revenue.today.earnings)} previous={money(revenue.yesterday.earnings)} versus={t('dashboard.versus_today')} />
            <Tile testId="tile-yesterday" label={t('dashboard.yesterday')} value={formatRevenue(revenue.yesterday.earnings)} current={money(revenue.yesterday.earnings)} previous={money(revenue.dayBeforeYesterday.earnings)} versus={t('dashboard.versus_yesterday')} />
            <Tile testId="tile-month" label={t('dashboard.month')} value={formatRevenue(revenue.month.earnings)} current={money(revenue.month.earnings)} previous={money(revenue.previousMonth.earnings)} versus={t('dashboard.versus_month')} />
            <Tile testId="tile-conversions" label={t(`dashboard.conversions_${stats.user.payment_type}`)} value={String(performance.month.conversions)} current={performance.month.conversions} previous={performance.previousMonth.conversions} versus={t('dashboard.versus_month')} />
          </>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, borderRadius: 3, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('dashboard.chartTitle')}</Typography>
          {stats === null ? <Skeleton variant="rounded" height={300} /> : <RevenueChart points={stats.charts.last30Days} />}
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }} data-testid="dashboard-compensation">
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>{t('dashboard.compensationTitle')}</Typography>
          <CompensationSummary state={ppt} paymentType={paymentType} onDetails={() => setCompensationOpen(true)} />
        </Paper>
      </Box>
      {compensationOpen && ppt.info && <CompensationDialog info={ppt.info} paymentType={paymentType} onClose={() => setCompensationOpen(false)} />}
    </>
  );
}
