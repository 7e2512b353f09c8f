import RestoreIcon from '@mui/icons-material/Restore';
import { formatAffiliateId, formatEuros, type WrittenOffBalance } from '@affilux/contract';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { PAYMENTS_QUERY, usePaymentCalls } from './api';
import type { PaymentAction } from './usePaymentAction';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

/** Balances written off after 90 days without movement, each with its reason; an admin may reinstate one (confirmed). */
export const WriteOffsSection = ({ canWrite, action }: { canWrite: boolean; action: PaymentAction }) => {
  const translate = useTranslate();
  const format = useFormatters();
  const calls = usePaymentCalls();
  const writeOffs = useQuery({ queryKey: [PAYMENTS_QUERY, 'write-offs'], queryFn: () => calls.getWriteOffs(), retry: false });
  // The row stays after the confirmation closes, so its text does not empty while it fades out.
  const [reinstating, setReinstating] = useState<WrittenOffBalance | null>(null);
  const [confirming, setConfirming] = useState(false);

  const reinstate = async () => {
    if (!reinstating) return;
    await action.run(() => calls.reinstate(reinstating.id), {
      success: translate('app.payments.write_offs.done'),
      error: translate('app.payments.write_offs.error'),
    });
    setConfirming(false);
  };

  const rows = writeOffs.data ?? [];
  return (
    <Card data-testid="write-offs">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {translate('app.payments.write_offs.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('app.payments.write_offs.intro')}
        </Typography>
        {writeOffs.isError && <Alert severity="error">{serverMessage(writeOffs.error) ?? translate('app.payments.write_offs.load_error')}</Alert>}
        {writeOffs.isSuccess && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.payments.write_offs.empty')}
          </Typography>
        )}
        {rows.map((row) => (
          <Stack key={row.id} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, py: 1, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' } }} data-testid={`write-off-${row.id}`}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.first_name} {row.last_name}{' '}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  #{formatAffiliateId(row.unique_id)}
                </Typography>
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {row.reinstated_at
                  ? translate('app.payments.write_offs.reinstated_on', { date: format.date(row.reinstated_at) })
                  : translate('app.payments.write_offs.written_off_on', { date: format.date(row.written_off_at) })}{' '}
                · {row.reason}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatEuros(row.amount)}</Typography>
            {canWrite && !row.reinstated_at && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<RestoreIcon />}
                disabled={action.busy}
                onClick={() => {
                  setReinstating(row);
                  setConfirming(true);
                }}
                data-testid={`write-off-reinstate-${row.id}`}
              >
                {translate('app.payments.write_offs.reinstate')}
              </Button>
            )}
          </Stack>
        ))}
      </CardContent>
      <CarefulConfirm
        isOpen={confirming}
        loading={action.busy}
        title="app.payments.write_offs.confirm_title"
        content="app.payments.write_offs.confirm_content"
        contentTranslateOptions={{
          amount: formatEuros(reinstating?.amount ?? '0'),
          name: reinstating ? `${reinstating.first_name} ${reinstating.last_name}` : '',
          id: reinstating ? formatAffiliateId(reinstating.unique_id) : '',
        }}
        onConfirm={reinstate}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
};
