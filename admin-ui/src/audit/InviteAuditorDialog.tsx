import { AUDITOR_RULES, EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@affilux/contract';
import { Alert, DialogContentText, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage, validationMessages } from '../providers/serverError';
import { FormDialog } from '../shared/FormDialog';
import { useAuditCalls, type AuditorInput } from './api';

type Field = keyof AuditorInput;
const FIELDS: Field[] = ['email', 'first_name', 'last_name'];

/** The invitation's rules (contract AUDITOR_RULES, the server checks the same): the rule broken per field, as a message key. */
const check = (form: AuditorInput): Partial<Record<Field, string>> => {
  const errors: Partial<Record<Field, string>> = {};
  const email = form.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.email = 'email';
  if (!form.first_name.trim()) errors.first_name = 'firstName';
  else if (form.first_name.trim().length > AUDITOR_RULES.nameMaxLength) errors.first_name = 'nameTooLong';
  if (!form.last_name.trim()) errors.last_name = 'lastName';
  else if (form.last_name.trim().length > AUDITOR_RULES.nameMaxLength) errors.last_name = 'nameTooLong';
  return errors;
};

/** Invites an auditor: email, first and last name; the server mails a link to choose a password. */
export const InviteAuditorDialog = ({ onClose, onInvited }: { onClose: () => void; onInvited: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { inviteAuditor } = useAuditCalls();
  const [form, setForm] = useState<AuditorInput>({ email: '', first_name: '', last_name: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    setServerErrors([]);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await inviteAuditor({ email: form.email.trim(), first_name: form.first_name.trim(), last_name: form.last_name.trim() });
      notify('app.auditors.rules.invited', { type: 'success' });
      onInvited();
      onClose();
    } catch (error) {
      setServerErrors(validationMessages(error));
      notify(serverMessage(error) ?? translate('app.auditors.invite_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog name="auditor" title={translate('app.auditors.dialog.title')} busy={busy} onSubmit={submit} onClose={onClose} saveLabel={translate('app.auditors.dialog.send')} maxWidth="sm">
      <DialogContentText sx={{ mb: 2 }}>{translate('app.auditors.dialog.intro')}</DialogContentText>
      {serverErrors.length > 0 && <Alert severity="error" sx={{ mb: 1 }}>{serverErrors.join(' · ')}</Alert>}
      {FIELDS.map((field) => (
        <TextField
          key={field}
          fullWidth
          margin="dense"
          autoFocus={field === 'email'}
          required
          type={field === 'email' ? 'email' : 'text'}
          label={translate(`app.auditors.dialog.${field}`)}
          value={form[field]}
          onChange={(event) => setForm({ ...form, [field]: event.target.value })}
          error={errors[field] !== undefined}
          helperText={errors[field] ? translate(`app.auditors.rules.${errors[field]}`) : ' '}
          slotProps={{ htmlInput: { 'data-testid': `auditor-${field}`, maxLength: field === 'email' ? EMAIL_MAX_LENGTH : AUDITOR_RULES.nameMaxLength } }}
        />
      ))}
    </FormDialog>
  );
};
