import GroupIcon from '@mui/icons-material/Group';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ReceiptIcon from '@mui/icons-material/Receipt';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { formatCount, sharePercent, type GlobalStats } from '@affilux/contract';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ShareArrow } from './ShareArrow';
import { CardGrid, StatCard } from './StatCard';

/** Affiliate overview: active affiliates this month (with the share arrow), total affiliates, conversions and bills this month. */
export const OverviewCards = ({ global }: { global: GlobalStats }) => {
  const translate = useTranslate();
  const { overview, performance } = global;
  const share = sharePercent(overview.activeAffiliates, overview.totalAffiliates);
  const hint = (text: string) => <Typography variant="body2" color="text.secondary">{text}</Typography>;
  return (
    <CardGrid>
      <StatCard testId="overview-active" icon={<HowToRegIcon />} label={translate('app.statistics.overview.active')} value={overview.activeAffiliates}>
        <ShareArrow
          percent={share}
          label={share === null ? translate('app.statistics.overview.no_affiliates') : translate('app.statistics.overview.active_hint', { share: `${share.toLocaleString('fr-FR')}\u00a0%` })}
          testId="overview-active-share"
        />
      </StatCard>
      <StatCard testId="overview-total" icon={<GroupIcon />} label={translate('app.statistics.overview.total')} value={overview.totalAffiliates}>
        {hint(translate('app.statistics.overview.total_hint', { smart_count: overview.newAffiliatesThisMonth, count: formatCount(overview.newAffiliatesThisMonth) }))}
      </StatCard>
      <StatCard testId="overview-conversions" icon={<TaskAltIcon />} label={translate('app.statistics.overview.conversions')} value={overview.conversionsThisMonth}>
        {hint(translate('app.statistics.overview.conversions_hint'))}
      </StatCard>
      <StatCard testId="overview-bills" icon={<ReceiptIcon />} label={translate('app.statistics.overview.bills')} value={performance.month.bill}>
        {hint(translate('app.statistics.overview.bills_hint', { smart_count: overview.totalEssays, count: formatCount(overview.totalEssays) }))}
      </StatCard>
    </CardGrid>
  );
};
