import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import { Button, Card, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api, ApiError, errorMessage } from '../api/client';
import { usePageTitle } from '../layout/usePageTitle';
import { PageHero } from './PageHero';

type State = { step: 'confirming' } | { step: 'confirmed' } | { step: 'failed'; message: string };

/**
 * /newsletter/confirm?token=...: the link of the double opt-in mail. Confirming is a POST made by
 * this page (a mail scanner that follows links subscribes nobody).
 */
export function NewsletterConfirmPage() {
  const { t } = useTranslation('public');
  usePageTitle(t('newsletterConfirm.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'confirming' });

  useEffect(() => {
    let cancelled = false;
    api('/newsletter/confirm', { body: { token } }).then(
      () => {
        if (!cancelled) setState({ step: 'confirmed' });
      },
      (error: unknown) => {
        // A refused link is said in the interface's language; anything else (too many tries, server unreachable) as the server or the client words it.
        const refused = error instanceof ApiError && error.status === 400;
        if (!cancelled) setState({ step: 'failed', message: refused ? t('newsletterConfirm.failed') : errorMessage(error, t('newsletterConfirm.failed')) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, t]);

  return (
    <>
      <PageHero title={t('newsletterConfirm.title')} />
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
        <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid={`newsletter-${state.step}`}>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            {state.step === 'confirming' && <CircularProgress aria-label={t('newsletterConfirm.confirming')} />}
            {state.step === 'confirmed' && <MarkEmailReadRoundedIcon color="success" sx={{ fontSize: 56 }} />}
            {state.step === 'failed' && <ErrorOutlineRoundedIcon color="error" sx={{ fontSize: 56 }} />}
            <Typography variant="h6" component="p">
              {state.step === 'confirming' ? t('newsletterConfirm.confirming') : state.step === 'confirmed' ? t('newsletterConfirm.confirmed') : state.message}
            </Typography>
            <Button component={RouterLink} to="/" variant="contained">
              {t('newsletterConfirm.home')}
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
