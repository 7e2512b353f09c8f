import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EuroIcon from '@mui/icons-material/Euro';
import HistoryIcon from '@mui/icons-material/History';
import TodayIcon from '@mui/icons-material/Today';
import { formatRevenue, growthPercent, type GlobalStats } from '@affilux/contract';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GrowthLabel } from './ShareArrow';
import { CardGrid, StatCard } from './StatCard';

/** The network's revenue: today (with its change against yesterday), yesterday, the month, and since the start. */
export const RevenueCards = ({ global }: { global: GlobalStats }) => {
  const translate = useTranslate();
  const { revenue } = global;
  const growth = growthPercent(Number(revenue.today), Number(revenue.yesterday));
  return (
    <>
      <Typography variant="h6" component="h2">{translate('app.statistics.revenue.title')}</Typography>
      <CardGrid>
        <StatCard testId="revenue-today" icon={<TodayIcon />} label={translate('app.statistics.revenue.today')} value={formatRevenue(revenue.today)}>
          <GrowthLabel percent={growth} versus={translate(growth === null ? 'app.statistics.revenue.no_comparison' : 'app.statistics.revenue.versus_yesterday')} testId="revenue-today-growth" />
        </StatCard>
        <StatCard testId="revenue-yesterday" icon={<HistoryIcon />} label={translate('app.statistics.revenue.yesterday')} value={formatRevenue(revenue.yesterday)} />
        <StatCard testId="revenue-month" icon={<CalendarMonthIcon />} label={translate('app.statistics.revenue.month')} value={formatRevenue(revenue.month)} />
        <StatCard testId="revenue-total" icon={<EuroIcon />} label={translate('app.statistics.revenue.total')} value={formatRevenue(revenue.total)} />
      </CardGrid>
    </>
  );
};
