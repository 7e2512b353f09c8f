import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { api, toastError, toastSuccess } from '../api/client';

const emailSchema = z.email();

/** The newsletter box of the footer: POST /newsletter/subscribe (subscribing twice is harmless). */
export function NewsletterForm() {
  const { t } = useTranslation('layout');
  const [email, setEmail] = useState('');
  const [errorKey, setErrorKey] = useState<'newsletter.required' | 'newsletter.invalid' | null>(null);

  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setErrorKey('newsletter.required');
    if (!emailSchema.safeParse(value).success) return setErrorKey('newsletter.invalid');
    setErrorKey(null);
    setSending(true);
    try {
      await api('/newsletter/subscribe', { body: { email: value } });
      setEmail('');
      toastSuccess(t('newsletter.confirmation'));
    } catch (error) {
      toastError(error, t('newsletter.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="newsletter-form">
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('newsletter.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('newsletter.text')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="email"
          label={t('newsletter.label')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errorKey) setErrorKey(null);
          }}
          error={errorKey !== null}
          helperText={errorKey ? t(errorKey) : undefined}
          autoComplete="email"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'newsletter-email' } }}
        />
        <Button type="submit" variant="contained" disabled={sending} data-testid="newsletter-submit" sx={{ flexShrink: 0, height: 40 }}>
          {t('newsletter.submit')}
        </Button>
      </Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1.5, lineHeight: 1.6 }}>
        <Trans
          t={t}
          i18nKey="newsletter.legal"
          components={{
            // Privacy and cookie policies have no page of their own (the spec shows no route for them).
            privacy: <Box component="span" sx={{ color: 'text.primary' }} />,
            terms: <Link component={RouterLink} to="/terms" color="inherit" sx={{ color: 'text.primary', textDecoration: 'underline' }} />,
            cookies: <Box component="span" sx={{ color: 'text.primary' }} />,
          }}
        />
      </Typography>
    </Box>
  );
}
