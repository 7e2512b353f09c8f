import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Box, InputAdornment, LinearProgress, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USER_SEARCH_DEBOUNCE_MS } from '@affilux/contract';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { useDebounced } from '../shared/useDebounced';
import { UserResultCard } from './UserResultCard';
import { useUsersApi } from './usersApi';

/** /admin/users: search by name, email, username or affiliate id (the newest affiliates while empty). */
export const UserSearchPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { search } = useUsersApi();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const results = useQuery({ queryKey: ['admin-users', 'search', query], queryFn: () => search(query), placeholderData: keepPreviousData });

  useEffect(() => {
    if (results.isError) notify(serverMessage(results.error) ?? translate('app.users.search.error'), { type: 'error' });
  }, [results.isError, results.error, notify, translate]);

  const users = results.data ?? [];
  return (
    <Box sx={{ pb: 3 }}>
      <Title title="app.users.search.title" />
      <TextField
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={translate('app.users.search.placeholder')}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
          htmlInput: { 'aria-label': translate('app.users.search.label'), 'data-testid': 'user-search', maxLength: 200 },
        }}
        sx={{ maxWidth: 560, bgcolor: 'background.paper', mb: 1 }}
      />
      <Box sx={{ height: 4, mb: 1 }}>{results.isFetching && <LinearProgress />}</Box>
      {results.isError && !results.data ? (
        <Alert severity="error">{translate('app.users.search.error')}</Alert>
      ) : (
        <>
          {users.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="user-search-summary">
              {query === '' ? translate('app.users.search.newest') : translate('app.users.search.count', { smart_count: users.length, query })}
            </Typography>
          )}
          {results.isSuccess && users.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="user-search-empty">
              <SearchOffIcon sx={{ fontSize: 44, opacity: 0.5 }} />
              <Typography>{query === '' ? translate('app.users.search.no_affiliates') : translate('app.users.search.empty', { query })}</Typography>
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))', alignItems: 'start' }}>
              {users.map((user) => (
                <UserResultCard key={user.id} user={user} />
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );
};
