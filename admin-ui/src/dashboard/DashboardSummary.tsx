import { formatCount, sharePercent, type GlobalStats } from '@affilux/contract';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ShareArrow } from './ShareArrow';

/** The summary: registrations today, conversions this month, and the activity rate (active affiliates of all). */
export const DashboardSummary = ({ global }: { global: GlobalStats }) => {
  const translate = useTranslate();
  const rate = sharePercent(global.overview.activeAffiliates, global.overview.totalAffiliates);
  const line = (label: string, value: ReactNode, testId: string) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Box sx={{ fontWeight: 700 }} data-testid={testId}>{typeof value === 'number' ? formatCount(value) : value}</Box>
    </Stack>
  );
  return (
    <Card data-testid="dashboard-summary">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>{translate('app.statistics.summary.title')}</Typography>
        <Stack spacing={1.25}>
          {line(translate('app.statistics.summary.registrations_today'), global.performance.today.registered, 'summary-registrations')}
          {line(translate('app.statistics.summary.conversions_month'), global.overview.conversionsThisMonth, 'summary-conversions')}
          {line(translate('app.statistics.summary.activity_rate'), <ShareArrow percent={rate} label={rate === null ? '—' : `${rate.toLocaleString('fr-FR')}\u00a0%`} testId="summary-activity" />, 'summary-activity-rate')}
        </Stack>
      </CardContent>
    </Card>
  );
};
