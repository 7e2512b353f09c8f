import { checkCommissionRate, tenthsToPercent, type AdminUserDetail } from '@affilux/contract';
import { DialogContentText, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { FormDialog } from '../dialogs/FormDialog';
import { useFormatters } from '../format';
import type { UserAction } from './useUserAction';
import { useUsersApi } from './usersApi';

/** The referral commission rate: 0 to 100 %, step 0.1. */
export const CommissionDialog = ({ user, action, onClose }: { user: AdminUserDetail; action: UserAction; onClose: () => void }) => {
  const translate = useTranslate();
  const { setCommissionRate } = useUsersApi();
  const { typedDecimal } = useFormatters();
  const [text, setText] = useState(() => typedDecimal(user.referral_commission_rate));
  // The contract's rule: 0 to 100 %, one decimal at most ('12,5' and '12.5' alike).
  const check = checkCommissionRate(text);

  const save = async () => {
    if (!check.ok) return;
    const saved = await action.run(() => setCommissionRate(user.id, tenthsToPercent(check.tenths)), {
      success: translate('app.users.commission.saved'),
      error: translate('app.users.commission.error'),
    });
    if (saved) onClose();
  };

  return (
    <FormDialog title={translate('app.users.commission.title')} busy={action.busy} onClose={onClose} onSubmit={save} submitDisabled={!check.ok} submitTestId="commission-save">
      <DialogContentText sx={{ mb: 1 }}>{translate('app.users.commission.intro', { name: `${user.first_name} ${user.last_name}` })}</DialogContentText>
      <TextField
        autoFocus
        label={translate('app.users.commission.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={!check.ok}
        helperText={translate(check.ok ? 'app.users.commission.help' : `app.users.commission.errors.${check.error}`)}
        // Text, not number: the contract's rule reads what was typed ('12,5' too).
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'commission-input' } }}
      />
    </FormDialog>
  );
};
