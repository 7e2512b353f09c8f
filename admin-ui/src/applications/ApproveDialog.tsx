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
import { serverMessage } from '../providers/serverError';
import type { Application, ApproveApplicationPayload, PaymentType } from '../types';
import { checkCommissionRate, tenthsToPercent } from '@affilux/contract';
import type { ApplicationAction } from './useApplicationAction';

const paymentTypes: PaymentType[] = ['ppt', 'sale'];

/** Notifies a load error once, when the query fails. */
const useLoadErrorToast = (isError: boolean, message: string) => {
  const notify = useNotify();
  useEffect(() => {
    if (isError) notify(message, { type: 'error' });
  }, [isError, message, notify]);
};

interface ApproveDialogProps {
  application: Application;
  action: ApplicationAction;
  onClose: () => void;
}

/** Approve with optional manager, payment type (ppt by default) and variant, and a referral commission rate. */
export const ApproveDialog = ({ application, action, onClose }: ApproveDialogProps) => {
  const translate = useTranslate();
  const format = useFormatters();
  const { approveApplication, getManagers, getPaymentVariants } = useAffiluxActions();
  const managers = useQuery({ queryKey: ['applications', 'managers'], queryFn: () => getManagers() });
  const variants = useQuery({ queryKey: ['applications', 'payment-variants'], queryFn: () => getPaymentVariants() });
  useLoadErrorToast(managers.isError, translate('app.approve_dialog.managers_error'));
  useLoadErrorToast(variants.isError, translate('app.approve_dialog.variants_error'));

  const [managerId, setManagerId] = useState('');
  const [paymentType, setPaymentType] = useState<PaymentType>('ppt');
  const [variantId, setVariantId] = useState('');
  const [commissionRate, setCommissionRate] = useState('0');
  // The contract's rule: 0 to 100 %, one decimal at most ('12,5' and '12.5' alike; 12.55 is refused).
  const rateCheck = checkCommissionRate(commissionRate);
  const rate = rateCheck.ok ? tenthsToPercent(rateCheck.tenths) : undefined;
  const name = `${application.first_name} ${application.last_name}`;

  const approve = async () => {
    if (rate === undefined) return;
    const payload: ApproveApplicationPayload = {
      manager_id: managerId || null,
      payment_type: paymentType,
      variant_id: variantId || null,
      ...(rate > 0 ? { referral_commission_rate: rate } : {}),
    };
    const approved = await action.run(() => approveApplication(application.id, payload), {
      success: (result) => result.message || translate('app.applications.approved'),
      error: (error) => serverMessage(error) ?? translate('app.applications.approve_error'),
    });
    if (approved) onClose();
  };

  return (
    <Dialog open onClose={action.busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="approve-title">
      <DialogTitle id="approve-title">{translate('app.approve_dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate('app.approve_dialog.intro', { name })}</DialogContentText>
        <TextField
          select
          label={translate('app.approve_dialog.manager')}
          value={managerId}
          onChange={(event) => setManagerId(event.target.value)}
          disabled={!managers.data}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="approve-manager"
        >
          <MenuItem value="">
            <em>{translate('app.approve_dialog.no_manager')}</em>
          </MenuItem>
          {managers.data?.map((manager) => (
            <MenuItem key={manager.id} value={manager.id}>
              {manager.nom}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset" sx={{ mt: 2 }}>
          <FormLabel component="legend">{translate('app.approve_dialog.payment_type')}</FormLabel>
          <RadioGroup
            row
            value={paymentType}
            onChange={(event) => {
              setPaymentType(event.target.value as PaymentType);
              setVariantId('');
            }}
            data-testid="approve-payment-type"
          >
            {paymentTypes.map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio />} label={translate(`app.payment_types.${type}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          select
          label={translate('app.approve_dialog.variant')}
          value={variantId}
          onChange={(event) => setVariantId(event.target.value)}
          disabled={!variants.data}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="approve-variant"
        >
          <MenuItem value="">
            <em>{translate('app.approve_dialog.no_variant')}</em>
          </MenuItem>
          {variants.data?.[paymentType].map((variant) => (
            <MenuItem key={variant.id} value={variant.id}>
              {variant.name} — {format.euros(variant.base_amount)}
              {variant.is_evolutionary ? ` · ${translate('app.approve_dialog.evolutionary')}` : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('app.approve_dialog.commission_rate')}
          value={commissionRate}
          onChange={(event) => setCommissionRate(event.target.value)}
          error={!rateCheck.ok}
          helperText={translate(
            rateCheck.ok
              ? 'app.approve_dialog.commission_rate_help'
              : rateCheck.error === 'step'
                ? 'app.approve_dialog.commission_rate_step_error'
                : 'app.approve_dialog.commission_rate_error',
          )}
          // Text, not number: a number input hides what was typed ('12,5' in some locales, '1e2') and
          // lets the browser round; the contract's rule reads the text as typed.
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'approve-commission-rate-input' } }}
          sx={{ mt: 2 }}
          data-testid="approve-commission-rate"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={action.busy} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          color="success"
          onClick={approve}
          disabled={action.busy || rate === undefined}
          data-testid="approve-confirm"
        >
          {translate('app.approve_dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
