import DownloadIcon from '@mui/icons-material/Download';
import ReportIcon from '@mui/icons-material/ReportProblem';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchIcon from '@mui/icons-material/Search';
import { creditNoteReferenceText, formatAffiliateId, formatCount, formatEuros, paymentReferenceText, USER_SEARCH_DEBOUNCE_MS, weekLabelOr, type PaymentHistoryRow, type PayoutStatus } from '@affilux/contract';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
  LinearProgress,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { EmptyState } from '../shared/EmptyState';
import { useDebounced } from '../shared/useDebounced';
import { PAYMENTS_QUERY, usePaymentCalls, type PaymentDocument } from './api';

const STATUS_COLOR: Record<PayoutStatus, 'default' | 'success' | 'error'> = { issued: 'default', paid: 'success', failed: 'error' };

/** The download under way (one at a time). */
export type Downloading = { id: string; document: PaymentDocument } | null;

export type HistoryActions = {
  canWrite: boolean;
  downloading: Downloading;
  onDownload: (row: PaymentHistoryRow, document: PaymentDocument) => void;
  onFail: (row: PaymentHistoryRow) => void;
};

const StatusChip = ({ row }: { row: PaymentHistoryRow }) => {
  const translate = useTranslate();
  const chip = <Chip size="small" color={STATUS_COLOR[row.status] ?? 'default'} label={translate(`app.payments.status.${row.status}`)} data-testid={`payment-status-${row.id}`} />;
  return row.status === 'failed' && row.failure_reason ? <Tooltip title={row.failure_reason}>{chip}</Tooltip> : chip;
};

/** A document's download, labelled with its number (0042, AV-0001). */
const DocumentButton = ({
  row,
  document,
  number,
  testId,
  downloading,
  onDownload,
}: { row: PaymentHistoryRow; document: PaymentDocument; number: string; testId: string } & Pick<HistoryActions, 'downloading' | 'onDownload'>) => {
  const translate = useTranslate();
  const busy = downloading?.id === row.id && downloading.document === document;
  return (
    <Button
      size="small"
      startIcon={busy ? <CircularProgress size={14} /> : <DownloadIcon />}
      disabled={downloading !== null}
      onClick={() => onDownload(row, document)}
      aria-label={translate(`app.payments.${document}.download`, { reference: number })}
      sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
      data-testid={testId}
    >
      {number}
    </Button>
  );
};

/** The invoice ('-' until it is issued) and, once a failed payout's is issued, the credit note that cancels it. */
const DocumentButtons = ({ row, downloading, onDownload }: { row: PaymentHistoryRow } & Pick<HistoryActions, 'downloading' | 'onDownload'>) => (
  <>
    {row.reference === null ? (
      <Typography variant="body2" color="text.secondary">
        -
      </Typography>
    ) : (
      <DocumentButton row={row} document="invoice" number={paymentReferenceText(row.reference)} testId={`payment-invoice-${row.id}`} downloading={downloading} onDownload={onDownload} />
    )}
    {row.credit_note != null && (
      <DocumentButton
        row={row}
        document="credit_note"
        number={creditNoteReferenceText(row.credit_note)}
        testId={`payment-credit-note-${row.id}`}
        downloading={downloading}
        onDownload={onDownload}
      />
    )}
  </>
);

