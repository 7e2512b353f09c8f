import DownloadIcon from '@mui/icons-material/FileDownload';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box, Button, Card, InputAdornment, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TablePagination, TableRow, TextField, Typography,
} from '@mui/material';
import {
  buildStatsCsv, defaultCustomRange, DEFAULT_STATS_PERIOD, DEFAULT_STATS_SORT, expandStatRows, networkDayOf, periodFieldMessage, periodRange, statisticsLabels, statsEmptyText, statsColumns, statsPagerLabels, statsCsvFileName,
  statsCsvLabels, statsTableView, STATS_PERIODS, STATS_SORTS, type DayRange, type StatsPeriod, type StatsSort, type StatsTableAnswer,
} from '@affilux/contract';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { downloadCSV, useLocaleState, useNotify } from 'react-admin';
import { serverMessage } from '../providers/serverError';

/** On a phone the pager keeps its count and arrows only: the rows-per-page choice would push the next-page arrow out of the card. */
const PAGER_ON_PHONES = { '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'inline-flex' } }, '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } } };

/** The contract's words of the statistics table, in the back office's language. */
export const useStatisticsLabels = () => {
  const [locale] = useLocaleState();
  return statisticsLabels[locale === 'en' ? 'en' : 'fr'];
};

/**
 * The statistics table of /admin/users/{id}/statistics, the one the affiliate sees on /affiliate/stats
 * (same rules, from the contract): period (custom: the last 7 days by default), search, sort, the
 * rows kept by the skipping rule, a totals row, refresh and the CSV export. Emptied when loading fails.
 */
