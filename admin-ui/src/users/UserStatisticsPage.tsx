import EuroIcon from '@mui/icons-material/Euro';
import PersonIcon from '@mui/icons-material/Person';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { formatCount, formatRevenue, type StatsTableAnswer, type UserStatistics } from '@affilux/contract';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { HttpError, Title, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RevenueChart } from '../dashboard/RevenueChart';
import { formatAffiliateId, useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { StatisticsTable } from '../statistics/StatisticsTable';
import { useStatsApi } from '../statistics/statsApi';
import { useDateTime } from './formatters';
import { Field, Fields, Section } from './Section';
import { FrozenChip } from './UserChips';
import { UserNotFound, UserPageLinks } from './UserDetailPage';

const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/**
 * /admin/users/:id/statistics: back to the list and to the settings, the profile with the
 * membership date, performance, revenue and activity, the last 30 days and the statistics table;
 * 'Utilisateur non trouvé' (with a way back) for an unknown user.
 */
export const UserStatisticsPage = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const { getUserStatistics, getUserRows } = useStatsApi();
  const statistics = useQuery({ queryKey: ['users', id, 'statistics'], queryFn: () => getUserStatistics(id), retry: (count, error) => !isNotFound(error) && count < 1 });
  const loadRows = useCallback((query: string): Promise<StatsTableAnswer> => getUserRows(id, query), [getUserRows, id]);
  useEffect(() => {
    if (!statistics.isError) return;
    notify(isNotFound(statistics.error) ? translate('app.users.not_found.title') : (serverMessage(statistics.error) ?? translate('app.statistics.load_error')), { type: 'error' });
  }, [statistics.isError, statistics.error, notify, translate]);

  if (statistics.isPending) return <LinearProgress sx={{ mt: 4 }} />;
  if (statistics.isError && isNotFound(statistics.error)) return <UserNotFound />;
  return (
    // A grid whose items may shrink (minWidth 0): the table scrolls inside its card instead of widening the page.
    <Box sx={{ display: 'grid', gap: 2, pb: 3, '& > *': { minWidth: 0 } }} data-testid="user-statistics">
      <Title title="app.users.statistics.title" />
      <UserPageLinks userId={id} to="settings" />
      {statistics.data ? (
        <UserFigures data={statistics.data} />
      ) : (
        <Alert severity="error" action={<Button onClick={() => statistics.refetch()}>{translate('ra.action.refresh')}</Button>}>{translate('app.statistics.load_error')}</Alert>
      )}
      <StatisticsTable load={loadRows} />
    </Box>
  );
};

const UserFigures = ({ data }: { data: UserStatistics }) => {
  const translate = useTranslate();
  const { date } = useFormatters();
  const dateTime = useDateTime();
  const label = (key: string, options?: object) => translate(`app.statistics.user.${key}`, options);
  const { user, performance, revenue, activity } = data;
  const active = activity.status === 'active';
  return (
    <>
      <Card data-testid="user-profile">
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 52, height: 52 }}>{(user.first_name[0] ?? '') + (user.last_name[0] ?? '')}</Avatar>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h1">{user.first_name} {user.last_name}</Typography>
              {user.unique_id !== null && <Chip size="small" label={`#${formatAffiliateId(user.unique_id)}`} sx={{ fontFamily: 'monospace' }} />}
              {user.is_frozen && <FrozenChip />}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{user.email}</Typography>
            <Typography variant="body2" color="text.secondary" data-testid="member-since">{label('member_since', { date: date(user.created_at) })}</Typography>
          </Box>
          <Chip label={translate(`app.payment_types.${user.payment_type}`)} color="secondary" variant="outlined" />
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <Section title={label('performance')} icon={<PersonIcon />} testId="user-performance">
          <Fields>
            <Field label={label('registrations_today')} testId="user-registrations-today">{formatCount(performance.today.registered)}</Field>
            <Field label={label('registrations_month')} testId="user-registrations-month">{formatCount(performance.month.registered)}</Field>
            <Field label={label(`conversions_month_${user.payment_type}`)} testId="user-conversions-month">{formatCount(performance.month.conversions)}</Field>
          </Fields>
        </Section>
        <Section title={label('revenue')} icon={<EuroIcon />} testId="user-revenue">
          <Fields>
            <Field label={label('today')} testId="user-revenue-today">{formatRevenue(revenue.today.earnings)}</Field>
            <Field label={label('yesterday')}>{formatRevenue(revenue.yesterday.earnings)}</Field>
            <Field label={label('month')} testId="user-revenue-month">{formatRevenue(revenue.month.earnings)}</Field>
            <Field label={label('total')} testId="user-revenue-total">{formatRevenue(revenue.total.earnings)}</Field>
          </Fields>
        </Section>
        <Section title={label('activity')} icon={<ScheduleIcon />} testId="user-activity">
          <Fields>
            <Field label={label('last_connection')} testId="user-last-connection">{activity.lastConnection ? dateTime(activity.lastConnection) : translate('app.users.never_connected')}</Field>
            <Field label={label('status')}>
              <Chip size="small" color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} label={label(activity.status)} data-testid="user-status" />
            </Field>
            <Field label={label('days_of_activity')} testId="user-active-days">{formatCount(activity.totalDays)}</Field>
          </Fields>
        </Section>
      </Box>
      <RevenueChart points={data.charts.last30Days} title={label('chart')} last={30} />
    </>
  );
};
