import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import { csvCell, type RejectedRow } from '@affilux/contract';
import { Box, Button, InputAdornment, Stack, TablePagination, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useCountFormatters } from './format';
import { ResponsiveRows } from './ResponsiveRows';

const PER_PAGE_OPTIONS = [25, 50, 100];

const matches = (row: RejectedRow, search: string) =>
  `${row.row} ${row.source ?? ''} ${row.stat_date ?? ''} ${row.reason}`.toLowerCase().includes(search);

/**
 * The refused rows as CSV (row, source, stat_date, reason), to fix a large file offline. A refused
 * row's cells are whatever the file held: like the statistics export, a cell starting with = + - @
 * (a formula to a spreadsheet) is neutralised.
 */
export function rejectedRowsCsv(rows: readonly RejectedRow[]): string {
  const line = (cells: (string | number | null)[]) => cells.map((value) => csvCell(String(value ?? ''), ',')).join(',');
  return ['row,source,stat_date,reason', ...rows.map((r) => line([r.row, r.source, r.stat_date, r.reason]))].join('\n');
}

function downloadCsv(rows: RejectedRow[], fileName: string) {
  const text = rejectedRowsCsv(rows);
  const url = URL.createObjectURL(new Blob([`\ufeff${text}\n`], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** Every refused row of a file with its reason: searchable and paged (a file may have thousands). */
export const RejectedRows = ({ rows, total, fileName }: { rows: RejectedRow[]; total: number; fileName: string }) => {
  const translate = useTranslate();
  const format = useCountFormatters();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PER_PAGE_OPTIONS[0]!);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? rows.filter((row) => matches(row, needle)) : rows;
  }, [rows, search]);
  const pageRows = shown.slice(page * perPage, page * perPage + perPage);
  const column = (name: string) => translate(`app.imports.rejected.columns.${name}`);
  const place = (row: RejectedRow) => [row.source, row.stat_date].filter(Boolean).join(' · ') || '—';

  return (
    <Box data-testid="rejected-rows">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <TextField
          size="small"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          placeholder={translate('app.imports.rejected.search')}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            htmlInput: { 'aria-label': translate('app.imports.rejected.search'), 'data-testid': 'rejected-search', maxLength: 200 },
          }}
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
        />
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadCsv(rows, `${fileName.replace(/\.[^.]+$/, '')}-lignes-refusees.csv`)} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          {translate('app.imports.rejected.download')}
        </Button>
      </Stack>
      {total > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="rejected-truncated">
          {translate('app.imports.rejected.truncated', { listed: format.count(rows.length), total: format.count(total) })}
        </Typography>
      )}
      <ResponsiveRows
        phone={isSmall}
        inset={false}
        items={pageRows}
        keyOf={(row) => row.row}
        testIdOf={(row) => `rejected-row-${row.row}`}
        columns={[
          { id: 'row', label: column('row'), cell: (row) => format.count(row.row), sx: { width: 90 } },
          { id: 'source', label: column('source'), cell: (row) => row.source ?? '—', sx: { width: 110, fontFamily: 'monospace' } },
          { id: 'stat_date', label: column('stat_date'), cell: (row) => row.stat_date ?? '—', sx: { width: 120, whiteSpace: 'nowrap' } },
          { id: 'reason', label: column('reason'), cell: (row) => row.reason, sx: { color: 'error.dark', overflowWrap: 'anywhere' } },
        ]}
        card={(row) => (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {translate('app.imports.rejected.row', { row: format.count(row.row) })} · {place(row)}
            </Typography>
            <Typography variant="body2" color="error.dark" sx={{ overflowWrap: 'anywhere' }}>{row.reason}</Typography>
          </>
        )}
      />
      {shown.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>{translate('app.imports.rejected.no_match')}</Typography>
      )}
      <TablePagination
        component="div"
        count={shown.length}
        page={page}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={perPage}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        rowsPerPageOptions={isSmall ? [] : PER_PAGE_OPTIONS}
        labelRowsPerPage={translate('app.imports.rejected.per_page')}
        getItemAriaLabel={(type) => translate(`app.imports.pages.${type}`)}
        labelDisplayedRows={({ from, to, count }) => translate('app.imports.rejected.displayed', { from: format.count(from), to: format.count(to), count: format.count(count) })}
      />
    </Box>
  );
};
