import { checkReferralCode, cleanAsTyped, sanitizeReferralInput } from '@affilux/contract';
import { Button, DialogContentText, TextField } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { FormDialog } from '../dialogs/FormDialog';
import { formatAffiliateId } from '../format';

interface ReferralCodeDialogProps {
  /** The i18n prefix of its texts: title, intro (%{name}), label, help, clear, digits_error, minimum_error, self_error. */
  messages: string;
  name: string;
  /** The current referrer's id, or null. */
  initial: number | null;
  /** The affiliate's own id when known: it may not refer itself. */
  ownId?: number | null;
  busy: boolean;
  /** Called with a code that passes the contract's rule (null removes the referrer). */
  onSave: (referredBy: number | null) => void;
  onClose: () => void;
  testIdPrefix: string;
  children?: ReactNode;
}

/**
 * A referral code (application or account): digits only, at most 5, the contract's rule (exactly 5
 * digits, at least 10, not the affiliate itself); empty removes the referrer; a Clear button.
 */
export const ReferralCodeDialog = ({ messages, name, initial, ownId, busy, onSave, onClose, testIdPrefix, children }: ReferralCodeDialogProps) => {
  const translate = useTranslate();
  const [code, setCode] = useState(initial === null ? '' : formatAffiliateId(initial));
  const [error, setError] = useState<string>();

  const save = () => {
    const check = checkReferralCode(code);
    if (!check.ok) return setError(translate(`${messages}.${check.error}_error`));
    if (check.value !== null && ownId != null && check.value === ownId) return setError(translate(`${messages}.self_error`));
    onSave(check.value);
  };

  return (
    <FormDialog
      title={translate(`${messages}.title`)}
      busy={busy}
      onClose={onClose}
      onSubmit={save}
      submitTestId={`${testIdPrefix}-save`}
      extraAction={
        <Button
          onClick={() => {
            setCode('');
            setError(undefined);
          }}
          disabled={busy || code === ''}
          color="inherit"
          sx={{ mr: 'auto' }}
          data-testid={`${testIdPrefix}-clear`}
        >
          {translate(`${messages}.clear`)}
        </Button>
      }
    >
      <DialogContentText sx={{ mb: 1 }}>{translate(`${messages}.intro`, { name })}</DialogContentText>
      {children}
      <TextField
        autoFocus
        label={translate(`${messages}.label`)}
        value={code}
        onChange={(event) => {
          setCode(cleanAsTyped(event.target, sanitizeReferralInput));
          setError(undefined);
        }}
        error={error !== undefined}
        helperText={error ?? translate(`${messages}.help`)}
        placeholder="00000"
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${testIdPrefix}-input` } }}
      />
    </FormDialog>
  );
};