export const StatisticsTable = ({ load }: { load: (query: string) => Promise<StatsTableAnswer> }) => {
  const labels = useStatisticsLabels();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const [period, setPeriod] = useState<StatsPeriod>(DEFAULT_STATS_PERIOD);
  const [custom, setCustom] = useState<DayRange | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<StatsSort>(DEFAULT_STATS_SORT);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [answer, setAnswer] = useState<StatsTableAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  const today = answer?.today ?? networkDayOf(new Date());
  const dates = custom ?? defaultCustomRange(today);
  const range = periodRange(period, today, dates);
  const query = range.ok ? new URLSearchParams(period === 'custom' ? { period, from: range.from, to: range.to } : { period }).toString() : null;

  useEffect(() => {
    // A refused period loads nothing (and ends a load it cut short).
    if (query === null) return void setLoading(false);
    let current = true;
    setLoading(true);
    load(query)
      .then((next) => current && setAnswer(next))
      .catch((error: unknown) => {
        if (!current) return;
        setAnswer(null);
        notify(serverMessage(error) ?? labels.messages.loadError, { type: 'error' });
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [load, query, reloads, notify, labels.messages.loadError]);

  const paymentType = answer?.payment_type ?? 'ppt';
  const columns = statsColumns(labels, paymentType);
  // While the period is refused, the rows loaded before are not its rows: none are shown or exported.
  const rows = useMemo(() => (answer && range.ok ? expandStatRows(answer) : []), [answer, range.ok]);
  const deferredSearch = useDeferredValue(search);
  const view = useMemo(() => statsTableView(rows, { paymentType, search: deferredSearch, sort }), [rows, paymentType, deferredSearch, sort]);
  const emptyText = statsEmptyText(labels, { loading, shown: view.rows.length, range, hiddenBySearch: view.hiddenBySearch });
  const lastPage = Math.max(0, Math.ceil(view.rows.length / perPage) - 1);
  const shownPage = Math.min(page, lastPage);

  const exportRows = () => {
    if (!answer || view.rows.length === 0) return notify(labels.messages.noData, { type: 'warning' });
    const csv = buildStatsCsv(view.rows, { paymentType, labels: statsCsvLabels(labels, paymentType), decimalComma: locale !== 'en' });
    downloadCSV(`\ufeff${csv}`, statsCsvFileName(answer.period, answer.today, answer).replace(/\.csv$/, ''));
    notify(labels.messages.exported, { type: 'success' });
  };

  return (
    <Card data-testid="stats-table-card">
      {/* The theme makes fields full width with a margin; here they sit side by side, wrapping on a phone. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 2, alignItems: 'flex-start' }}>
        <Typography variant="subtitle1" component="h2" sx={{ width: '100%' }}>{labels.table.title}</Typography>
        <TextField select size="small" margin="none" fullWidth={false} label={labels.table.period} value={period} sx={{ minWidth: 190 }} slotProps={{ htmlInput: { 'data-testid': 'stats-period' } }}
          onChange={(event) => setPeriod(event.target.value as StatsPeriod)}>
          {STATS_PERIODS.map((value) => <MenuItem key={value} value={value} data-testid={`stats-period-${value}`}>{labels.periods[value]}</MenuItem>)}
        </TextField>
        {period === 'custom' && (['from', 'to'] as const).map((bound) => (
          <TextField key={bound} type="date" size="small" margin="none" fullWidth={false} label={labels.table[bound]} value={dates[bound]} error={!range.ok}
            helperText={periodFieldMessage(labels, range, bound)}
            onChange={(event) => setCustom({ ...dates, [bound]: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `stats-${bound}` } }} />
        ))}
        <TextField size="small" margin="none" placeholder={labels.table.search} value={search} onChange={(event) => setSearch(event.target.value)} sx={{ flex: '1 1 220px', maxWidth: 360 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': labels.table.search, 'data-testid': 'stats-search' } }} />
        <TextField select size="small" margin="none" fullWidth={false} label={labels.table.sort} value={sort} sx={{ minWidth: 200 }} slotProps={{ htmlInput: { 'data-testid': 'stats-sort' } }}
          onChange={(event) => setSort(event.target.value as StatsSort)}>
          {STATS_SORTS.map((value) => <MenuItem key={value} value={value}>{value === 'conversions_desc' ? columns[6]!.label : labels.sorts[value]}</MenuItem>)}
        </TextField>
        <Stack direction="row" sx={{ gap: 1, ml: { md: 'auto' } }}>
          <Button variant="outlined" startIcon={<RefreshIcon />} disabled={loading || !range.ok} onClick={() => setReloads((n) => n + 1)} data-testid="stats-refresh">{labels.table.refresh}</Button>
          <Button variant="contained" startIcon={<DownloadIcon />} disabled={loading || !range.ok} onClick={exportRows} data-testid="stats-export">{labels.table.export}</Button>
        </Stack>
      </Box>
      {loading && <LinearProgress />}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="stats-table" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>{columns.map((column) => <TableCell key={column.key} align={column.numeric ? 'right' : undefined}>{column.label}</TableCell>)}</TableRow>
          </TableHead>
          <TableBody>
            {view.rows.slice(shownPage * perPage, (shownPage + 1) * perPage).map((row) => (
              <TableRow key={`${row.date}|${row.offerId}|${row.tracker1}|${row.tracker2}`} hover data-testid="stats-row">
                {columns.map((column) => <TableCell key={column.key} align={column.numeric ? 'right' : undefined}>{column.cell(row)}</TableCell>)}
              </TableRow>
            ))}
            {emptyText !== null && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="stats-empty">{emptyText}</TableCell>
              </TableRow>
            )}
          </TableBody>
          {view.rows.length > 0 && (
            <TableFooter>
              <TableRow data-testid="stats-totals">
                <TableCell colSpan={4} sx={{ fontWeight: 700, color: 'text.primary' }}>{labels.table.totals}</TableCell>
                {columns.flatMap((column) => (column.total ? [column.total] : [])).map((total, i) => (
                  <TableCell key={i} align="right" sx={{ fontWeight: 700, color: 'text.primary' }}>{total(view.totals)}</TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </Box>
      {view.rows.length > perPage && (
        <TablePagination component="div" count={view.rows.length} page={shownPage} rowsPerPage={perPage} rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_event, next) => setPage(next)} onRowsPerPageChange={(event) => { setPerPage(Number(event.target.value)); setPage(0); }}
          {...statsPagerLabels(labels)} sx={PAGER_ON_PHONES} data-testid="stats-pager" />
      )}
    </Card>
  );
};
