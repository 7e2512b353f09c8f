import { checkReferralCode, sanitizeReferralInput, type AdminUserDetail } from '@affilux/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatAffiliateId } from '../format';
import type { UserAction } from './useUserAction';
import { useReferralInfo } from './UserSections';
import { useUsersApi } from './usersApi';

/** Sets, changes or (empty code) removes the affiliate's sponsor: 5 digits, at least 10, not itself. */
export const ManageReferralDialog = ({ user, action, onClose }: { user: AdminUserDetail; action: UserAction; onClose: () => void }) => {
  const translate = useTranslate();
  const { setReferrer } = useUsersApi();
  const info = useReferralInfo(user.id, false);
  const [code, setCode] = useState(user.referred_by === null ? '' : formatAffiliateId(user.referred_by));
  const [error, setError] = useState<string>();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkReferralCode(code);
    if (!check.ok) return setError(translate(`app.users.referral.errors.${check.error}`));
    if (check.value !== null && check.value === user.unique_id) return setError(translate('app.users.referral.errors.self'));
    const saved = await action.run(() => setReferrer(user.id, check.value), {
      success: translate(check.value === null ? 'app.users.referral.removed' : 'app.users.referral.assigned'),
      error: translate('app.users.referral.error'),
    });
    if (saved) onClose();
  };

  return (
    <Dialog
      open
      onClose={action.busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="manage-referral-title"
      slotProps={{ paper: { component: 'form', onSubmit: save } }}
    >
      <DialogTitle id="manage-referral-title">{translate('app.users.referral.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate('app.users.referral.intro', { name: `${user.first_name} ${user.last_name}` })}</DialogContentText>
        {info.data && (
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="manage-referral-current">
            {info.data.referrer
              ? translate('app.users.referral.current', { name: info.data.referrer.name, id: formatAffiliateId(info.data.referrer.unique_id) })
              : translate('app.users.referral.no_sponsor')}
            {' · '}
            {translate('app.users.referral.sponsored', { smart_count: info.data.referredUsers.length })}
          </Typography>
        )}
        <TextField
          autoFocus
          label={translate('app.users.referral.label')}
          value={code}
          onChange={(event) => {
            setCode(sanitizeReferralInput(event.target.value));
            setError(undefined);
          }}
          error={error !== undefined}
          helperText={error ?? translate('app.users.referral.help')}
          placeholder="00000"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'manage-referral-input' } }}
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
          data-testid="manage-referral-clear"
        >
          {translate('app.users.referral.clear')}
        </Button>
        <Button onClick={onClose} disabled={action.busy} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={action.busy} data-testid="manage-referral-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
