import { AccountBalanceWalletOutlined, CalendarMonthOutlined, PaymentsOutlined, ReceiptLongOutlined, SavingsOutlined } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import {
  formatEuros,
  MINIMUM_PAYOUT_CENTS,
  centsToDecimal,
  decimalToCents,
  missingForPayout,
  paymentReferenceText,
  unbreakableWeek,
  weekLabelOr,
  type AffiliatePayment,
  type AffiliatePaymentsData,
} from '@affilux/contract';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../api/client';
import { SummaryCard } from '../affiliate/SummaryCard';
import { usePageTitle } from '../layout/usePageTitle';
import { DocumentButton } from './DocumentButton';
import { PaymentExplanationDialog } from './PaymentExplanationDialog';
import { StatusChip } from './StatusChip';
import { paymentsApi } from './paymentsApi';
import { usePaymentDocuments, type PaymentDocuments } from './usePaymentDocuments';
import { usePaymentFormat } from './usePaymentFormat';

/** The spec's mobile breakpoint: below it the history is a list of cards instead of a table. */
const MOBILE = '(max-width: 767.95px)';
const MINIMUM = formatEuros(centsToDecimal(MINIMUM_PAYOUT_CENTS));

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: AffiliatePaymentsData };

/** GET /affiliate/account/payments; a failure is the spec's toast (the server's message first) and a retry. */
function usePayments() {
  const { t } = useTranslation('payments');
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    paymentsApi.load(controller.signal).then(
      (data) => setState({ status: 'loaded', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toastError(error, t('loadError'));
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt, t]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}

const Amount = ({ value, testId }: { value: string | null; testId: string }) => (
  <Typography variant="h5" component="p" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid={testId}>
    {value === null ? <Skeleton width={120} /> : formatEuros(value)}
  </Typography>
);

/** This week, the unpaid balance against the 500 EUR minimum (and why it was carried over), the last payment. */
function SummaryCards({ data }: { data: AffiliatePaymentsData | null }) {
  const { t } = useTranslation('payments');
  const format = usePaymentFormat();
  const balance = data ? (decimalToCents(data.unpaidBalance) ?? 0) : 0;
  const progress = Math.min(100, Math.max(0, (balance * 100) / MINIMUM_PAYOUT_CENTS));
  const carried = data?.carriedOver;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, mb: 3 }}>
      <SummaryCard icon={<CalendarMonthOutlined />} title={t('cards.thisWeek')} testId="payments-this-week">
        <Amount value={data?.thisWeekEarnings ?? null} testId="payments-this-week-amount" />
        <Typography variant="body2" color="text.secondary">
          {t('cards.thisWeekHint')}
        </Typography>
      </SummaryCard>
      <SummaryCard icon={<SavingsOutlined />} title={t('cards.unpaid')} testId="payments-unpaid">
        <Amount value={data?.unpaidBalance ?? null} testId="payments-unpaid-amount" />
        {data && (
          <>
            <LinearProgress variant="determinate" value={progress} sx={{ height: 6, borderRadius: 3, my: 1 }} aria-label={t('cards.threshold', { minimum: MINIMUM })} />
            <Typography variant="body2" color="text.secondary" data-testid="payments-threshold">
              {balance < 0
                ? t('cards.negative')
                : progress >= 100
                  ? t(data.hasPaymentMethod === false ? 'cards.reachedNoMethod' : 'cards.reached', { minimum: MINIMUM })
                  : t('cards.missing', { amount: formatEuros(missingForPayout(data.unpaidBalance, MINIMUM_PAYOUT_CENTS)), minimum: MINIMUM })}
            </Typography>
            {data.awaitingClose && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="payments-awaiting-close">
                {t('cards.awaitingClose', { count: data.awaitingClose.weeks.length, amount: formatEuros(data.awaitingClose.amount), weeks: data.awaitingClose.weeks.map(unbreakableWeek).join(', ') })}
              </Typography>
            )}
            {carried && (
              <Alert severity={carried.reason === 'below_minimum' ? 'info' : 'warning'} sx={{ mt: 1, py: 0 }} data-testid="payments-carried-over">
                {t(`cards.carried_${carried.reason}`, { week: unbreakableWeek(carried.week), minimum: MINIMUM })}
              </Alert>
            )}
            {data.dormancy && (
              <Alert severity="warning" sx={{ mt: 1, py: 0 }} data-testid="payments-dormant">
                {t('cards.dormant', { since: format.day(data.dormancy.lastMovementOn), from: format.day(data.dormancy.writeOffFrom) })}
              </Alert>
            )}
            {data.writtenOff && (
              <Alert severity="warning" sx={{ mt: 1, py: 0 }} data-testid="payments-written-off">
                {t('cards.writtenOff', { amount: formatEuros(data.writtenOff.amount), on: format.day(data.writtenOff.on) })}
              </Alert>
            )}
          </>
        )}
      </SummaryCard>
      <SummaryCard icon={<PaymentsOutlined />} title={t('cards.lastPayment')} testId="payments-last">
        {data && data.lastPaymentAmount === null ? (
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 600 }}>
            {t('cards.noPayment')}
          </Typography>
        ) : (
          <>
            <Amount value={data?.lastPaymentAmount ?? null} testId="payments-last-amount" />
            {data?.lastPaymentDate && (
              <Typography variant="body2" color="text.secondary" data-testid="payments-last-date">
                {t('cards.lastPaymentOn', { date: format.date(data.lastPaymentDate) })}
              </Typography>
            )}
          </>
        )}
      </SummaryCard>
    </Box>
  );
}

