import { cleanAsTyped } from '@affilux/contract';
import { MarkEmailReadOutlined } from '@mui/icons-material';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, fieldMessages, toastError, toastSuccess } from '../../api/client';
import type { User } from '../../api/types';
import { PasswordField } from '../../auth/PasswordField';
import { errorText, focusFirstInvalid, serverFieldErrors } from '../../forms/fieldErrors';
import { useValidatedForm } from '../../forms/useValidatedForm';
import { useSession } from '../../session/SessionProvider';
import { emailChangeSchema, isCompleteCode, sanitizeCode } from './accountRules';

type Step = 'email' | 'code';

/**
 * The change-email flow (spec: idle, new-email form, code entry, done; cancel at either step):
 * PUT /auth/update-email { email, current_password } sends a 6-digit code to the new address (the
 * answer is the same whether or not the address is taken: no enumeration), POST
 * /auth/verify-new-email { code } makes the change and answers the updated user.
 */
export function EmailChangeDialog({ currentEmail, onClose }: { currentEmail: string; onClose: () => void }) {
  const { t } = useTranslation(['affiliate', 'auth']);
  const { replaceUser, refresh } = useSession();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [step, setStep] = useState<Step>('email');
  const { values, errors, set, setErrors, validate } = useValidatedForm({ email: '', current_password: '' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const newEmail = values.email.trim();

  const requestCode = () => api('/auth/update-email', { method: 'PUT', body: { email: newEmail, current_password: values.current_password } });

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    if (!validate(emailChangeSchema)) {
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    setBusy(true);
    try {
      await requestCode();
      toastSuccess(t('account.emailChange.codeSent'));
      setCode('');
      setStep('code');
    } catch (error) {
      setErrors((current) => ({ ...current, ...serverFieldErrors(fieldMessages(error)) }));
      toastError(error, t('account.emailChange.updateFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    try {
      await requestCode();
      toastSuccess(t('account.emailChange.codeSent'));
    } catch (error) {
      toastError(error, t('account.emailChange.sendFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string; user?: User }>('/auth/verify-new-email', { body: { code } });
      if (answer.user) replaceUser(answer.user);
      else await refresh();
      toastSuccess(t('account.emailChange.updated'));
      onClose();
    } catch (error) {
      const taken = error instanceof ApiError && error.status === 409;
      toastError(error, taken ? t('account.emailChange.updateFailed') : t('account.emailChange.invalidCode'));
      // The address was taken meanwhile: back to the address, to choose another one.
      if (taken) setStep('email');
      setBusy(false);
    }
  }

  const incomplete = code.length > 0 && !isCompleteCode(code);
  const message = (field: 'email' | 'current_password') => errorText(errors[field], (key) => t(`auth:${key}`));

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="email-change-title" data-testid="email-change-dialog">
      <form noValidate onSubmit={step === 'email' ? sendCode : verify}>
        <DialogTitle id="email-change-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <MarkEmailReadOutlined color="primary" />
          {t('account.emailChange.title')}
        </DialogTitle>
        <DialogContent>
          {step === 'email' ? (
            <Stack spacing={2.5} sx={{ pt: 0.5 }}>
              <Typography color="text.secondary">{t('account.emailChange.intro')}</Typography>
              <TextField
                label={t('account.email')}
                value={currentEmail}
                disabled
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'account-email-current' } }}
              />
              <TextField
                label={t('account.emailChange.newEmail')}
                type="email"
                autoComplete="email"
                autoFocus
                value={values.email}
                onChange={(event) => set('email', event.target.value)}
                error={Boolean(errors.email)}
                helperText={message('email')}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'account-new-email' } }}
              />
              <PasswordField
                label={t('account.emailChange.currentPassword')}
                autoComplete="current-password"
                value={values.current_password}
                onChange={(event) => set('current_password', event.target.value)}
                error={Boolean(errors.current_password)}
                helperText={message('current_password')}
                fullWidth
                testId="account-email-password"
              />
            </Stack>
          ) : (
            <Stack spacing={2.5} sx={{ pt: 0.5 }}>
              <Typography color="text.secondary" data-testid="account-email-code-intro">
                {t('account.emailChange.codeIntro', { email: newEmail })}
              </Typography>
              <TextField
                label={t('account.emailChange.code')}
                value={code}
                onChange={(event) => setCode(cleanAsTyped(event.target, sanitizeCode))}
                error={incomplete}
                helperText={incomplete ? t('account.emailChange.codeFormat') : ' '}
                autoComplete="one-time-code"
                autoFocus
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    'data-testid': 'account-email-code',
                    style: { letterSpacing: '0.5em', fontSize: '1.4rem', textAlign: 'center' },
                  },
                }}
              />
              <Button variant="text" onClick={resend} disabled={busy} sx={{ alignSelf: 'flex-start' }} data-testid="account-email-resend">
                {t('account.emailChange.resend')}
              </Button>
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose} disabled={busy} data-testid="account-email-cancel">
            {t('account.cancel')}
          </Button>
          {step === 'email' ? (
            <Button type="submit" variant="contained" disabled={busy} data-testid="account-email-send">
              {busy ? t('account.emailChange.sending') : t('account.emailChange.send')}
            </Button>
          ) : (
            <Button type="submit" variant="contained" disabled={busy || !isCompleteCode(code)} data-testid="account-email-verify">
              {busy ? t('account.emailChange.verifying') : t('account.emailChange.verify')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
