import RefreshIcon from '@mui/icons-material/Refresh';
import TuneIcon from '@mui/icons-material/Tune';
import type { PaymentHistoryRow } from '@affilux/contract';
import { Box, Button, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { PageIntro } from '../shared/PageIntro';
import { useCanWrite } from '../shared/canWrite';
import { AdjustmentDialog } from './AdjustmentDialog';
import { PAYMENTS_QUERY, usePaymentCalls, type PaymentDocument } from './api';
import { FailDialog } from './FailDialog';
import { PaymentHistory, type Downloading } from './PaymentHistory';
import { PaymentTiles } from './PaymentTiles';
import { PayoutRunPanel } from './PayoutRunPanel';
import { usePaymentAction } from './usePaymentAction';
import { WriteOffsSection } from './WriteOffsSection';

/**
 * /admin/payments: the four tiles, the history (search, invoices, footer), the weekly run's preview
 * and launch, manual adjustments, failed payouts and written-off balances.
 */
/** Writes are for admins; an auditor (read-only back office) sees the same page without them. */
export const PaymentsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const calls = usePaymentCalls();
  const canWrite = useCanWrite();
  const action = usePaymentAction();
  const stats = useQuery({ queryKey: [PAYMENTS_QUERY, 'stats'], queryFn: () => calls.getStats() });
  const [adjusting, setAdjusting] = useState(false);
  const [failing, setFailing] = useState<PaymentHistoryRow | null>(null);
  const [downloading, setDownloading] = useState<Downloading>(null);

  useEffect(() => {
    if (stats.isError) notify(serverMessage(stats.error) ?? translate('app.payments.load_error'), { type: 'error' });
  }, [stats.isError, stats.error, notify, translate]);

  const reload = () => queryClient.invalidateQueries({ queryKey: [PAYMENTS_QUERY] });

  const download = async (row: PaymentHistoryRow, document: PaymentDocument) => {
    setDownloading({ id: row.id, document });
    try {
      await calls.downloadDocument(row, document);
      notify(`app.payments.${document}.downloaded`, { type: 'success' });
    } catch (error) {
      notify(serverMessage(error) ?? translate(`app.payments.${document}.download_error`), { type: 'error' });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Box sx={{ pb: 3 }} data-testid="payments-page">
      <Title title={translate('app.payments.title')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, gap: 1, mt: 1 }}>
        <PageIntro text="app.payments.subtitle" />
        <Stack direction="row" sx={{ gap: 1, flexShrink: 0, mb: 2 }}>
          <Button startIcon={<RefreshIcon />} onClick={() => void reload()} data-testid="payments-refresh">
            {translate('app.payments.refresh')}
          </Button>
          {canWrite && (
            <Button variant="contained" startIcon={<TuneIcon />} onClick={() => setAdjusting(true)} data-testid="open-adjustment">
              {translate('app.payments.adjustment.open')}
            </Button>
          )}
        </Stack>
      </Stack>
      <PaymentTiles stats={stats.data} />
      <PaymentHistory actions={{ canWrite, downloading, onDownload: (row, document) => void download(row, document), onFail: setFailing }} />
      <PayoutRunPanel canWrite={canWrite} action={action} />
      <WriteOffsSection canWrite={canWrite} action={action} />
      {adjusting && <AdjustmentDialog action={action} onClose={() => setAdjusting(false)} />}
      {failing && <FailDialog row={failing} action={action} onClose={() => setFailing(null)} />}
    </Box>
  );
};
