import EditIcon from '@mui/icons-material/Edit';
import { checkStandardRate, STANDARD_RATE_MESSAGE, type PaymentType } from '@affilux/contract';
import { Alert, Box, Button, Card, CardContent, DialogContentText, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { AdminOnly } from '../shared/canWrite';
import { FormDialog } from '../shared/FormDialog';
import { useVariantCalls } from './api';
import { typeLabel } from './typeLabel';

const STANDARD_RATES = ['standard-rates'];

const RateDialog = ({ paymentType, current, onClose }: { paymentType: PaymentType; current: string; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { setStandardRate } = useVariantCalls();
  const { typedDecimal } = useFormatters();
  const [amount, setAmount] = useState(() => typedDecimal(current));
  const [error, setError] = useState<string>();
  const type = typeLabel(paymentType);
  const save = useMutation({
    mutationFn: (value: string) => setStandardRate(paymentType, value),
    onSuccess: async () => {
      notify('app.variants.standard_rate.updated', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: STANDARD_RATES });
      onClose();
    },
    onError: (failure) => notify(serverMessage(failure) ?? translate('app.variants.standard_rate.error'), { type: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkStandardRate(amount);
    if (!check.ok) {
      setError(translate(check.msg === STANDARD_RATE_MESSAGE ? 'app.variants.standard_rate.amount_rule' : 'app.variants.rules.amount_too_large'));
      return;
    }
    setError(undefined);
    save.mutate(amount.trim());
  };

  return (
    <FormDialog
      name="standard-rate"
      title={translate('app.variants.standard_rate.dialog_title', { type })}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      saveLabel={translate('app.variants.standard_rate.save')}
    >
      <DialogContentText sx={{ mb: 1 }}>{translate('app.variants.standard_rate.dialog_intro')}</DialogContentText>
      <TextField
        autoFocus
        label={translate('app.variants.standard_rate.amount')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error !== undefined}
        helperText={error ?? translate('app.variants.standard_rate.help', { type })}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'standard-rate-amount' } }}
      />
    </FormDialog>
  );
};

/** The standard rate of the page's payment type (what affiliates without a variant earn), its history, and its edit dialog. */
export const StandardRatePanel = ({ paymentType }: { paymentType: PaymentType }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormatters();
  const { getStandardRates } = useVariantCalls();
  const rates = useQuery({ queryKey: STANDARD_RATES, queryFn: () => getStandardRates() });
  const [editing, setEditing] = useState(false);
  const type = typeLabel(paymentType);
  const rate = rates.data?.[paymentType];

  useEffect(() => {
    if (rates.isError) notify('app.variants.standard_rate.load_error', { type: 'error' });
  }, [rates.isError, notify]);

  return (
    <Card sx={{ mb: 2 }} data-testid="standard-rate">
      <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: { xs: 2, md: 4 } }}>
        <Box sx={{ flex: '0 0 auto', minWidth: 220 }}>
          <Typography variant="subtitle2" component="h2" color="text.secondary">
            {translate('app.variants.standard_rate.title', { type })}
          </Typography>
          {rate ? (
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="standard-rate-amount-shown">
              {format.euros(rate.amount)}
            </Typography>
          ) : rates.isError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {translate('app.variants.standard_rate.load_error')}
            </Alert>
          ) : (
            <Skeleton width={120} height={48} />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.variants.standard_rate.help', { type })}
          </Typography>
          <AdminOnly>
            <Button size="small" variant="outlined" startIcon={<EditIcon />} disabled={!rate} onClick={() => setEditing(true)} data-testid="standard-rate-edit">
              {translate('app.variants.standard_rate.edit')}
            </Button>
          </AdminOnly>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
            {translate('app.variants.standard_rate.history')}
          </Typography>
          {rate && rate.history.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.variants.standard_rate.default')}
            </Typography>
          )}
          <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 180, overflowY: 'auto' }} data-testid="standard-rate-history">
            {rate?.history.map((entry, index) => (
              <Box
                component="li"
                key={entry.effective_at}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderTop: index ? 1 : 0, borderColor: 'divider' }}
              >
                <Typography variant="body2" color={index === 0 ? 'text.primary' : 'text.secondary'}>
                  {index === 0
                    ? translate('app.variants.standard_rate.since', { date: format.dateTime(entry.effective_at) })
                    : translate('app.variants.standard_rate.until', { from: format.dateTime(entry.effective_at), to: format.dateTime(rate.history[index - 1]!.effective_at) })}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: index === 0 ? 700 : 400 }}>
                  {format.euros(entry.amount)}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      </CardContent>
      {editing && rate && <RateDialog paymentType={paymentType} current={rate.amount} onClose={() => setEditing(false)} />}
    </Card>
  );
};
