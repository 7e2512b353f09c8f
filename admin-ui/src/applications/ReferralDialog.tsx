import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatAffiliateId } from '../format';
import { useAffiluxActions } from '../providers/dataProvider';
import { serverMessage, validationMessages } from '../providers/serverError';
import type { Application } from '../types';
import { checkReferralCode, sanitizeReferralInput } from '@affilux/contract';
import type { ApplicationAction } from './useApplicationAction';

interface ReferralDialogProps {
  application: Application;
  action: ApplicationAction;
  onClose: () => void;
}

/** Sets, changes or (empty code) removes the referrer of an application. */
export const ReferralDialog = ({ application, action, onClose }: ReferralDialogProps) => {
  const translate = useTranslate();
  const { updateApplicationReferral } = useAffiluxActions();
  const [code, setCode] = useState(application.referred_by === null ? '' : formatAffiliateId(application.referred_by));
  const [error, setError] = useState<string>();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkReferralCode(code);
    if (!check.ok) {
      setError(translate(`app.referral_dialog.${check.error}_error`));
      return;
    }
    const saved = await action.run(() => updateApplicationReferral(application.id, check.value), {
      success: () => translate('app.referral_dialog.success'),
      error: (failure) => {
        const details = validationMessages(failure);
        if (details.length > 0) return translate('app.referral_dialog.validation_error', { details: details.join(', ') });
        return serverMessage(failure) ?? translate('app.referral_dialog.error');
      },
    });
    if (saved) onClose();
  };

  return (
    <Dialog
      open
      onClose={action.busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="referral-title"
      slotProps={{ paper: { component: 'form', onSubmit: save } }}
    >
      <DialogTitle id="referral-title">{translate('app.referral_dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {translate('app.referral_dialog.intro', { name: `${application.first_name} ${application.last_name}` })}
        </DialogContentText>
        <TextField
          autoFocus
          label={translate('app.referral_dialog.label')}
          value={code}
          onChange={(event) => {
            setCode(sanitizeReferralInput(event.target.value));
            setError(undefined);
          }}
          error={error !== undefined}
          helperText={error ?? translate('app.referral_dialog.help')}
          placeholder="00000"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'referral-input' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          onClick={() => {
            setCode('');
            setError(undefined);
          }}
          disabled={action.busy || code === ''}
          color="inherit"
          sx={{ mr: 'auto' }}
          data-testid="referral-clear"
        >
          {translate('app.referral_dialog.clear')}
        </Button>
        <Button onClick={onClose} disabled={action.busy} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={action.busy} data-testid="referral-save">
          {translate('app.referral_dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
