import RefreshIcon from '@mui/icons-material/Refresh';
import { formatStatDay } from '@affilux/contract';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { DashboardSummary } from './DashboardSummary';
import { OverviewCards } from './OverviewCards';
import { PendingApplications } from './PendingApplications';
import { RevenueCards } from './RevenueCards';
import { RevenueChart } from './RevenueChart';
import { TopAffiliates } from './TopAffiliates';
import { useDashboardStats } from './useDashboardStats';
import { Welcome } from './Welcome';

/** /admin: the network's affiliates, revenue, last 15 days and the month's top 10, with a refresh. */
export const Dashboard = () => {
  const translate = useTranslate();
  const { global, top, refresh, refreshing } = useDashboardStats();
  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 3 }} data-testid="dashboard">
      <Title title="app.dashboard.title" />
      <Welcome />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" data-testid="dashboard-as-of">
          {global?.today ? translate('app.statistics.as_of', { day: formatStatDay(global.today) }) : '\u00a0'}
        </Typography>
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => void refresh()} disabled={refreshing || global === null} data-testid="dashboard-refresh">
          {translate('app.statistics.refresh')}
        </Button>
      </Stack>
      {global === null ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <>
          <Typography variant="h6" component="h2">{translate('app.statistics.overview.title')}</Typography>
          <OverviewCards global={global} />
          <RevenueCards global={global} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
            <RevenueChart points={global.charts.last30Days} />
            <Box sx={{ display: 'grid', gap: 2 }}>
              <DashboardSummary global={global} />
              <PendingApplications />
            </Box>
          </Box>
        </>
      )}
      <TopAffiliates top={top} />
    </Box>
  );
};