const FailButton = ({ row, onFail }: { row: PaymentHistoryRow; onFail: (row: PaymentHistoryRow) => void }) => {
  const translate = useTranslate();
  // The server fails a payout only once its invoice is drawn (its credit note cancels that invoice).
  if (row.status === 'failed' || row.reference === null) return null;
  return (
    <Tooltip title={translate('app.payments.fail.action')}>
      <IconButton size="small" onClick={() => onFail(row)} aria-label={translate('app.payments.fail.action')} data-testid={`payment-fail-${row.id}`}>
        <ReportIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** Phones: a card per payment with the same fields. */
const HistoryCards = ({ rows, actions }: { rows: PaymentHistoryRow[]; actions: HistoryActions }) => {
  const translate = useTranslate();
  const format = useFormatters();
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid="payments-history">
      {rows.map((row) => (
        <Box key={row.id} sx={{ p: 1.5 }} data-testid={`payment-row-${row.id}`}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
            <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
              {row.first_name} {row.last_name} <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>#{formatAffiliateId(row.unique_id)}</Typography>
            </Typography>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatEuros(row.amount)}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {weekLabelOr(row.week_label, translate('app.payments.manual'))} · {row.payment_date ? format.date(row.payment_date) : '-'} · {translate(`app.payments.methods.${row.payment_method_type ?? 'none'}`)}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 0.5 }}>
            <StatusChip row={row} />
            <DocumentButtons row={row} downloading={actions.downloading} onDownload={actions.onDownload} />
            <Box sx={{ flex: 1 }} />
            {actions.canWrite && <FailButton row={row} onFail={actions.onFail} />}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
};

const HistoryTable = ({ rows, actions, footer }: { rows: PaymentHistoryRow[]; actions: HistoryActions; footer: string }) => {
  const translate = useTranslate();
  const format = useFormatters();
  const column = (name: string) => translate(`app.payments.columns.${name}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="payments-history" sx={{ '& td, & th': { px: 1.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{column('affiliate')}</TableCell>
            <TableCell>{column('unique_id')}</TableCell>
            <TableCell align="right">{column('amount')}</TableCell>
            <TableCell>{column('method')}</TableCell>
            <TableCell>{column('period')}</TableCell>
            <TableCell>{column('payment_date')}</TableCell>
            <TableCell>{column('status')}</TableCell>
            <TableCell>{column('invoice')}</TableCell>
            {actions.canWrite && <TableCell sx={{ position: 'relative' }}><Box component="span" sx={visuallyHidden}>{column('actions')}</Box></TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover data-testid={`payment-row-${row.id}`}>
              <TableCell sx={{ maxWidth: 240 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  {row.first_name} {row.last_name}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {row.email}
                </Typography>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>#{formatAffiliateId(row.unique_id)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatEuros(row.amount)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`app.payments.methods.${row.payment_method_type ?? 'none'}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{weekLabelOr(row.week_label, translate('app.payments.manual'))}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.payment_date ? format.date(row.payment_date) : '-'}</TableCell>
              <TableCell>
                <StatusChip row={row} />
              </TableCell>
              <TableCell>
                <Stack sx={{ alignItems: 'flex-start' }}>
                  <DocumentButtons row={row} downloading={actions.downloading} onDownload={actions.onDownload} />
                </Stack>
              </TableCell>
              {actions.canWrite && (
                <TableCell align="right">
                  <FailButton row={row} onFail={actions.onFail} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={actions.canWrite ? 9 : 8} sx={{ fontWeight: 600, fontSize: '0.875rem', color: 'text.primary' }} data-testid="payments-footer">
              {footer}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
};

const PER_PAGE = 50;

/** The history: search (server side, 300 ms after typing), the table (cards on phones), pages, and the footer with the count and total of the matches. */
export const PaymentHistory = ({ actions }: { actions: HistoryActions }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = usePaymentCalls();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const history = useQuery({ queryKey: [PAYMENTS_QUERY, 'history', q, page], queryFn: () => calls.getHistory(q, page, PER_PAGE), placeholderData: keepPreviousData });
  useEffect(() => {
    setPage(0);
  }, [q]);
  useEffect(() => {
    if (history.isError) notify(serverMessage(history.error) ?? translate('app.payments.history_error'), { type: 'error' });
  }, [history.isError, history.error, notify, translate]);

  const data = history.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PER_PAGE));
  const footer = data ? translate('app.payments.footer', { smart_count: data.total, count: formatCount(data.total), total: formatEuros(data.totalAmount) }) : '';
  return (
    <Card sx={{ mb: 2 }}>
      <Box sx={{ p: 1.5 }}>
        <TextField
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={translate('app.payments.search')}
          sx={{ maxWidth: 520 }}
          fullWidth
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            htmlInput: { 'aria-label': translate('app.payments.search'), maxLength: 200, 'data-testid': 'payments-search' },
          }}
        />
      </Box>
      <Box sx={{ height: 2 }}>{history.isFetching && <LinearProgress sx={{ height: 2 }} />}</Box>
      {history.isError && !data ? (
        <Alert severity="error" sx={{ m: 1.5 }}>
          {translate('app.payments.history_error')}
        </Alert>
      ) : data && data.rows.length === 0 ? (
        <EmptyState icon={ReceiptLongIcon} text={translate(q ? 'app.payments.no_match' : 'app.payments.empty')} testId="payments-empty" />
      ) : phone ? (
        <>
          <HistoryCards rows={data?.rows ?? []} actions={actions} />
          <Typography variant="body2" sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', fontWeight: 600 }} data-testid="payments-footer">
            {footer}
          </Typography>
        </>
      ) : (
        <HistoryTable rows={data?.rows ?? []} actions={actions} footer={footer} />
      )}
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', py: 1.5 }}>
          <Pagination count={pages} page={page + 1} onChange={(_, value) => setPage(value - 1)} size="small" />
        </Stack>
      )}
    </Card>
  );
};
