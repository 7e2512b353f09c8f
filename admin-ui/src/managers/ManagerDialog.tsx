import { checkManager, type ManagerInput, type ManagerListItem, type ManagerRuleError } from '@affilux/contract';
import { Alert, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage, validationMessages } from '../providers/serverError';
import { FormDialog } from '../shared/FormDialog';
import { useManagerCalls } from './api';

interface ManagerDialogProps {
  /** The manager to edit, or none to add one. */
  manager?: ManagerListItem;
  onClose: () => void;
  onSaved: () => void;
}

const fields = ['nom', 'telegram', 'mail'] as const;

/** Add or edit a manager: name, Telegram, email, checked by the shared rules before sending. */
export const ManagerDialog = ({ manager, onClose, onSaved }: ManagerDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { createManager, updateManager } = useManagerCalls();
  const [form, setForm] = useState<ManagerInput>({ nom: manager?.nom ?? '', telegram: manager?.telegram ?? '', mail: manager?.mail ?? '' });
  const [errors, setErrors] = useState<ManagerRuleError[]>([]);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: ManagerRuleError['field']) => {
    const error = errors.find((e) => e.field === field);
    return error ? translate(`app.managers.rules.${error.rule}`) : undefined;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkManager(form);
    setErrors(check.ok ? [] : check.errors);
    setServerErrors([]);
    if (!check.ok) return;
    setBusy(true);
    try {
      if (manager) await updateManager(manager.id, { ...form, expected_revision: manager.revision });
      else await createManager(form);
      notify(manager ? 'app.managers.updated' : 'app.managers.created', { type: 'success' });
      onSaved();
    } catch (error) {
      setServerErrors(validationMessages(error));
      notify(serverMessage(error) ?? translate('app.managers.save_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      name="manager"
      title={translate(manager ? 'app.managers.dialog.edit_title' : 'app.managers.dialog.create_title')}
      busy={busy}
      onSubmit={save}
      onClose={onClose}
      saveLabel={translate('app.managers.dialog.save')}
    >
      {serverErrors.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {serverErrors.join(' · ')}
        </Alert>
      )}
      {fields.map((field) => (
        <TextField
          key={field}
          autoFocus={field === 'nom'}
          required={field === 'nom'}
          type={field === 'mail' ? 'email' : 'text'}
          label={translate(`app.managers.dialog.${field}`)}
          placeholder={field === 'telegram' ? translate('app.managers.dialog.telegram_placeholder') : undefined}
          value={form[field]}
          onChange={(event) => setForm({ ...form, [field]: event.target.value })}
          error={errorOf(field) !== undefined}
          helperText={errorOf(field) ?? (field === 'mail' ? translate('app.managers.dialog.contact_help') : ' ')}
          slotProps={{ htmlInput: { 'data-testid': `manager-${field}`, maxLength: field === 'mail' ? 254 : 100 } }}
        />
      ))}
    </FormDialog>
  );
};
