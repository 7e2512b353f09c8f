import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatCount, formatEuros, tierStatus, type PaymentType, type PptInfo } from '@affilux/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';

export type PptInfoState = { info: PptInfo | null; error: boolean; loading: boolean; reload: () => void };

/** GET /affiliate/stats/ppt-info, with a retry. */
export function usePptInfo(): PptInfoState {
  const [state, setState] = useState<{ info: PptInfo | null; error: boolean; loading: boolean }>({ info: null, error: false, loading: true });
  const load = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: false }));
    api<PptInfo>('/affiliate/stats/ppt-info').then(
      (info) => setState({ info, error: false, loading: false }),
      () => setState({ info: null, error: true, loading: false }),
    );
  }, []);
  useEffect(load, [load]);
  return { ...state, reload: load };
}

/** The compensation block of the details modal: the rate, and a button to the compensation details. */
export function CompensationSummary({ state, paymentType, onDetails }: { state: PptInfoState; paymentType: PaymentType; onDetails: () => void }) {
  const { t } = useTranslation('offers');
  if (state.loading) return <LinearProgress />;
  if (state.error || !state.info) {
    return (
      <Alert severity={state.error ? 'error' : 'info'} action={<Button color="inherit" size="small" onClick={state.reload}>{t('compensation.retry')}</Button>}>
        {t(state.error ? 'compensation.loadError' : 'compensation.noData')}
      </Alert>
    );
  }
  const { info } = state;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} data-testid="compensation-summary">
      <Box sx={{ flex: 1, minWidth: 180 }}>
        <Typography sx={{ fontWeight: 700 }}>{t(`compensation.perConversion_${paymentType}`, { amount: formatEuros(info.amount) })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {info.type === 'variant' ? t('compensation.variant', { name: info.variant_name }) : t('compensation.standard')}
          {info.is_evolutionary && info.current_tier !== null ? ` · ${t('compensation.currentTier', { tier: info.current_tier })}` : ''}
        </Typography>
      </Box>
      <Button variant="outlined" size="small" onClick={onDetails} data-testid="compensation-details">{t('compensation.seeDetails')}</Button>
    </Box>
  );
}

/** Compensation details: current tier and rate; for tiered variants the grid, the progress to the next tier, or the congratulation at the top. */
export function CompensationDialog({ info, paymentType, onClose }: { info: PptInfo; paymentType: PaymentType; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const tiers = [...info.tiers].sort((a, b) => a.tier_level - b.tier_level);
  const currentIndex = tiers.findIndex((tier) => tier.tier_level === info.current_tier);
  const next = currentIndex >= 0 ? tiers[currentIndex + 1] : undefined;
  const current = currentIndex >= 0 ? tiers[currentIndex] : undefined;
  const remaining = next ? Math.max(0, next.min_sales - info.total_essays) : 0;
  const span = next && current ? next.min_sales - current.min_sales : 1;
  const progress = next && current ? Math.min(100, Math.max(0, ((info.total_essays - current.min_sales) / span) * 100)) : 100;
  const statusColor = { current: 'primary', upcoming: 'default', completed: 'success' } as const;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="compensation-title" data-testid="compensation-dialog">
      <DialogTitle id="compensation-title">{t('compensationModal.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
              <Typography variant="body2" color="text.secondary">{t('compensationModal.currentTier')}</Typography>
              <Typography variant="h6" sx={{ fontWeight: 700 }}>{info.is_evolutionary && info.current_tier !== null ? t('compensationModal.tierLabel', { level: info.current_tier }) : info.type === 'variant' ? info.variant_name : t('compensation.standard')}</Typography>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
              <Typography variant="body2" color="text.secondary">{t('compensationModal.rate')}</Typography>
              <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid="compensation-rate">{formatEuros(info.amount)}</Typography>
            </Paper>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t(`compensationModal.totals_${paymentType}`, { week: formatCount(info.total_essays), total: formatCount(info.global_essays) })}
          </Typography>
          {info.is_evolutionary && tiers.length > 0 ? (
            <>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" data-testid="tier-grid" sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } } }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('compensationModal.tier')}</TableCell>
                      <TableCell>{t(`compensationModal.range_${paymentType}`)}</TableCell>
                      <TableCell>{t('compensationModal.rate')}</TableCell>
                      <TableCell>{t('compensationModal.status')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {tiers.map((tier) => {
                      const status = tierStatus(tier, info.current_tier, info.total_essays);
                      return (
                        <TableRow key={tier.tier_level} selected={status === 'current'}>
                          <TableCell>{t('compensationModal.tierLabel', { level: tier.tier_level })}</TableCell>
                          <TableCell>{tier.max_sales === null ? t('compensationModal.rangeOpen', { min: tier.min_sales }) : t('compensationModal.rangeClosed', { min: tier.min_sales, max: tier.max_sales })}</TableCell>
                          <TableCell>{formatEuros(tier.amount)}</TableCell>
                          <TableCell><Chip size="small" color={statusColor[status]} label={t(`compensationModal.${status}`)} sx={{ '& .MuiChip-label': { px: { xs: 0.75, sm: 1 } } }} /></TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </Box>
              {next ? (
                <Box data-testid="tier-progress">
                  <LinearProgress variant="determinate" value={progress} sx={{ height: 10, borderRadius: 5 }} aria-labelledby="tier-progress-text" />
                  <Typography id="tier-progress-text" variant="body2" sx={{ mt: 1 }}>{t(`compensationModal.remaining_${paymentType}`, { count: remaining, tier: next.tier_level })}</Typography>
                </Box>
              ) : (
                <Alert severity="success" data-testid="tier-congratulations">{t('compensationModal.congratulations')}</Alert>
              )}
              <Typography variant="caption" color="text.secondary">{t('compensationModal.weekly')}</Typography>
            </>
          ) : (
            <Typography color="text.secondary">{t('compensationModal.fixed')}</Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="compensation-close">{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
