import {
  checkVariant,
  defaultNewVariant,
  variantPayload,
  type PaymentType,
  type VariantInput,
  type VariantListItem,
  type VariantRuleError,
} from '@affilux/contract';
import { Alert, Box, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { serverMessage, validationMessages } from '../providers/serverError';
import { FormDialog } from '../shared/FormDialog';
import { useVariantCalls } from './api';
import { TierEditor } from './TierEditor';
import { typeLabel } from './typeLabel';

interface VariantDialogProps {
  paymentType: PaymentType;
  /** The variant to edit, or none for a new one (20.00, and two tiers if made evolutionary). */
  variant?: VariantListItem;
  onClose: () => void;
  onSaved: () => void;
}

/** The form of a variant, or of a new one, its amounts as the interface writes them ('20,00' in French). */
const formOf = (variant: VariantListItem | undefined, typedDecimal: (amount: string) => string): VariantInput => {
  const form = variant
    ? { name: variant.name, base_amount: variant.base_amount, is_evolutionary: variant.is_evolutionary, tiers: variant.tiers.length >= 2 ? variant.tiers : defaultNewVariant().tiers }
    : defaultNewVariant();
  return { ...form, base_amount: typedDecimal(form.base_amount), tiers: form.tiers.map((tier) => ({ ...tier, amount: typedDecimal(tier.amount) })) };
};

/** Add or edit a variant, with its tier editor; the shared rules (contract: checkVariant) are checked before sending. */
export const VariantDialog = ({ paymentType, variant, onClose, onSaved }: VariantDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { createVariant, updateVariant } = useVariantCalls();
  const { typedDecimal } = useFormatters();
  const [form, setForm] = useState<VariantInput>(() => formOf(variant, typedDecimal));
  const [errors, setErrors] = useState<VariantRuleError[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const type = typeLabel(paymentType);
  const message = (error: VariantRuleError) => translate(`app.variants.rules.${error.rule}`, { n: error.n });
  const errorOf = (field: string) => errors.find((e) => e.field === field);
  const invalid = new Set(errors.map((e) => e.field));
  const tierMessages = [...notices, ...errors.filter((e) => e.field.startsWith('tiers')).map(message)];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const payload = variantPayload(form);
    const check = checkVariant(payload);
    setErrors(check.ok ? [] : check.errors);
    setNotices([]);
    if (!check.ok) return;
    setBusy(true);
    try {
      if (variant) await updateVariant(paymentType, variant.id, { ...payload, expected_revision: variant.revision });
      else await createVariant(paymentType, payload);
      notify(variant ? 'app.variants.updated' : 'app.variants.created', { type: 'success', messageArgs: { type } });
      onSaved();
    } catch (error) {
      setNotices(validationMessages(error));
      notify(serverMessage(error) ?? translate('app.variants.save_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'name' | 'base_amount') => {
    const error = errorOf(name);
    return {
      label: translate(`app.variants.dialog.${name}`),
      value: form[name],
      onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
      error: error !== undefined,
      helperText: error ? message(error) : ' ',
      slotProps: { htmlInput: { 'data-testid': `variant-${name}`, ...(name === 'name' ? { maxLength: 100 } : { inputMode: 'decimal' as const }) } },
    };
  };

  return (
    <FormDialog
      name="variant"
      title={translate(variant ? 'app.variants.dialog.edit_title' : 'app.variants.dialog.create_title', { type })}
      busy={busy}
      onSubmit={save}
      onClose={onClose}
      saveLabel={translate('app.variants.dialog.save')}
      maxWidth="sm"
      fullScreenOnPhones
    >
      {variant && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.variants.dialog.edit_note')}
        </Typography>
      )}
      <TextField autoFocus required {...field('name')} />
      <TextField required {...field('base_amount')} />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={form.is_evolutionary}
            onChange={(event) => setForm({ ...form, is_evolutionary: event.target.checked })}
            slotProps={{ input: { 'data-testid': 'variant-evolutionary' } as object }}
          />
        }
        label={translate('app.variants.dialog.is_evolutionary')}
      />
      {form.is_evolutionary && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {translate('app.variants.dialog.tiers')}
          </Typography>
          <TierEditor
            tiers={form.tiers}
            onChange={(tiers) => {
              setForm({ ...form, tiers });
              setNotices([]);
            }}
            invalid={invalid}
            onRefused={(msg) => setNotices([translate('app.variants.rules.min_tiers', { _: msg })])}
          />
        </Box>
      )}
      {tierMessages.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="variant-errors">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('app.variants.dialog.errors')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {tierMessages.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </Box>
        </Alert>
      )}
    </FormDialog>
  );
};