type RowActions = { onOpen: (payment: AffiliatePayment) => void; documents: PaymentDocuments };

/** The invoice (a note while it is being prepared) and, once a failed payout's is issued, the credit note that cancels it. */
function DocumentButtons({ payment, documents, full }: { payment: AffiliatePayment; full?: boolean } & Pick<RowActions, 'documents'>) {
  const { t } = useTranslation('payments');
  const variant = full ? 'outlined' : 'text';
  return (
    <>
      {payment.reference === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('history.noInvoice')}
        </Typography>
      ) : (
        <DocumentButton
          payment={payment}
          document="invoice"
          documents={documents}
          size="small"
          variant={variant}
          label={full ? t('history.invoice') : 'PDF'}
          testId={`payment-invoice-${payment.id}`}
        />
      )}
      <DocumentButton
        payment={payment}
        document="creditNote"
        documents={documents}
        size="small"
        variant={variant}
        label={full ? undefined : t('history.creditNote')}
        testId={`payment-credit-note-${payment.id}`}
      />
    </>
  );
}

function MethodText({ payment }: { payment: AffiliatePayment }) {
  const { t } = useTranslation('payments');
  return <>{t(`methods.${payment.payment_method_type ?? 'none'}`)}</>;
}

/** The history as a table: date, amount, reference, period, method, invoice; a row opens the payment's explanation. */
function HistoryTable({ payments, onOpen, documents }: { payments: AffiliatePayment[] } & RowActions) {
  const { t } = useTranslation('payments');
  const format = usePaymentFormat();
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Table data-testid="payments-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('history.date')}</TableCell>
            <TableCell align="right">{t('history.amount')}</TableCell>
            <TableCell>{t('history.reference')}</TableCell>
            <TableCell>{t('history.period')}</TableCell>
            <TableCell>{t('history.method')}</TableCell>
            <TableCell>{t('history.invoice')}</TableCell>
            <TableCell sx={{ position: 'relative' }}><Box component="span" sx={visuallyHidden}>{t('history.actions')}</Box></TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.map((payment) => (
            <TableRow key={payment.id} hover onClick={() => onOpen(payment)} sx={{ cursor: 'pointer' }} data-testid={`payment-row-${payment.id}`}>
              <TableCell>
                {format.date(payment.payment_date)}
                <StatusChip payment={payment} />
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatEuros(payment.amount)}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{paymentReferenceText(payment.reference)}</TableCell>
              <TableCell>{weekLabelOr(payment.week_label, '-')}</TableCell>
              <TableCell>
                <MethodText payment={payment} />
              </TableCell>
              <TableCell>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                  <DocumentButtons payment={payment} documents={documents} />
                </Stack>
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  startIcon={<ReceiptLongOutlined />}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(payment);
                  }}
                  data-testid={`payment-details-${payment.id}`}
                >
                  {t('history.details')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** The history on a phone: one card a payment with the same fields. */
function HistoryCards({ payments, onOpen, documents }: { payments: AffiliatePayment[] } & RowActions) {
  const { t } = useTranslation('payments');
  const format = usePaymentFormat();
  return (
    <Stack spacing={1.5} data-testid="payments-table">
      {payments.map((payment) => (
        <Card key={payment.id} variant="outlined" sx={{ borderRadius: 3 }} data-testid={`payment-row-${payment.id}`}>
          <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
              <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
                {formatEuros(payment.amount)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('history.reference')}{' '}
                <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.primary' }}>
                  {paymentReferenceText(payment.reference)}
                </Box>
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {[format.date(payment.payment_date), payment.week_label].filter(Boolean).join(' · ')} · <MethodText payment={payment} />
              <StatusChip payment={payment} />
            </Typography>
            <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" variant="contained" startIcon={<ReceiptLongOutlined />} onClick={() => onOpen(payment)} data-testid={`payment-details-${payment.id}`}>
                {t('history.details')}
              </Button>
              <DocumentButtons payment={payment} documents={documents} full />
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** /affiliate/payments: the three cards, the history with its invoices, and each payment's explanation. */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('title'));
  const { state, reload } = usePayments();
  const phone = useMediaQuery(MOBILE);
  const documents = usePaymentDocuments();
  const [open, setOpen] = useState<AffiliatePayment | null>(null);
  const data = state.status === 'loaded' ? state.data : null;
  const actions: RowActions = { onOpen: setOpen, documents };

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t('intro')}
      </Typography>
      {state.status === 'failed' ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>{t('retry')}</Button>} data-testid="payments-load-error">
          {t('loadError')}
        </Alert>
      ) : (
        <>
          <SummaryCards data={data} />
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t('history.title')}
          </Typography>
          {data === null ? (
            <LinearProgress />
          ) : data.payments.length === 0 ? (
            <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, borderRadius: 3, textAlign: 'center' }} data-testid="payments-empty">
              <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>
                <AccountBalanceWalletOutlined />
              </Box>
              <Typography variant="h6" component="p" sx={{ mt: 1 }}>
                {t('history.emptyTitle')}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
                {t('history.emptyText')}
              </Typography>
            </Paper>
          ) : phone ? (
            <HistoryCards payments={data.payments} {...actions} />
          ) : (
            <HistoryTable payments={data.payments} {...actions} />
          )}
        </>
      )}
      {open && <PaymentExplanationDialog payment={open} onClose={() => setOpen(null)} documents={documents} />}
    </>
  );
}
