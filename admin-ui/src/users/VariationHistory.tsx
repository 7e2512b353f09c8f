import type { VariationHistoryEntry } from '@affilux/contract';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { useDateTime } from './formatters';
import { userQueryKey } from './useUserAction';
import { useUsersApi } from './usersApi';

/** The variation history of a user (GET /admin/users/{id}/variation-history), with the spec's error toast. */
export const useVariationHistory = (userId: string) => {
  const { getVariationHistory } = useUsersApi();
  const translate = useTranslate();
  const notify = useNotify();
  const history = useQuery({ queryKey: [...userQueryKey(userId), 'variation-history'], queryFn: () => getVariationHistory(userId) });
  useEffect(() => {
    if (history.isError) notify(serverMessage(history.error) ?? translate('app.users.history.load_error'), { type: 'error' });
  }, [history.isError, history.error, notify, translate]);
  return history;
};

/** A rate as it was: the variant's name, version and amounts, or the standard rate; tiers of an evolutionary variant. */
export const RateDescription = ({ entry }: { entry: VariationHistoryEntry }) => {
  const translate = useTranslate();
  const format = useFormatters();
  const amount = entry.base_amount === null ? translate('app.users.rate.unknown_amount') : format.euros(entry.base_amount);
  return (
    <Box>
      <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={translate(`app.payment_types.${entry.payment_type}`)} />
        <Typography variant="body2" component="span">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {entry.standard
              ? translate('app.users.rate.standard')
              : `${entry.variant_name ?? translate('app.users.rate.unknown_variant')}${entry.variant_version === null ? '' : ` (v${entry.variant_version})`}`}
          </Box>
          {` · ${amount}`}
        </Typography>
        {entry.is_evolutionary && <Chip size="small" variant="outlined" color="secondary" label={translate('app.users.rate.evolutionary')} />}
      </Stack>
      {entry.is_evolutionary && entry.tiers.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {entry.tiers.map((tier) => (
            <Typography component="li" variant="caption" color="text.secondary" key={tier.tier_level}>
              {translate(`app.users.rate.${tier.max_sales === null ? 'tier_open' : 'tier'}.${entry.payment_type}`, {
                level: tier.tier_level,
                min: tier.min_sales,
                max: tier.max_sales ?? '',
                amount: format.euros(tier.amount),
              })}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
};

/** Periods of settings, the current one first. */
export const VariationHistoryList = ({ entries }: { entries: VariationHistoryEntry[] }) => {
  const translate = useTranslate();
  const dateTime = useDateTime();
  if (entries.length === 0) return <Typography color="text.secondary">{translate('app.users.history.empty')}</Typography>;
  return (
    <Stack spacing={1} data-testid="variation-history">
      {entries.map((entry) => (
        <Box key={entry.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25 }} data-testid="variation-history-entry">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
            <Typography variant="caption" color="text.secondary">
              {entry.end_date === null
                ? translate('app.users.history.since', { start: dateTime(entry.start_date) })
                : translate('app.users.history.from_to', { start: dateTime(entry.start_date), end: dateTime(entry.end_date) })}
            </Typography>
            {entry.end_date === null && <Chip size="small" color="success" label={translate('app.users.history.current')} />}
          </Stack>
          <RateDescription entry={entry} />
        </Box>
      ))}
    </Stack>
  );
};

/** The variation history modal. */
export const VariationHistoryDialog = ({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) => {
  const translate = useTranslate();
  const history = useVariationHistory(userId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="variation-history-title">
      <DialogTitle id="variation-history-title">{translate('app.users.history.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('app.users.history.intro', { name })}
        </Typography>
        {history.isPending && <LinearProgress />}
        {history.isError && <Alert severity="error">{translate('app.users.history.load_error')}</Alert>}
        {history.data && <VariationHistoryList entries={history.data} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
