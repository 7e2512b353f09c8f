import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import type { StatsImportStatus, StatsImportView } from '@affilux/contract';
import {
  Alert, Box, Card, CardContent, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { EmptyState } from '../shared/EmptyState';
import { useCountFormatters } from './format';
import { useImportCalls } from './importsApi';

export const IMPORTS_QUERY = 'stats-imports';
const PER_PAGE = 10;

const STATUS_COLORS: Record<StatsImportStatus, 'success' | 'warning' | 'default'> = { completed: 'success', abandoned: 'warning', started: 'default' };

const StatusChip = ({ status }: { status: StatsImportStatus }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[status]} variant={status === 'completed' ? 'outlined' : 'filled'} label={translate(`app.imports.history.status.${status}`)} />;
};

const Sender = ({ item }: { item: StatsImportView }) => {
  const translate = useTranslate();
  if (item.sender_kind === 'api_key') {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <KeyIcon fontSize="inherit" color="action" aria-label={translate('app.imports.history.api_key')} />
        {item.sender_name ?? translate('app.imports.history.api_key')}
      </Box>
    );
  }
  return <>{item.sender_name ?? translate('app.imports.history.admin')}</>;
};

/** The recorded imports, newest first (rm_stats_imports): who sent which file, and what it changed. */
export const ImportHistory = () => {
  const translate = useTranslate();
  const dates = useFormatters();
  const format = useCountFormatters();
  const calls = useImportCalls();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [page, setPage] = useState(0);
  const list = useQuery({ queryKey: [IMPORTS_QUERY, page], queryFn: () => calls.getImports(page, PER_PAGE), placeholderData: keepPreviousData });
  const imports = list.data?.imports ?? [];
  const changed = (item: StatsImportView) => (item.rows_changed === null ? '—' : format.count(item.rows_changed));
  const fileName = (item: StatsImportView) => item.file_name ?? translate('app.imports.history.no_file');

  return (
    <Card data-testid="import-history">
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="subtitle1" component="h2">{translate('app.imports.history.title')}</Typography>
        <Typography variant="body2" color="text.secondary">{translate('app.imports.history.subtitle')}</Typography>
      </CardContent>
      <Box sx={{ height: 2 }}>{list.isFetching && <LinearProgress sx={{ height: 2 }} />}</Box>
      {list.isError && !list.data ? (
        <Alert severity="error" sx={{ m: 2 }}>{translate('app.imports.history.load_error')}</Alert>
      ) : list.data && imports.length === 0 ? (
        <EmptyState icon={HistoryIcon} text={translate('app.imports.history.empty')} testId="import-history-empty" />
      ) : isSmall ? (
        <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} sx={{ px: 2 }}>
          {imports.map((item) => (
            <Box key={item.id} sx={{ py: 1.25 }} data-testid={`import-history-${item.id}`}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{fileName(item)}</Typography>
                <StatusChip status={item.status} />
              </Stack>
              <Typography variant="body2" color="text.secondary">{dates.dateTime(item.started_at)} · <Sender item={item} /></Typography>
              <Typography variant="body2">
                {translate('app.imports.history.summary', { received: format.count(item.rows_received), changed: changed(item), affiliates: item.affiliates === null ? '—' : format.count(item.affiliates) })}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {(['started_at', 'file_name', 'sender', 'rows_received', 'rows_changed', 'days_changed', 'affiliates', 'status'] as const).map((column) => (
                  <TableCell key={column} align={column.startsWith('rows') || column === 'days_changed' || column === 'affiliates' ? 'right' : 'left'}>
                    {translate(`app.imports.history.columns.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {imports.map((item) => (
                <TableRow key={item.id} data-testid={`import-history-${item.id}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.dateTime(item.started_at)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', color: item.file_name ? undefined : 'text.secondary' }}>{fileName(item)}</TableCell>
                  <TableCell><Sender item={item} /></TableCell>
                  <TableCell align="right">{format.count(item.rows_received)}</TableCell>
                  <TableCell align="right">{changed(item)}</TableCell>
                  <TableCell align="right">{item.days_changed === null ? '—' : format.count(item.days_changed)}</TableCell>
                  <TableCell align="right">{item.affiliates === null ? '—' : format.count(item.affiliates)}</TableCell>
                  <TableCell><StatusChip status={item.status} /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {(list.data?.total ?? 0) > PER_PAGE && (
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[]}
          labelDisplayedRows={({ from, to, count }) => translate('app.imports.rejected.displayed', { from: format.count(from), to: format.count(to), count: format.count(count) })}
          getItemAriaLabel={(type) => translate(`app.imports.pages.${type}`)}
        />
      )}
    </Card>
  );
};
