import {
  checkPaymentMethod,
  formatIban,
  formatSiret,
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_MAX_LENGTH,
  PAYMENT_METHOD_MESSAGES,
  PAYMENT_METHOD_TYPES,
  type PaymentMethodError,
  type PaymentMethodField,
  type PaymentMethodType,
  type PaymentMethodView,
} from '@affilux/contract';
import { FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useState } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { FormDialog } from '../dialogs/FormDialog';
import type { UserAction } from './useUserAction';
import { useUsersApi } from './usersApi';

const fieldErrors = (error: unknown): { field: string; msg: string }[] =>
  error instanceof HttpError ? ((error.body as { errors?: { field: string; msg: string }[] } | undefined)?.errors ?? []) : [];

type Values = Record<PaymentMethodField, string>;
type Errors = Partial<Record<PaymentMethodField, string>>;

const ERROR_OF_MESSAGE = new Map(Object.entries(PAYMENT_METHOD_MESSAGES).map(([error, message]) => [message as string, error as PaymentMethodError]));

const initialValues = (method: PaymentMethodView | null): Values => ({
  crypto_name: method?.crypto_name ?? '',
  crypto_address: method?.crypto_address ?? '',
  company_name: method?.company_name ?? '',
  siret: method?.siret ? formatSiret(method.siret) : '',
  iban: method?.iban ? formatIban(method.iban) : '',
  address: method?.address ?? '',
  country: method?.country ?? '',
});

interface PaymentMethodDialogProps {
  userId: string;
  current: PaymentMethodView | null;
  action: UserAction;
  onClose: () => void;
}

/**
 * Adds or edits the payment method: crypto (currency, wallet address) or bank transfer (company,
 * SIRET, IBAN, address, country), checked by the contract's rule before it is sent (the server
 * checks it again with the same rule).
 */
export const PaymentMethodDialog = ({ userId, current, action, onClose }: PaymentMethodDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { savePaymentMethod } = useUsersApi();
  const [type, setType] = useState<PaymentMethodType>(current?.type ?? 'crypto');
  const [values, setValues] = useState<Values>(() => initialValues(current));
  const [errors, setErrors] = useState<Errors>({});
  const errorText = (error: PaymentMethodError) => translate(`app.users.payment_method.errors.${error}`);

  const save = async () => {
    const check = checkPaymentMethod({ type, ...values });
    if (!check.ok) {
      setErrors(Object.fromEntries(check.errors.map(({ field, error }) => [field, errorText(error)])));
      notify(errorText(check.errors[0]!.error), { type: 'error' });
      // The toast sits outside the open dialog, which screen readers alone hear: the keyboard goes to the field and its message.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]')?.focus());
      return;
    }
    const saved = await action.run(() => savePaymentMethod(userId, check.value), {
      success: translate('app.users.payment_method.saved'),
      error: translate('app.users.payment_method.save_error'),
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
    if (saved) onClose();
  };

  /** The server's field errors, in the interface's language when the contract knows the message. */
  const fieldErrorsOf = (error: unknown): Errors =>
    Object.fromEntries(
      fieldErrors(error).map(({ field, msg }) => [field, ERROR_OF_MESSAGE.has(msg) ? errorText(ERROR_OF_MESSAGE.get(msg)!) : msg]),
    );

  const field = (name: PaymentMethodField, extra: { autoComplete?: string; multiline?: boolean } = {}) => (
    <TextField
      key={name}
      label={translate(`app.users.payment_method.fields.${name}`)}
      value={values[name]}
      onChange={(event) => {
        setValues((previous) => ({ ...previous, [name]: event.target.value }));
        setErrors((previous) => ({ ...previous, [name]: undefined }));
      }}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? (name === 'iban' || name === 'siret' ? translate(`app.users.payment_method.help.${name}`) : undefined)}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: PAYMENT_METHOD_MAX_LENGTH[name] + 10, autoComplete: 'off', 'data-testid': `payment-method-${name}` } }}
    />
  );

  return (
    <FormDialog
      title={translate(current ? 'app.users.payment_method.edit_title' : 'app.users.payment_method.add_title')}
      busy={action.busy}
      onClose={onClose}
      onSubmit={save}
      submitTestId="payment-method-save"
      maxWidth="sm"
    >
      <RadioGroup
        row
        value={type}
        onChange={(event) => {
          setType(event.target.value as PaymentMethodType);
          setErrors({});
        }}
        data-testid="payment-method-type"
      >
        {PAYMENT_METHOD_TYPES.map((value) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={translate(`app.users.payment_method.types.${value}`)} />
        ))}
      </RadioGroup>
      {PAYMENT_METHOD_FIELDS[type].map((name) => field(name, { multiline: name === 'address' }))}
    </FormDialog>
  );
};
