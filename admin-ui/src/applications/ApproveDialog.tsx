import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ManagerSelect, PaymentTermsFields, useManagerChoices, useVariantChoices } from '../affiliateSettings/settingsChoices';
import { useAffiluxActions } from '../providers/dataProvider';
import { serverMessage } from '../providers/serverError';
import type { Application, ApproveApplicationPayload, PaymentType } from '../types';
import { checkCommissionRate, tenthsToPercent } from '@affilux/contract';
import type { ApplicationAction } from './useApplicationAction';

interface ApproveDialogProps {
  application: Application;
  action: ApplicationAction;
  onClose: () => void;
}

/** Approve with optional manager, payment type (ppt by default) and variant, and a referral commission rate. */
export const ApproveDialog = ({ application, action, onClose }: ApproveDialogProps) => {
  const translate = useTranslate();
  const { approveApplication } = useAffiluxActions();
  const managers = useManagerChoices(translate('app.approve_dialog.managers_error'));
  const variants = useVariantChoices(translate('app.approve_dialog.variants_error'));

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
        <ManagerSelect
          managers={managers}
          value={managerId}
          onChange={setManagerId}
          label={translate('app.approve_dialog.manager')}
          noneLabel={translate('app.approve_dialog.no_manager')}
          testId="approve-manager"
        />
        <PaymentTermsFields
          variants={variants}
          paymentType={paymentType}
          variantId={variantId}
          onChange={(terms) => {
            setPaymentType(terms.paymentType);
            setVariantId(terms.variantId);
          }}
          labels={{
            paymentType: translate('app.approve_dialog.payment_type'),
            variant: translate('app.approve_dialog.variant'),
            noVariant: translate('app.approve_dialog.no_variant'),
          }}
          testIds={{ paymentType: 'approve-payment-type', variant: 'approve-variant' }}
        />
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
