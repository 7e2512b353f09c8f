import { formatEuros, weekLabelOr, type PaymentHistoryRow } from '@affilux/contract';
import { DialogContentText, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmedFormDialog } from '../dialogs/ConfirmedFormDialog';
import { usePaymentCalls } from './api';
import type { PaymentAction } from './usePaymentAction';

/** Marks a payout failed (a reason, then a confirmation): its amount goes back into the affiliate's balance. */
export const FailDialog = ({ row, action, onClose }: { row: PaymentHistoryRow; action: PaymentAction; onClose: () => void }) => {
  const translate = useTranslate();
  const calls = usePaymentCalls();
  const [reason, setReason] = useState('');
  /** The server's rule: 3 characters at least. */
  const missing = reason.trim().length < 3;
  const name = `${row.first_name} ${row.last_name}`;
  return (
    <ConfirmedFormDialog
      title={translate('app.payments.fail.title')}
      busy={action.busy}
      onClose={onClose}
      submitLabel={translate('app.payments.fail.save')}
      submitTestId="fail-save"
      valid={!missing}
      confirm={{
        title: 'app.payments.fail.confirm_title',
        content: 'app.payments.fail.confirm_content',
        options: { amount: formatEuros(row.amount), name, reason: reason.trim() },
        color: 'warning',
      }}
      onConfirm={() =>
        action.run(() => calls.markFailed(row.id, reason.trim()), { success: translate('app.payments.fail.done'), error: translate('app.payments.fail.error') })
      }
    >
      {(tried) => (
        <>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('app.payments.fail.intro', { amount: formatEuros(row.amount), name, period: weekLabelOr(row.week_label, translate('app.payments.manual')) })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={translate('app.payments.fail.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={tried && missing}
            helperText={tried && missing ? translate('app.payments.fail.reason_required') : ' '}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'fail-reason' } }}
          />
        </>
      )}
    </ConfirmedFormDialog>
  );
};
