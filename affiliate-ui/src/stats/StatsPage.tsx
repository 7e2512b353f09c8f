import { Chip, Stack, Typography } from '@mui/material';
import { formatAffiliateId } from '@affilux/contract';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../layout/usePageTitle';
import { useSession } from '../session/SessionProvider';
import { NoUniqueId, StatisticsTable } from './StatisticsTable';

/** /affiliate/stats: whose statistics these are (the affiliate ID) and the statistics table. */
export function StatsPage() {
  const { t } = useTranslation('stats');
  usePageTitle(t('page.title'));
  const { user } = useSession();
  const uniqueId = user?.unique_id ?? null;
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>{t('page.title')}</Typography>
        {uniqueId !== null && <Chip label={`ID ${formatAffiliateId(uniqueId)}`} color="primary" variant="outlined" data-testid="stats-affiliate-id" />}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{t('page.intro')}</Typography>
      {uniqueId === null ? <NoUniqueId /> : <StatisticsTable path="/affiliate/stats/rows" />}
    </>
  );
}
