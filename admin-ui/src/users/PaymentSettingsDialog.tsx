import type { AdminUserDetail, PaymentType } from '@affilux/contract';
import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PaymentTermsFields, useVariantChoices } from '../affiliateSettings/settingsChoices';
import { FormDialog } from '../dialogs/FormDialog';
import type { UserAction } from './useUserAction';
import { useUsersApi } from './usersApi';

/** Payment type and variant: switching the type clears the variant; 'no variant' means the standard rate. */
export const PaymentSettingsDialog = ({ user, action, onClose }: { user: AdminUserDetail; action: UserAction; onClose: () => void }) => {
  const translate = useTranslate();
  const { savePaymentSettings } = useUsersApi();
  const variants = useVariantChoices(translate('app.users.payment_settings.variants_error'));
  const [terms, setTerms] = useState<{ paymentType: PaymentType; variantId: string }>({ paymentType: user.payment_type, variantId: user.variant_id ?? '' });
  // A variant deleted since it was chosen is no longer offered: the select then shows none until one is picked.
  const variantId = variants?.[terms.paymentType].some((variant) => variant.id === terms.variantId) ? terms.variantId : '';

  const save = async () => {
    const saved = await action.run(() => savePaymentSettings(user.id, terms.paymentType, variantId || null), {
      success: translate('app.users.payment_settings.saved'),
      error: translate('app.users.payment_settings.error'),
    });
    if (saved) onClose();
  };

  return (
    <FormDialog
      title={translate('app.users.payment_settings.title')}
      busy={action.busy}
      onClose={onClose}
      onSubmit={save}
      submitDisabled={!variants}
      submitTestId="payment-settings-save"
      maxWidth="sm"
    >
      <DialogContentText>{translate('app.users.payment_settings.intro')}</DialogContentText>
      <PaymentTermsFields
        variants={variants}
        paymentType={terms.paymentType}
        variantId={variantId}
        onChange={setTerms}
        labels={{
          paymentType: translate('app.users.payment_settings.payment_type'),
          variant: translate('app.users.payment_settings.variant'),
          noVariant: translate('app.users.payment_settings.no_variant'),
        }}
        testIds={{ paymentType: 'payment-settings-type', variant: 'payment-settings-variant' }}
      />
    </FormDialog>
  );
};
