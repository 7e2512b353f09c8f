import { PAYMENT_TYPES, type AdminUserDetail, type PaymentType } from '@affilux/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { useAffiluxActions } from '../providers/dataProvider';
import type { UserAction } from './useUserAction';
import { useUsersApi } from './usersApi';

/** Payment type and variant: switching the type clears the variant; 'no variant' means the standard rate. */
export const PaymentSettingsDialog = ({ user, action, onClose }: { user: AdminUserDetail; action: UserAction; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormatters();
  const { getPaymentVariants } = useAffiluxActions();
  const { savePaymentSettings } = useUsersApi();
  const variants = useQuery({ queryKey: ['applications', 'payment-variants'], queryFn: () => getPaymentVariants() });
  useEffect(() => {
    if (variants.isError) notify('app.users.payment_settings.variants_error', { type: 'error' });
  }, [variants.isError, notify]);
  const [paymentType, setPaymentType] = useState<PaymentType>(user.payment_type);
  const [variantId, setVariantId] = useState(user.variant_id ?? '');
  const choices = variants.data?.[paymentType] ?? [];
  // A variant deleted since it was chosen is no longer offered: the select then shows none until one is picked.
  const value = choices.some((variant) => variant.id === variantId) ? variantId : '';

  const save = async () => {
    const saved = await action.run(() => savePaymentSettings(user.id, paymentType, value || null), {
      success: translate('app.users.payment_settings.saved'),
      error: translate('app.users.payment_settings.error'),
    });
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={action.busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="payment-settings-title">
      <DialogTitle id="payment-settings-title">{translate('app.users.payment_settings.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate('app.users.payment_settings.intro')}</DialogContentText>
        <FormControl component="fieldset">
          <FormLabel component="legend">{translate('app.users.payment_settings.payment_type')}</FormLabel>
          <RadioGroup
            row
            value={paymentType}
            onChange={(event) => {
              setPaymentType(event.target.value as PaymentType);
              setVariantId('');
            }}
            data-testid="payment-settings-type"
          >
            {PAYMENT_TYPES.map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio />} label={translate(`app.payment_types.${type}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          select
          label={translate('app.users.payment_settings.variant')}
          value={value}
          onChange={(event) => setVariantId(event.target.value)}
          disabled={!variants.data}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="payment-settings-variant"
        >
          <MenuItem value="">
            <em>{translate('app.users.payment_settings.no_variant')}</em>
          </MenuItem>
          {choices.map((variant) => (
            <MenuItem key={variant.id} value={variant.id}>
              {variant.name} — {format.euros(variant.base_amount)}
              {variant.is_evolutionary ? ` · ${translate('app.users.rate.evolutionary')}` : ''}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={action.busy} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={action.busy || !variants.data} data-testid="payment-settings-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
