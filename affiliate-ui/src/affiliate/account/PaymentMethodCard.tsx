import { AccountBalanceWalletOutlined, HistoryOutlined } from '@mui/icons-material';
import { formatIban, formatSiret, type PaymentMethodAnswer, type PaymentMethodView } from '@affilux/contract';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { VariationHistoryDialog } from './VariationHistoryDialog';

type State = { status: 'loading' } | { status: 'failed' } | ({ status: 'loaded' } & PaymentMethodAnswer);

/** GET /affiliate/account/payment-method; a failure is only logged (spec section 8). */
function usePaymentMethod(): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api<PaymentMethodAnswer>('/affiliate/account/payment-method', { signal: controller.signal })
      .then((answer) => setState({ status: 'loaded', ...answer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Payment method load failed', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, []);
  return state;
}

function Detail({ label, value, mono, wide }: { label: string; value: string | null; mono?: boolean; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere', whiteSpace: 'pre-line', fontFamily: mono ? 'monospace' : undefined }}>{value || '-'}</Typography>
    </Grid>
  );
}

function MethodDetails({ method }: { method: PaymentMethodView }) {
  const { t } = useTranslation(['payment', 'auth']);
  return (
    <Grid container spacing={2} data-testid="payment-method-details">
      <Detail label={t('method.type')} value={t(`method.${method.type}`)} />
      {method.type === 'crypto' ? (
        <>
          <Detail label={t('method.currency')} value={method.crypto_name} />
          <Detail label={t('method.address')} value={method.crypto_address} mono wide />
        </>
      ) : (
        <>
          <Detail label={t('method.company')} value={method.company_name} />
          <Detail label={t('method.siret')} value={method.siret && formatSiret(method.siret)} />
          <Detail label={t('method.iban')} value={method.iban && formatIban(method.iban)} mono wide />
          <Detail label={t('method.postalAddress')} value={method.address} />
          <Detail label={t('method.country')} value={method.country} />
        </>
      )}
    </Grid>
  );
}

/**
 * The affiliate's payment method (crypto or bank transfer), read only: the manager sets it up. With
 * the button to the history of its payment settings.
 */
export function PaymentMethodCard() {
  const { t } = useTranslation('payment');
  const state = usePaymentMethod();
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="account-payment-method">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <AccountBalanceWalletOutlined color="action" />
          <Typography variant="h6" component="h2">
            {t('method.title')}
          </Typography>
        </Stack>
        {state.status === 'loading' && <CircularProgress size={24} />}
        {state.status === 'failed' && <Typography color="text.secondary">{t('method.unavailable')}</Typography>}
        {state.status === 'loaded' &&
          (state.paymentMethod ? (
            <MethodDetails method={state.paymentMethod} />
          ) : (
            <Alert severity="info" data-testid="account-no-payment-method">
              {t('method.none')}
            </Alert>
          ))}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('method.managerOnly')}
        </Typography>
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" startIcon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} data-testid="open-variation-history">
            {t('history.open')}
          </Button>
        </Box>
      </CardContent>
      {historyOpen && <VariationHistoryDialog onClose={() => setHistoryOpen(false)} />}
    </Card>
  );
}
