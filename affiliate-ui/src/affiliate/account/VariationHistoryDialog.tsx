import { formatEuros, NETWORK_TIME_ZONE, type VariationHistoryEntry } from '@affilux/contract';
import { Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';

function Rate({ entry }: { entry: VariationHistoryEntry }) {
  const { t } = useTranslation('payment');
  return (
    <Box>
      <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={t(`history.types.${entry.payment_type}`)} />
        <Typography component="span">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {entry.standard ? t('history.standard') : entry.variant_name}
          </Box>
          {entry.base_amount !== null && ` · ${formatEuros(entry.base_amount)}`}
        </Typography>
        {entry.is_evolutionary && <Chip size="small" variant="outlined" color="secondary" label={t('history.evolutionary')} />}
      </Stack>
      {entry.is_evolutionary && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {entry.tiers.map((tier) => (
            <Typography component="li" variant="body2" color="text.secondary" key={tier.tier_level}>
              {t(`history.${tier.max_sales === null ? 'tierOpen' : 'tier'}.${entry.payment_type}`, {
                level: tier.tier_level,
                min: tier.min_sales,
                max: tier.max_sales,
                amount: formatEuros(tier.amount),
              })}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The affiliate's own variation history (GET /affiliate/account/variation-history), the current period first. */
export function VariationHistoryDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('payment');
  const [entries, setEntries] = useState<VariationHistoryEntry[] | null>(null);
  const dateTime = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: NETWORK_TIME_ZONE });
  useEffect(() => {
    const controller = new AbortController();
    api<VariationHistoryEntry[]>('/affiliate/account/variation-history', { signal: controller.signal })
      .then(setEntries)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(errorMessage(error, t('history.loadError')));
        setEntries([]);
      });
    return () => controller.abort();
  }, [t]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="variation-history-title">
      <DialogTitle id="variation-history-title">{t('history.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('history.intro')}
        </Typography>
        {entries === null && <CircularProgress size={24} />}
        {entries?.length === 0 && <Typography color="text.secondary">{t('history.empty')}</Typography>}
        <Stack spacing={1.25} data-testid="variation-history">
          {entries?.map((entry) => (
            <Box key={entry.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }} data-testid="variation-history-entry">
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 0.75, flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  {entry.end_date === null
                    ? t('history.since', { start: dateTime.format(new Date(entry.start_date)) })
                    : t('history.fromTo', { start: dateTime.format(new Date(entry.start_date)), end: dateTime.format(new Date(entry.end_date)) })}
                </Typography>
                {entry.end_date === null && <Chip size="small" color="success" label={t('history.current')} />}
              </Stack>
              <Rate entry={entry} />
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
