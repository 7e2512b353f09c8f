import { PAYMENT_TYPES, type PaymentType } from '@affilux/contract';
import { FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { useAffiluxActions } from '../providers/dataProvider';
import type { Manager, PaymentVariants } from '../types';

/**
 * The choices an affiliate's settings are made of, shared by the approval dialog and the user's
 * settings modals: the managers, the payment type and the variants of that type.
 */

/** A load that failed is said once, in a toast. */
const useLoadErrorToast = (isError: boolean, message: string) => {
  const notify = useNotify();
  useEffect(() => {
    if (isError) notify(message, { type: 'error' });
  }, [isError, message, notify]);
};

export const useManagerChoices = (loadErrorMessage: string) => {
  const { getManagers } = useAffiluxActions();
  const managers = useQuery({ queryKey: ['applications', 'managers'], queryFn: () => getManagers() });
  useLoadErrorToast(managers.isError, loadErrorMessage);
  return managers.data;
};

export const useVariantChoices = (loadErrorMessage: string) => {
  const { getPaymentVariants } = useAffiluxActions();
  const variants = useQuery({ queryKey: ['applications', 'payment-variants'], queryFn: () => getPaymentVariants() });
  useLoadErrorToast(variants.isError, loadErrorMessage);
  return variants.data;
};

interface ManagerSelectProps {
  managers: Manager[] | undefined;
  value: string;
  onChange: (managerId: string) => void;
  label: string;
  noneLabel: string;
  testId: string;
}

/** A manager, or none (''). */
export const ManagerSelect = ({ managers, value, onChange, label, noneLabel, testId }: ManagerSelectProps) => (
  <TextField
    select
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    disabled={!managers}
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    data-testid={testId}
  >
    <MenuItem value="">
      <em>{noneLabel}</em>
    </MenuItem>
    {managers?.map((manager) => (
      <MenuItem key={manager.id} value={manager.id}>
        {manager.nom}
      </MenuItem>
    ))}
  </TextField>
);

interface PaymentTermsFieldsProps {
  variants: PaymentVariants | undefined;
  paymentType: PaymentType;
  variantId: string;
  /** Switching the type clears the variant (spec). */
  onChange: (terms: { paymentType: PaymentType; variantId: string }) => void;
  labels: { paymentType: string; variant: string; noVariant: string };
  testIds: { paymentType: string; variant: string };
}

/** Payment type (radio) and a variant of that type, or none (''). */
export const PaymentTermsFields = ({ variants, paymentType, variantId, onChange, labels, testIds }: PaymentTermsFieldsProps) => {
  const translate = useTranslate();
  const format = useFormatters();
  return (
    <>
      <FormControl component="fieldset" sx={{ mt: 2 }}>
        <FormLabel component="legend">{labels.paymentType}</FormLabel>
        <RadioGroup
          row
          value={paymentType}
          onChange={(event) => onChange({ paymentType: event.target.value as PaymentType, variantId: '' })}
          data-testid={testIds.paymentType}
        >
          {PAYMENT_TYPES.map((type) => (
            <FormControlLabel key={type} value={type} control={<Radio />} label={translate(`app.payment_types.${type}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        select
        label={labels.variant}
        value={variantId}
        onChange={(event) => onChange({ paymentType, variantId: event.target.value })}
        disabled={!variants}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        data-testid={testIds.variant}
      >
        <MenuItem value="">
          <em>{labels.noVariant}</em>
        </MenuItem>
        {variants?.[paymentType].map((variant) => (
          <MenuItem key={variant.id} value={variant.id}>
            {variant.name} — {format.euros(variant.base_amount)}
            {variant.is_evolutionary ? ` · ${translate('app.approve_dialog.evolutionary')}` : ''}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
};
