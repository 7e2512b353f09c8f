import { FileDownloadOutlined, Refresh, Search } from '@mui/icons-material';
import {
  Alert, Box, Button, InputAdornment, LinearProgress, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TablePagination, TableRow, TextField, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import {
  buildStatsCsv, defaultCustomRange, periodFieldMessage, statsEmptyText, DEFAULT_STATS_PERIOD, DEFAULT_STATS_SORT, expandStatRows, networkDayOf, periodRange, statsColumns, statsPagerLabels, statsCsvFileName, statsCsvLabels,
  statsTableView, STATS_PERIODS, STATS_SORTS,
  type DayRange, type PaymentType, type ProcessedStatRow, type StatisticsLabels, type StatsColumn, type StatsPeriod, type StatsSort, type StatsTableAnswer, type StatsTotals,
} from '@affilux/contract';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, toastError, toastSuccess } from '../api/client';
import { downloadCsv } from './download';

const ROWS_PER_PAGE = [25, 50, 100];

type Loaded = { answer: StatsTableAnswer; rows: ProcessedStatRow[] };

/** On a phone the pager keeps its count and arrows only: the rows-per-page choice would push the next-page arrow out of the card. */
const PAGER_ON_PHONES = { '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'inline-flex' } }, '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } } };

/**
 * The statistics table (spec: shared by /affiliate/stats and the back office's user statistics):
 * period, search and sort, the rows the skipping rule keeps with a totals row, refresh and CSV
 * export. `path` answers a StatsTableAnswer for `?period=...&from=...&to=...`; the rows are
 * searched, sorted and totalled here with the contract's rules.
 */
export function StatisticsTable({ path }: { path: string }) {
  const { t, i18n } = useTranslation('stats');
  const labels = t('table', { returnObjects: true }) as StatisticsLabels;
  const [period, setPeriod] = useState<StatsPeriod>(DEFAULT_STATS_PERIOD);
  const [custom, setCustom] = useState<DayRange>(() => defaultCustomRange(networkDayOf(new Date())));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<StatsSort>(DEFAULT_STATS_SORT);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(ROWS_PER_PAGE[0]!);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  const today = loaded?.answer.today ?? networkDayOf(new Date());
  const range = periodRange(period, today, custom);
  const query = range.ok ? `period=${period}${period === 'custom' ? `&from=${range.from}&to=${range.to}` : ''}` : null;

  useEffect(() => {
    // A refused period loads nothing (and ends a load it cut short).
    if (query === null) return void setLoading(false);
    const controller = new AbortController();
    setLoading(true);
    api<StatsTableAnswer>(`${path}?${query}`, { signal: controller.signal }).then(
      (answer) => {
        setLoaded({ answer, rows: expandStatRows(answer) });
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded(null);
        setLoading(false);
        toastError(error, labels.messages.loadError);
      },
    );
    return () => controller.abort();
    // `reloads` is the refresh button.
  }, [path, query, reloads, labels.messages.loadError]);

  const paymentType: PaymentType = loaded?.answer.payment_type ?? 'ppt';
  const deferredSearch = useDeferredValue(search);
  // While the period is refused, the rows loaded before are not its rows: none are shown or exported.
  const rows = range.ok ? loaded?.rows : undefined;
  const view = useMemo(() => statsTableView(rows ?? [], { paymentType, search: deferredSearch, sort }), [rows, paymentType, deferredSearch, sort]);
  useEffect(() => {
    setPage(0);
  }, [deferredSearch, sort, loaded]);

  const exportCsv = useCallback(() => {
    if (!view.rows.length || !loaded) return void toastError(null, labels.messages.noData);
    const csv = buildStatsCsv(view.rows, { paymentType, labels: statsCsvLabels(labels, paymentType), decimalComma: i18n.resolvedLanguage !== 'en' });
    downloadCsv(csv, statsCsvFileName(loaded.answer.period, loaded.answer.today, loaded.answer));
    toastSuccess(labels.messages.exported);
  }, [view.rows, loaded, paymentType, labels, i18n.resolvedLanguage]);

  const choosePeriod = (next: StatsPeriod) => {
    if (next === 'custom' && period !== 'custom') setCustom(defaultCustomRange(today));
    setPeriod(next);
  };
  const columns = statsColumns(labels, paymentType);
  const conversionsLabel = columns[6]!.label;
  const shown = view.rows.slice(page * perPage, page * perPage + perPage);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const emptyText = statsEmptyText(labels, { loading, shown: view.rows.length, range, hiddenBySearch: view.hiddenBySearch });

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }} data-testid="stats-table-card">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, p: 2, alignItems: 'flex-start' }}>
        <TextField select size="small" label={labels.table.period} value={period} onChange={(e) => choosePeriod(e.target.value as StatsPeriod)} sx={{ minWidth: 190 }}
          slotProps={{ htmlInput: { 'data-testid': 'stats-period' } }}>
          {STATS_PERIODS.map((p) => <MenuItem key={p} value={p} data-testid={`stats-period-${p}`}>{labels.periods[p]}</MenuItem>)}
        </TextField>
        {period === 'custom' && (
          <>
            <TextField type="date" size="small" label={labels.table.from} value={custom.from} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              error={!range.ok} helperText={periodFieldMessage(labels, range, 'from')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'stats-from' } }} />
            <TextField type="date" size="small" label={labels.table.to} value={custom.to} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              error={!range.ok} helperText={periodFieldMessage(labels, range, 'to')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'stats-to' } }} />
          </>
        )}
        <TextField size="small" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={labels.table.search} sx={{ flex: '1 1 220px', maxWidth: 360 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': labels.table.search, 'data-testid': 'stats-search' } }} />
        <TextField select size="small" label={labels.table.sort} value={sort} onChange={(e) => setSort(e.target.value as StatsSort)} sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'stats-sort' } }}>
          {STATS_SORTS.map((s) => <MenuItem key={s} value={s}>{s === 'conversions_desc' ? conversionsLabel : labels.sorts[s]}</MenuItem>)}
        </TextField>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { md: 'auto' }, width: { xs: '100%', sm: 'auto' }, '& .MuiButton-root': { whiteSpace: 'nowrap', flex: { xs: '1 1 auto', sm: 'none' } } }}>
          <Button variant="outlined" startIcon={<Refresh />} onClick={() => setReloads((n) => n + 1)} disabled={loading || !range.ok} data-testid="stats-refresh">{labels.table.refresh}</Button>
          <Button variant="contained" startIcon={<FileDownloadOutlined />} onClick={exportCsv} disabled={loading || !range.ok} data-testid="stats-export">{labels.table.export}</Button>
        </Box>
      </Stack>
      {loading && <LinearProgress aria-label={labels.table.loading} />}
      {phone ? (
        <StatCards rows={shown} columns={columns} totals={view.rows.length > 0 ? view.totals : null} empty={emptyText} totalsLabel={labels.table.totals} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="stats-table" sx={{ '& td, & th': { whiteSpace: 'nowrap', px: 1.5 } }}>
            <TableHead>
              <TableRow>
                {columns.map(({ key, label, numeric }) => <TableCell key={key} align={numeric ? 'right' : 'left'}>{label}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={rowKey(row)} hover data-testid="stats-row">
                  {columns.map(({ key, numeric, cell }) => <TableCell key={key} align={numeric ? 'right' : 'left'}>{cell(row)}</TableCell>)}
                </TableRow>
              ))}
              {emptyText !== null && (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="stats-empty">{emptyText}</TableCell>
                </TableRow>
              )}
            </TableBody>
            {view.rows.length > 0 && (
              <TableFooter>
                <TableRow data-testid="stats-totals" sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                  <TableCell colSpan={4}>{labels.table.totals}</TableCell>
                  {columns.slice(4).map(({ key, total }) => <TableCell key={key} align="right">{total?.(view.totals)}</TableCell>)}
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </Box>
      )}
      {view.rows.length > perPage && (
        <TablePagination component="div" count={view.rows.length} page={page} rowsPerPage={perPage} rowsPerPageOptions={ROWS_PER_PAGE}
          onPageChange={(_e, next) => setPage(next)} onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(0); }}
          {...statsPagerLabels(labels)} sx={PAGER_ON_PHONES} data-testid="stats-pager" />
      )}
    </Paper>
  );
}

