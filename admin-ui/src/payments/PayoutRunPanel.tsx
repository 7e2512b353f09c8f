import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PreviewIcon from '@mui/icons-material/Preview';
import { formatAffiliateId, formatEuros, type PayoutPreviewRow } from '@affilux/contract';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { PAYMENTS_QUERY, usePaymentCalls } from './api';
import type { PaymentAction } from './usePaymentAction';
import { lastClosedWeek, weekDays } from './weeks';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

const PreviewList = ({ rows, empty, testId, amountOf }: { rows: PayoutPreviewRow[]; empty: string; testId: string; amountOf: (row: PayoutPreviewRow) => ReactNode }) => (
  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
    {rows.length === 0 && (
      <Typography component="li" variant="body2" color="text.secondary">
        {empty}
      </Typography>
    )}
    {rows.map((row) => (
      <Stack component="li" key={row.user_id} direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 0.5, py: 0.75, borderBottom: 1, borderColor: 'divider' }} data-testid={`${testId}-${row.unique_id}`}>
        <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {row.first_name} {row.last_name}{' '}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            #{formatAffiliateId(row.unique_id)}
          </Typography>
        </Typography>
        {amountOf(row)}
      </Stack>
    ))}
  </Box>
);

/**
 * The run of a closed week: its preview (who would be paid how much, who carries over and why;
 * nothing recorded) and, for an admin, launching it after a confirmation.
 */
export const PayoutRunPanel = ({ canWrite, action }: { canWrite: boolean; action: PaymentAction }) => {
  const translate = useTranslate();
  const format = useFormatters();
  const calls = usePaymentCalls();
  const [text, setText] = useState(() => lastClosedWeek(new Date()));
  const [week, setWeek] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const days = weekDays(text);
  const preview = useQuery({ queryKey: [PAYMENTS_QUERY, 'preview', week], queryFn: () => calls.getPreview(week!), enabled: week !== null, retry: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!days) return;
    if (week === text.trim()) void preview.refetch();
    else setWeek(text.trim());
  };

  const run = async () => {
    if (!week) return;
    await action.run(() => calls.run(week), {
      success: (result) => translate('app.payments.run.done', { week, smart_count: result.issued, total: formatEuros(result.issuedTotal), carried: result.carriedOver }),
      error: translate('app.payments.run.error'),
    });
    setConfirming(false);
  };

  const data = preview.data;
  const shownWeek = week === text.trim() ? week : null;
  return (
    <Card sx={{ mb: 2 }} data-testid="payout-run">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {translate('app.payments.run.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.payments.run.intro')}
        </Typography>
        <Stack component="form" onSubmit={submit} noValidate direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={translate('app.payments.run.week')}
            value={text}
            onChange={(event) => setText(event.target.value.toUpperCase())}
            error={text.trim() !== '' && !days}
            helperText={
              days
                ? translate('app.payments.run.week_dates', { monday: format.date(`${days.monday}T12:00:00Z`), sunday: format.date(`${days.sunday}T12:00:00Z`) })
                : text.trim()
                  ? translate('app.payments.run.week_error')
                  : translate('app.payments.run.week_help')
            }
            slotProps={{ htmlInput: { 'data-testid': 'run-week', maxLength: 8, style: { fontFamily: 'monospace' } } }}
            sx={{ width: { sm: 260 } }}
          />
          <Button type="submit" variant="outlined" startIcon={<PreviewIcon />} disabled={!days || preview.isFetching} sx={{ mt: { sm: 1 } }} data-testid="run-preview">
            {translate('app.payments.run.preview')}
          </Button>
        </Stack>
        {preview.isFetching && <LinearProgress sx={{ mt: 2 }} />}
        {preview.isError && shownWeek && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="run-preview-error">
            {serverMessage(preview.error) ?? translate('app.payments.run.preview_error')}
          </Alert>
        )}
        {data && shownWeek && !preview.isError && (
          <Box sx={{ mt: 2 }} data-testid="run-preview-result">
            {data.weeksToClose > 0 && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="run-preview-weeks-to-close">
                {translate('app.payments.run.weeks_to_close', { smart_count: data.weeksToClose })}
              </Alert>
            )}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Box>
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                  {translate('app.payments.run.to_pay', { smart_count: data.payouts.length })}
                </Typography>
                <PreviewList
                  rows={data.payouts}
                  empty={translate('app.payments.run.nobody_paid')}
                  testId="run-preview-paid"
                  amountOf={(row) => (
                    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {formatEuros(row.amount)} · {translate(`app.payments.methods.${row.payment_method_type ?? 'none'}`)}
                    </Typography>
                  )}
                />
              </Box>
              <Box>
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                  {translate('app.payments.run.carried', { smart_count: data.carriedOver.length })}
                </Typography>
                <PreviewList
                  rows={data.carriedOver}
                  empty={translate('app.payments.run.nobody_carried')}
                  testId="run-preview-carried"
                  amountOf={(row) => (
                    <Stack sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, gap: 0.5 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                        {formatEuros(row.amount)}
                      </Typography>
                      {row.reason && <Chip size="small" variant="outlined" color={row.reason === 'below_minimum' ? 'default' : 'warning'} label={translate(`app.payments.run.reasons.${row.reason}`)} />}
                    </Stack>
                  )}
                />
              </Box>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ mt: 2, gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700 }} data-testid="run-preview-total">
                {translate('app.payments.run.total', { total: formatEuros(data.total) })}
              </Typography>
              {canWrite && (
                <Button variant="contained" startIcon={<PlayArrowIcon />} disabled={action.busy || (data.payouts.length === 0 && data.carriedOver.length === 0)} onClick={() => setConfirming(true)} data-testid="run-launch">
                  {translate('app.payments.run.launch')}
                </Button>
              )}
            </Stack>
          </Box>
        )}
      </CardContent>
      <CarefulConfirm
        isOpen={confirming}
        loading={action.busy}
        title="app.payments.run.confirm_title"
        content="app.payments.run.confirm_content"
        translateOptions={{ week: week ?? '' }}
        contentTranslateOptions={{ count: data?.payouts.length ?? 0, total: formatEuros(data?.total ?? '0') }}
        confirm="app.payments.run.launch"
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
};
