import { ADJUSTMENT_RULES, adjustmentCents, centsToDecimal, formatAffiliateId, formatSignedEuros, USER_SEARCH_DEBOUNCE_MS, type ApiUser } from '@affilux/contract';
import { Autocomplete, DialogContentText, Stack, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmedFormDialog } from '../dialogs/ConfirmedFormDialog';
import { useDebounced } from '../shared/useDebounced';
import { useUsersApi } from '../users/usersApi';
import { usePaymentCalls } from './api';
import type { PaymentAction } from './usePaymentAction';

/** 128 random bits in hex (crypto.getRandomValues, unlike randomUUID, also works outside HTTPS). */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
const nameOf = (user: ApiUser) => `${user.first_name} ${user.last_name}`;
const labelOf = (user: ApiUser) => `${nameOf(user)} · #${user.unique_id === null ? '-' : formatAffiliateId(user.unique_id)} · ${user.email}`;

/** A manual adjustment of an affiliate's balance (positive or negative, reason required), confirmed before it is recorded. */
export const AdjustmentDialog = ({ action, onClose }: { action: PaymentAction; onClose: () => void }) => {
  const translate = useTranslate();
  const { search } = useUsersApi();
  const calls = usePaymentCalls();
  const [affiliate, setAffiliate] = useState<ApiUser | null>(null);
  const [input, setInput] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const query = useDebounced(input.trim(), USER_SEARCH_DEBOUNCE_MS);
  const options = useQuery({ queryKey: ['admin-users', 'search', query], queryFn: () => search(query), placeholderData: keepPreviousData });
  const cents = adjustmentCents(amount);
  const reasonOk = reason.trim().length >= ADJUSTMENT_RULES.reasonMinLength;
  const valid = affiliate !== null && cents !== null && reasonOk;
  // One key per adjustment as filled in: confirming again after an error whose request did get
  // through records it once; a changed affiliate, amount or reason is another adjustment.
  const idempotencyKey = useMemo(newKey, [affiliate?.id, cents, reason.trim()]);

  return (
    <ConfirmedFormDialog
      title={translate('app.payments.adjustment.title')}
      busy={action.busy}
      onClose={onClose}
      submitLabel={translate('app.payments.adjustment.save')}
      submitTestId="adjustment-save"
      maxWidth="sm"
      valid={valid}
      confirm={{
        title: 'app.payments.adjustment.confirm_title',
        content: 'app.payments.adjustment.confirm_content',
        options: {
          amount: cents === null ? '' : formatSignedEuros(centsToDecimal(cents)),
          name: affiliate ? nameOf(affiliate) : '',
          id: affiliate?.unique_id == null ? '-' : formatAffiliateId(affiliate.unique_id),
          reason: reason.trim(),
        },
      }}
      onConfirm={async () =>
        affiliate !== null && cents !== null &&
        action.run(() => calls.adjust({ user_id: affiliate.id, amount: centsToDecimal(cents), reason: reason.trim() }, idempotencyKey), {
          success: translate('app.payments.adjustment.done'),
          error: translate('app.payments.adjustment.error'),
        })
      }
    >
      {(tried) => (
        <>
          <DialogContentText sx={{ mb: 2 }}>{translate('app.payments.adjustment.intro')}</DialogContentText>
          <Stack spacing={2}>
            <Autocomplete
              options={(options.data ?? []).filter((user) => user.role === 'affiliate')}
              value={affiliate}
              onChange={(_, user) => setAffiliate(user)}
              inputValue={input}
              onInputChange={(_, value) => setInput(value)}
              getOptionLabel={labelOf}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              filterOptions={(list) => list}
              loading={options.isFetching}
              noOptionsText={translate(options.isError ? 'app.payments.adjustment.search_error' : 'app.payments.adjustment.no_option')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  label={translate('app.payments.adjustment.affiliate')}
                  error={tried && !affiliate}
                  helperText={tried && !affiliate ? translate('app.payments.adjustment.affiliate_required') : ' '}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'adjustment-affiliate' } }}
                />
              )}
            />
            <TextField
              label={translate('app.payments.adjustment.amount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={(tried || amount !== '') && cents === null}
              helperText={(tried || amount !== '') && cents === null ? translate('app.payments.adjustment.amount_error') : translate('app.payments.adjustment.amount_help')}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'adjustment-amount' } }}
            />
            <TextField
              label={translate('app.payments.adjustment.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              error={tried && !reasonOk}
              helperText={tried && !reasonOk ? translate('app.payments.adjustment.reason_required') : ' '}
              slotProps={{ htmlInput: { maxLength: ADJUSTMENT_RULES.reasonMaxLength, 'data-testid': 'adjustment-reason' } }}
            />
          </Stack>
        </>
      )}
    </ConfirmedFormDialog>
  );
};
