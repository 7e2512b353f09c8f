import { LockOutlined } from '@mui/icons-material';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldMessages, toastError, toastSuccess } from '../../api/client';
import { PasswordField } from '../../auth/PasswordField';
import { errorText, focusFirstInvalid, serverFieldErrors } from '../../forms/fieldErrors';
import { useValidatedForm } from '../../forms/useValidatedForm';
import { useSession } from '../../session/SessionProvider';
import { passwordChangeSchema } from './accountRules';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };
type Field = keyof typeof EMPTY;

/**
 * Password change: current, new (6 characters to 72 bytes), confirmation; each with a show/hide
 * toggle. PUT /auth/change-password answers a new token: the server ends every session opened
 * before (other devices), so this tab keeps going with the new one.
 */
export function PasswordCard() {
  const { t } = useTranslation(['affiliate', 'auth']);
  const { replaceToken } = useSession();
  const { values, errors, set, setErrors, validate, reset } = useValidatedForm(EMPTY);
  const [saving, setSaving] = useState(false);
  // Remounting the fields after a change hides the passwords again.
  const [generation, setGeneration] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate(passwordChangeSchema)) {
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    setSaving(true);
    try {
      const answer = await api<{ message: string; token: string }>('/auth/change-password', {
        method: 'PUT',
        body: { current_password: values.current_password, new_password: values.new_password },
      });
      replaceToken(answer.token);
      toastSuccess(t('account.password.updated'));
      reset();
      setGeneration((current) => current + 1);
    } catch (error) {
      setErrors((current) => ({ ...current, ...serverFieldErrors(fieldMessages(error)) }));
      toastError(error, t('account.password.updateFailed'));
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Field, autoComplete: string, label: string) => (
    <PasswordField
      key={`${name}-${generation}`}
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errorText(errors[name], (key) => t(`auth:${key}`))}
      fullWidth
      testId={`account-${name.replace('_', '-')}`}
    />
  );

  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="account-password">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <LockOutlined color="action" />
          <Typography variant="h6" component="h2">
            {t('account.password.title')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {t('account.password.intro')}
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            {field('current_password', 'current-password', t('account.password.current'))}
            {field('new_password', 'new-password', t('account.password.new'))}
            {field('confirm_password', 'new-password', t('account.password.confirm'))}
            <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-end' }} data-testid="account-password-submit">
              {saving ? t('account.password.submitting') : t('account.password.submit')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
