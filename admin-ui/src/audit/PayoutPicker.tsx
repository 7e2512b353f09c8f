import { formatAffiliateId, USER_SEARCH_DEBOUNCE_MS, type PaymentHistoryRow } from '@affilux/contract';
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePaymentCalls } from '../payments/api';
import { useDebounced } from '../shared/useDebounced';
import { useAuditFormat } from './format';
import { useSearchParam } from './hooks';

/** The payout explained (`?payout=<id>`). */
export const useAuditedPayout = () => useSearchParam('payout');

/** Finds a payout in the payments history (affiliate, email, id, week, reference), newest first. */
export const PayoutPicker = ({ paymentId, onChange }: { paymentId: string | null; onChange: (paymentId: string | null) => void }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const { getHistory } = usePaymentCalls();
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim(), USER_SEARCH_DEBOUNCE_MS);
  const options = useQuery({ queryKey: ['audit', 'payout-options', query], queryFn: () => getHistory(query, 0, 20), placeholderData: keepPreviousData });
  const [chosen, setChosen] = useState<PaymentHistoryRow | null>(null);
  const rows = options.data?.rows ?? [];
  const known = rows.find((row) => row.id === paymentId) ?? (chosen?.id === paymentId ? chosen : undefined);
  // A payout named by the address (a shared or reloaded view) that is not among the newest: found by its id.
  const named = useQuery({
    queryKey: ['audit', 'payout-named', paymentId],
    queryFn: () => getHistory(paymentId!, 0, 1),
    enabled: paymentId !== null && known === undefined && options.isFetched,
  });
  const value = paymentId === null ? null : (known ?? named.data?.rows.find((row) => row.id === paymentId) ?? null);
  const labelOf = (row: PaymentHistoryRow) =>
    `#${formatAffiliateId(row.unique_id)} ${row.first_name} ${row.last_name} · ${row.week_label ?? translate('app.payments.manual')} · ${format.euros(row.amount)}`;

  return (
    <Autocomplete<PaymentHistoryRow>
      options={rows}
      value={value}
      onChange={(_, row) => {
        setChosen(row);
        onChange(row?.id ?? null);
      }}
      onInputChange={(_, text, reason) => reason === 'input' && setTyped(text)}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      filterOptions={(list) => list}
      loading={options.isFetching}
      noOptionsText={translate('app.audit.payout.none')}
      sx={{ flex: 1, minWidth: { xs: '100%', sm: 320 }, maxWidth: 560 }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate('app.audit.payout.label')}
          placeholder={translate('app.audit.payout.placeholder')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'audit-payout-picker' } }}
        />
      )}
    />
  );
};
