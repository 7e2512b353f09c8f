import { InsightsOutlined } from '@mui/icons-material';
import { EmptySection } from './EmptySection';

export function AffiliateDashboardPage() {
  return <EmptySection section="dashboard" icon={<InsightsOutlined />} />;
}