const rowKey = (row: ProcessedStatRow) => `${row.date}|${row.offerId}|${row.tracker1}|${row.tracker2}`;

/**
 * On a phone, one block per row: its day and offer, its trackers, then every figure under its
 * name. The table's nine columns would leave all but three behind a sideways scroll.
 */
function StatCards({ rows, columns, totals, empty, totalsLabel }: {
  rows: ProcessedStatRow[]; columns: StatsColumn[]; totals: StatsTotals | null; empty: string | null; totalsLabel: string;
}) {
  const [date, offer, tracker1, tracker2, ...figures] = columns as [StatsColumn, StatsColumn, StatsColumn, StatsColumn, ...StatsColumn[]];
  const grid = (cells: { key: string; label: string; value: string }[]) => (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0, mt: 1 }}>
      {cells.map(({ key, label, value }) => (
        <div key={key}>
          <Typography component="dt" variant="caption" color="text.secondary">{label}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
        </div>
      ))}
    </Box>
  );
  const block = { px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' };
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="stats-table">
      {rows.map((row) => (
        <Box component="li" key={rowKey(row)} sx={block} data-testid="stats-row">
          <Typography sx={{ fontWeight: 600 }}>{date.cell(row)} · {offer.cell(row)}</Typography>
          {(row.tracker1 || row.tracker2) && (
            <Typography variant="body2" color="text.secondary">{tracker1.label} : {tracker1.cell(row)} · {tracker2.label} : {tracker2.cell(row)}</Typography>
          )}
          {grid(figures.map((c) => ({ key: c.key, label: c.label, value: c.cell(row) })))}
        </Box>
      ))}
      {empty !== null && <Box component="li" sx={{ ...block, py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="stats-empty">{empty}</Box>}
      {totals && (
        <Box component="li" sx={{ ...block, bgcolor: 'action.hover' }} data-testid="stats-totals">
          <Typography sx={{ fontWeight: 700 }}>{totalsLabel}</Typography>
          {grid(figures.map((c) => ({ key: c.key, label: c.label, value: c.total?.(totals) ?? '' })))}
        </Box>
      )}
    </Box>
  );
}

/** The page's error text when the account has no affiliate ID (no statistics can be asked for). */
export function NoUniqueId() {
  const { t } = useTranslation('stats');
  return <Alert severity="error" data-testid="stats-no-id">{t('table.messages.noUniqueId')}</Alert>;
}
