import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Alert, Button, Card, LinearProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { EmptyState } from '../shared/EmptyState';
import { AUDIT_QUERY, useAuditCalls } from './api';
import { useDownload, useLoadErrorToast } from './hooks';
import { PayoutExplanation } from './PayoutExplanation';
import { PayoutPicker, useAuditedPayout } from './PayoutPicker';
import { SignedSummaryButton } from './SignedSummaryButton';

/** /admin/audit/payouts: a payout explained line by line and checked, with its CSV and the signed summary. */
export const PayoutTab = () => {
  const translate = useTranslate();
  const calls = useAuditCalls();
  const [paymentId, setPaymentId] = useAuditedPayout();
  const download = useDownload();
  const explanation = useQuery({ queryKey: [AUDIT_QUERY, 'payout', paymentId], queryFn: () => calls.getPayout(paymentId!), enabled: paymentId !== null });

  useLoadErrorToast(explanation, 'app.audit.payout.load_error');

  const exportCsv = () => explanation.data && download.run(() => calls.exportPayout(explanation.data));

  return (
    <Stack spacing={2} data-testid="audit-payout">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <PayoutPicker paymentId={paymentId} onChange={setPaymentId} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!explanation.data || download.busy} onClick={() => void exportCsv()} data-testid="audit-payout-export">
            {translate('app.audit.export_csv')}
          </Button>
          <SignedSummaryButton />
        </Stack>
      </Stack>
      {paymentId === null ? (
        <Card><EmptyState icon={ReceiptLongIcon} text={translate('app.audit.payout.choose')} testId="audit-payout-choose" /></Card>
      ) : explanation.isPending ? (
        <LinearProgress />
      ) : explanation.isError ? (
        <Alert severity="error">{serverMessage(explanation.error) ?? translate('app.audit.payout.load_error')}</Alert>
      ) : (
        <PayoutExplanation explanation={explanation.data} />
      )}
    </Stack>
  );
};
