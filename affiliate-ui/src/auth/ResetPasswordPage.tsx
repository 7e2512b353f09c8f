import { CheckCircleOutlined } from '@mui/icons-material';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { api, toastError, toastSuccess } from '../api/client';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { resetPasswordSchema } from './registrationRules';
import { useValidatedForm } from '../forms/useValidatedForm';
import { focusFirstInvalid } from '../forms/fieldErrors';

const REDIRECT_DELAY_MS = 3000;

/** /reset-password?token=...: without a token the visitor is sent to /login. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const { values, errors, set, validate } = useValidatedForm({ password: '', confirmPassword: '' });
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (!token) return <Navigate to="/login" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate(resetPasswordSchema)) {
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    setSubmitting(true);
    try {
      await api('/auth/reset-password', { body: { token, password: values.password } });
      setDone(true);
    } catch (error) {
      toastError(error, t('reset.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <AuthCard title={t('reset.successTitle')}>
        <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', mt: 2 }} data-testid="reset-success">
          <CheckCircleOutlined color="success" sx={{ fontSize: 64 }} />
          <Typography color="text.secondary">{t('reset.successText')}</Typography>
          <Button component={RouterLink} to="/login" replace variant="contained" data-testid="reset-login">
            {t('reset.goToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <PasswordField
            label={t('reset.password')}
            autoComplete="new-password"
            autoFocus
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password ? t(errors.password) : undefined}
            testId="reset-password"
          />
          <PasswordField
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => set('confirmPassword', event.target.value)}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword ? t(errors.confirmPassword) : undefined}
            testId="reset-confirm-password"
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} data-testid="reset-submit">
            {submitting ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
