import { formatAxisEuros, formatCount, formatRevenue, formatStatDay } from '@affilux/contract';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { brand } from '../theme';

/** The spec shows the last 15 points of the 30-day series. */
const POINTS = 15;

type Point = { date: string; revenue: string; registered: number };

/**
 * Revenue as bars and registrations as a line, with tooltips, or the empty-data message: the
 * dashboard's last 15 days of the network (the default), or every point given (a user's 30 days).
 */
export const RevenueChart = ({ points, title, last = POINTS }: { points: Point[]; title?: string; last?: number }) => {
  const translate = useTranslate();
  const data = points.slice(-last).map((point) => ({ date: point.date, registered: point.registered, revenue: Number(point.revenue) }));
  const empty = data.every((point) => point.revenue === 0 && point.registered === 0);
  const revenue = translate('app.statistics.chart.revenue');
  return (
    <Card sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{title ?? translate('app.statistics.chart.title')}</Typography>
        {empty ? (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }} data-testid="chart-empty">{translate('app.statistics.chart.empty')}</Typography>
        ) : (
          <Box sx={{ height: 280, overflow: 'hidden' }} data-testid="dashboard-chart">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -4 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" tickFormatter={(day: string) => formatStatDay(day).slice(0, 5)} tick={{ fontSize: 12 }} />
                <YAxis yAxisId="eur" tick={{ fontSize: 12 }} width={60} tickFormatter={formatAxisEuros} />
                <YAxis yAxisId="count" orientation="right" tick={{ fontSize: 12 }} width={44} allowDecimals={false} tickFormatter={formatCount} />
                <Tooltip labelFormatter={(day) => formatStatDay(String(day))} formatter={(value, name) => (name === revenue ? formatRevenue(Number(value)) : formatCount(Number(value)))} />
                <Legend />
                <Bar yAxisId="eur" dataKey="revenue" name={revenue} fill={brand.pinkOnLight} radius={[4, 4, 0, 0]} />
                <Line yAxisId="count" dataKey="registered" name={translate('app.statistics.chart.registrations')} stroke="#7c3aed" strokeWidth={2} type="monotone" />
              </ComposedChart>
            </ResponsiveContainer>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
