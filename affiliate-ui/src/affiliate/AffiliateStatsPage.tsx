import { BarChartOutlined } from '@mui/icons-material';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatAffiliateId } from '../api/types';
import { useSession } from '../session/SessionProvider';
import { EmptySection } from './EmptySection';

/** The statistics page shows whose statistics these are: the affiliate ID. */
export function AffiliateStatsPage() {
  const { t } = useTranslation('affiliate');
  const { user } = useSession();
  return (
    <EmptySection section="stats" icon={<BarChartOutlined />}>
      <Chip label={t('affiliateId', { id: formatAffiliateId(user?.unique_id) })} sx={{ mb: 3 }} data-testid="stats-affiliate-id" />
    </EmptySection>
  );
}
