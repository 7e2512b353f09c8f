import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api, toastError, toastSuccess } from '../api/client';
import type { MessageResponse } from '../api/types';
import { useSession } from '../session/SessionProvider';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { forgotPasswordSchema, loginSchema } from './registrationRules';
import { fieldErrors, focusFirstInvalid } from '../forms/fieldErrors';
import { useValidatedForm } from '../forms/useValidatedForm';

/** /login: login errors are toasted by the session layer, only validation errors show in the form. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const { values, errors, set, setErrors, validate } = useValidatedForm({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [sendingReset, setSendingReset] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate(loginSchema)) {
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    setSubmitting(true);
    try {
      // Once signed in, AnonymousOnly sends the user to /admin or /affiliate.
      await login(values.email.trim(), values.password);
    } catch {
      // The session layer already showed the error toast.
    } finally {
      setSubmitting(false);
    }
  }

  async function requestReset() {
    const emailError = fieldErrors(forgotPasswordSchema, { email: values.email.trim() }).email;
    if (emailError) {
      setErrors((current) => ({ ...current, email: emailError }));
      toast.error(t(emailError));
      return;
    }
    setSendingReset(true);
    try {
      // The server's generic answer ("if an account exists…"), in the interface's language.
      await api<MessageResponse>('/auth/forgot-password', { body: { email: values.email.trim() } });
      toastSuccess(t('login.forgotSent'));
    } catch (error) {
      toastError(error, t('login.forgotFailed'));
    } finally {
      setSendingReset(false);
    }
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <TextField
            label={t('login.email')}
            type="email"
            autoComplete="email"
            autoFocus
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email ? t(errors.email) : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password ? t(errors.password) : undefined}
            testId="login-password"
          />
          <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
            <Button size="small" onClick={requestReset} disabled={sendingReset} data-testid="login-forgot">
              {sendingReset ? t('login.forgotSending') : t('login.forgot')}
            </Button>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={submitting} data-testid="login-submit">
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('login.noAccount')}{' '}
            <Link component={RouterLink} to="/register" data-testid="login-register-link">
              {t('login.register')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
