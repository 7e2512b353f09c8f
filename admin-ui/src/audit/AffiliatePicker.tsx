import { formatAffiliateId, USER_SEARCH_DEBOUNCE_MS, type ApiUser } from '@affilux/contract';
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDebounced } from '../shared/useDebounced';
import { useUsersApi } from '../users/usersApi';
import { useSearchParam } from './hooks';

type Picked = Pick<ApiUser, 'id' | 'first_name' | 'last_name' | 'email' | 'unique_id'>;

const labelOf = (user: Picked) => `${user.first_name} ${user.last_name} · #${user.unique_id === null ? '-' : formatAffiliateId(user.unique_id)} · ${user.email}`;

/** The affiliate an audit screen is about (`?user=<id>`). */
export const useAuditedAffiliate = () => useSearchParam('user');

/** Searches affiliates by name, email or id (300 ms debounce, as the users screen). */
export const AffiliatePicker = ({ userId, onChange }: { userId: string | null; onChange: (userId: string | null) => void }) => {
  const translate = useTranslate();
  const { search, getUser } = useUsersApi();
  // What was typed (not the chosen affiliate's label the field then shows): the search.
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim(), USER_SEARCH_DEBOUNCE_MS);
  const options = useQuery({ queryKey: ['admin-users', 'search', query], queryFn: () => search(query), placeholderData: keepPreviousData });
  // The affiliate named in the address, for its label.
  const current = useQuery({ queryKey: ['admin-users', 'detail', userId], queryFn: () => getUser(userId!), enabled: userId !== null });
  const value: Picked | null = userId === null ? null : (options.data?.find((user) => user.id === userId) ?? current.data ?? null);

  return (
    <Autocomplete<Picked>
      options={(options.data ?? []).filter((user) => user.role === 'affiliate')}
      value={value}
      onChange={(_, user) => onChange(user?.id ?? null)}
      onInputChange={(_, text, reason) => reason === 'input' && setTyped(text)}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(list) => list}
      loading={options.isFetching}
      noOptionsText={translate('app.audit.affiliate.none')}
      sx={{ flex: 1, minWidth: { xs: '100%', sm: 320 }, maxWidth: 560 }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate('app.audit.affiliate.label')}
          placeholder={value ? undefined : translate('app.audit.affiliate.placeholder')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'audit-affiliate' } }}
        />
      )}
    />
  );
};
