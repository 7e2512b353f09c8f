import { Box, Typography } from '@mui/material';
import { formatAxisEuros, formatCount, formatRevenue, formatStatDay, type AffiliateChartPoint } from '@affilux/contract';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { brand } from '../theme';

/** The dashboard's 30 days: revenue as bars (left axis, EUR), registrations as a line (right axis). */
export function RevenueChart({ points }: { points: AffiliateChartPoint[] }) {
  const { t } = useTranslation('stats');
  const data = points.map((p) => ({ date: p.date, revenue: Number(p.revenue), registered: p.registered }));
  if (!data.length) {
    return <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="chart-empty">{t('dashboard.chartEmpty')}</Typography>;
  }
  const revenueLabel = t('dashboard.chartRevenue');
  const registrationsLabel = t('dashboard.chartRegistrations');
  return (
    <Box sx={{ width: '100%', height: 300, overflow: 'hidden' }} data-testid="dashboard-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(day: string) => formatStatDay(day).slice(0, 5)} tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis yAxisId="revenue" tick={{ fontSize: 12 }} tickFormatter={formatAxisEuros} width={64} />
          <YAxis yAxisId="registered" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={44} tickFormatter={formatCount} />
          <Tooltip
            labelFormatter={(day) => formatStatDay(String(day))}
            formatter={(value, name) => (name === revenueLabel ? formatRevenue(Number(value)) : formatCount(Number(value)))}
          />
          <Legend />
          <Bar yAxisId="revenue" dataKey="revenue" name={revenueLabel} fill={brand.pinkOnLight} radius={[4, 4, 0, 0]} maxBarSize={22} />
          <Line yAxisId="registered" type="monotone" dataKey="registered" name={registrationsLabel} stroke="#7c3aed" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}
