import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { PendingApplications } from './PendingApplications';
import { StatisticsEmptyState } from './StatisticsEmptyState';
import { Welcome } from './Welcome';

export const Dashboard = () => (
  <Box sx={{ display: 'grid', gap: 2, pb: 3 }}>
    <Title title="app.dashboard.title" />
    <Welcome />
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, alignItems: 'start' }}>
      <PendingApplications />
      <StatisticsEmptyState />
    </Box>
  </Box>
);
