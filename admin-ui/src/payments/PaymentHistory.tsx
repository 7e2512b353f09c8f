import DownloadIcon from '@mui/icons-material/Download';
import ReportIcon from '@mui/icons-material/ReportProblem';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchIcon from '@mui/icons-material/Search';
import { formatAffiliateId, formatEuros, paymentReferenceText, weekLabelOr, type PaymentHistoryRow, type PayoutStatus } from '@affilux/contract';
import {
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
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
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { EmptyState } from '../shared/EmptyState';
import { footerTotal, matchesPayment } from './historyRows';

const STATUS_COLOR: Record<PayoutStatus, 'default' | 'success' | 'error'> = { issued: 'default', paid: 'success', failed: 'error' };

export type HistoryActions = {
  canWrite: boolean;
  downloading: string | null;
  onDownload: (row: PaymentHistoryRow) => void;
  onFail: (row: PaymentHistoryRow) => void;
};

const StatusChip = ({ row }: { row: PaymentHistoryRow }) => {
  const translate = useTranslate();
  const chip = <Chip size="small" color={STATUS_COLOR[row.status] ?? 'default'} label={translate(`app.payments.status.${row.status}`)} data-testid={`payment-status-${row.id}`} />;
  return row.status === 'failed' && row.failure_reason ? <Tooltip title={row.failure_reason}>{chip}</Tooltip> : chip;
};

const InvoiceButton = ({ row, downloading, onDownload }: { row: PaymentHistoryRow } & Pick<HistoryActions, 'downloading' | 'onDownload'>) => {
  const translate = useTranslate();
  if (row.reference === null) return <Typography variant="body2" color="text.secondary">-</Typography>;
  return (
    <Button
      size="small"
      startIcon={downloading === row.id ? <CircularProgress size={14} /> : <DownloadIcon />}
      disabled={downloading !== null}
      onClick={() => onDownload(row)}
      aria-label={`${translate('app.payments.download')} ${paymentReferenceText(row.reference)}`}
      sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
      data-testid={`payment-invoice-${row.id}`}
    >
      {paymentReferenceText(row.reference)}
    </Button>
  );
};

const FailButton = ({ row, onFail }: { row: PaymentHistoryRow; onFail: (row: PaymentHistoryRow) => void }) => {
  const translate = useTranslate();
  if (row.status === 'failed') return null;
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
            <InvoiceButton row={row} {...actions} />
            <Box sx={{ flex: 1 }} />
            {actions.canWrite && <FailButton row={row} onFail={actions.onFail} />}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
};

const HistoryTable = ({ rows, actions }: { rows: PaymentHistoryRow[]; actions: HistoryActions }) => {
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
            {actions.canWrite && <TableCell />}
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
              <TableCell sx={{ fontFamily: 'monospace' }}>{formatAffiliateId(row.unique_id)}</TableCell>
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
                <InvoiceButton row={row} {...actions} />
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
              {translate('app.payments.footer', { smart_count: rows.length, total: formatEuros(footerTotal(rows)) })}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
};

/** The history: search, the table (cards on phones) and the footer with the count and total shown. */
export const PaymentHistory = ({ rows, actions }: { rows: PaymentHistoryRow[] | undefined; actions: HistoryActions }) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (rows ?? []).filter((row) => matchesPayment(row, query)), [rows, query]);
  return (
    <Card sx={{ mb: 2 }}>
      <Box sx={{ p: 1.5 }}>
        <TextField
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={translate('app.payments.search')}
          sx={{ maxWidth: 520 }}
          fullWidth
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            htmlInput: { 'aria-label': translate('app.payments.search'), maxLength: 200, 'data-testid': 'payments-search' },
          }}
        />
      </Box>
      {rows && shown.length === 0 ? (
        <EmptyState icon={ReceiptLongIcon} text={translate(rows.length === 0 ? 'app.payments.empty' : 'app.payments.no_match')} testId="payments-empty" />
      ) : phone ? (
        <>
          <HistoryCards rows={shown} actions={actions} />
          <Typography variant="body2" sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', fontWeight: 600 }} data-testid="payments-footer">
            {translate('app.payments.footer', { smart_count: shown.length, total: formatEuros(footerTotal(shown)) })}
          </Typography>
        </>
      ) : (
        <HistoryTable rows={shown} actions={actions} />
      )}
    </Card>
  );
};
