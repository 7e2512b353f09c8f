import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import type { StatsImportStatus, StatsImportView } from '@affilux/contract';
import {
  Alert, Box, Card, CardContent, Chip, LinearProgress, Stack, TablePagination, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { EmptyState } from '../shared/EmptyState';
import { useCountFormatters } from './format';
import { useImportCalls } from './importsApi';
import { ResponsiveRows } from './ResponsiveRows';

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
  const optional = (n: number | null) => (n === null ? '—' : format.count(n));
  const fileName = (item: StatsImportView) => item.file_name ?? translate('app.imports.history.no_file');
  const column = (name: string) => translate(`app.imports.history.columns.${name}`);

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
      ) : (
        <ResponsiveRows
          phone={isSmall}
          items={imports}
          keyOf={(item) => item.id}
          testIdOf={(item) => `import-history-${item.id}`}
          columns={[
            { id: 'started_at', label: column('started_at'), cell: (item) => dates.dateTime(item.started_at), sx: { whiteSpace: 'nowrap' } },
            { id: 'file_name', label: column('file_name'), cell: fileName, sx: { overflowWrap: 'anywhere' } },
            { id: 'sender', label: column('sender'), cell: (item) => <Sender item={item} /> },
            { id: 'rows_received', label: column('rows_received'), cell: (item) => format.count(item.rows_received), align: 'right' },
            { id: 'rows_changed', label: column('rows_changed'), cell: (item) => optional(item.rows_changed), align: 'right' },
            { id: 'days_changed', label: column('days_changed'), cell: (item) => optional(item.days_changed), align: 'right' },
            { id: 'affiliates', label: column('affiliates'), cell: (item) => optional(item.affiliates), align: 'right' },
            { id: 'status', label: column('status'), cell: (item) => <StatusChip status={item.status} /> },
          ]}
          card={(item) => (
            <>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{fileName(item)}</Typography>
                <StatusChip status={item.status} />
              </Stack>
              <Typography variant="body2" color="text.secondary">{dates.dateTime(item.started_at)} · <Sender item={item} /></Typography>
              <Typography variant="body2">
                {translate('app.imports.history.summary', { received: format.count(item.rows_received), changed: optional(item.rows_changed), affiliates: optional(item.affiliates) })}
              </Typography>
            </>
          )}
        />
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
