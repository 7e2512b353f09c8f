import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import {
  creditNoteReferenceText,
  formatAffiliateId,
  formatEuros,
  formatPercent,
  formatSignedEuros,
  lineOfferName,
  paymentReferenceText,
  unbreakableWeek,
  weekLabelOr,
  type AffiliatePayment,
  type EarningsLine,
  type PaymentExplanation,
  type PaymentItem,
} from '@affilux/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';
import { DocumentButton } from './DocumentButton';
import { paymentsApi } from './paymentsApi';
import { StatusChip } from './StatusChip';
import type { PaymentDocuments } from './usePaymentDocuments';
import { usePaymentFormat } from './usePaymentFormat';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; explanation: PaymentExplanation };

function useExplanation(id: string): Loaded {
  const { t } = useTranslation('payments');
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    paymentsApi.explanation(id, controller.signal).then(
      (explanation) => setState({ status: 'loaded', explanation }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(error, t('explanation.loadError')) });
      },
    );
    return () => controller.abort();
  }, [id, t]);
  return state;
}

/** Below this the dialog fills the screen and the lines are a list instead of a table. */
const PHONE = '(max-width: 599.95px)';

/** The lines of a week (or, signed, the differences of a correction): offer, kind, tier, rate, variant version, count, amount. */
function EarningsLines({ lines, signed = false, testId }: { lines: EarningsLine[]; signed?: boolean; testId: string }) {
  const { t } = useTranslation('payments');
  const phone = useMediaQuery(PHONE);
  const c = (key: string) => t(`explanation.columns.${key}`);
  const offer = (line: EarningsLine) => lineOfferName(line, { noOffer: t('explanation.noOffer'), deletedOffer: t('explanation.unknownOffer') });
  const tier = (line: EarningsLine) => (line.tier_level === null ? t('explanation.fixedRate') : t('explanation.tierLevel', { level: line.tier_level }));
  const variant = (line: EarningsLine) =>
    line.variant_name ? t('explanation.variantVersion', { name: line.variant_name, version: line.variant_version ?? 1 }) : t('explanation.standard');
  const count = (line: EarningsLine) => (signed && line.count > 0 ? `+${line.count}` : String(line.count));
  const amount = (line: EarningsLine) => (signed ? formatSignedEuros(line.amount) : formatEuros(line.amount));
  if (phone) {
    return (
      <Stack divider={<Divider flexItem />} data-testid={testId}>
        {lines.map((line, index) => (
          <Stack key={index} direction="row" sx={{ justifyContent: 'space-between', gap: 1, py: 0.75 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {offer(line)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`explanation.kinds.${line.kind}`)} · {tier(line)} · {variant(line)}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {amount(line)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {count(line)} × {formatEuros(line.rate)}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ '& td, & th': { px: 1, py: 0.75, whiteSpace: 'nowrap' } }} data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{c('offer')}</TableCell>
            <TableCell>{c('kind')}</TableCell>
            <TableCell>{c('tier')}</TableCell>
            <TableCell align="right">{c('rate')}</TableCell>
            <TableCell>{c('variant')}</TableCell>
            <TableCell align="right">{c('count')}</TableCell>
            <TableCell align="right">{c('amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={index}>
              <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 120 }}>{offer(line)}</TableCell>
              <TableCell>{t(`explanation.kinds.${line.kind}`)}</TableCell>
              <TableCell>{tier(line)}</TableCell>
              <TableCell align="right">{formatEuros(line.rate)}</TableCell>
              <TableCell>{variant(line)}</TableCell>
              <TableCell align="right">{count(line)}</TableCell>
              <TableCell align="right">{amount(line)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Block({ title, amount, testId, children }: { title: string; amount?: string; testId: string; children: ReactNode }) {
  return (
    <Box data-testid={testId}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {amount !== undefined && (
          <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatSignedEuros(amount)}</Typography>
        )}
      </Stack>
      {children}
    </Box>
  );
}

/** One line with a label and an amount (a referral, an adjustment, the balance carried in). */
function AmountLine({ label, detail, amount, testId }: { label: ReactNode; detail?: ReactNode; amount: string; testId?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.75 }} data-testid={testId}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary" component="div">
            {detail}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {formatSignedEuros(amount)}
      </Typography>
    </Stack>
  );
}

function Explanation({ explanation }: { explanation: PaymentExplanation }) {
  const { t, i18n } = useTranslation('payments');
  const format = usePaymentFormat();
  const byKind = (...kinds: PaymentItem['kind'][]) => explanation.items.filter((item) => kinds.includes(item.kind));
  const weeks = byKind('week');
  const corrections = byKind('correction');
  const referrals = byKind('referral');
  const adjustments = byKind('adjustment', 'reinstatement');
  const language = i18n.resolvedLanguage ?? 'fr';

  return (
    <Stack spacing={2.5} divider={<Divider flexItem />}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
        <Fact label={t('explanation.week')} testId="explanation-week">
          {weekLabelOr(explanation.week_label, '-')}
          {explanation.week_start && explanation.week_end && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('explanation.weekDates', { start: format.day(explanation.week_start), end: format.day(explanation.week_end) })}
            </Typography>
          )}
        </Fact>
        <Fact label={t('explanation.paidOn')}>{format.date(explanation.payment_date)}</Fact>
        <Fact label={t('explanation.method')}>{t(`methods.${explanation.payment_method_type ?? 'none'}`)}</Fact>
        <Fact label={t('explanation.status')}>
          {explanation.status ? t(`status.${explanation.status}`) : '-'}
        </Fact>
      </Box>
      {explanation.status === 'failed' && (
        <Alert severity="error" data-testid="explanation-failed">
          {t('explanation.failed', { reason: explanation.failure_reason ?? '-' })}
          {explanation.reference !== null &&
            explanation.credit_note != null &&
            ` ${t('explanation.cancelled', { invoice: paymentReferenceText(explanation.reference), creditNote: creditNoteReferenceText(explanation.credit_note) })}`}
        </Alert>
      )}
      {weeks.map((item) => (
        <Block key={item.id} title={t('explanation.weekEarnings', { week: unbreakableWeek(weekLabelOr(item.week, '-')) })} amount={item.amount} testId="explanation-week-earnings">
          {item.lines.length > 0 ? <EarningsLines lines={item.lines} testId={`explanation-lines-${item.id}`} /> : <Typography color="text.secondary">{t('explanation.none')}</Typography>}
        </Block>
      ))}
      {corrections.length > 0 && (
        <Block title={t('explanation.corrections')} testId="explanation-corrections">
          <Stack spacing={2}>
            {corrections.map((item) => (
              <Box key={item.id}>
                <AmountLine label={item.label} detail={t('explanation.correctionOf', { week: unbreakableWeek(weekLabelOr(item.week, '-')) })} amount={item.amount} />
                {item.lines.length > 0 && <EarningsLines lines={item.lines} signed testId={`explanation-lines-${item.id}`} />}
              </Box>
            ))}
          </Stack>
        </Block>
      )}
      {referrals.length > 0 && (
        <Block title={t('explanation.referrals')} testId="explanation-referrals">
          {referrals.map((item) => {
            const referral = item.referral;
            return (
              <AmountLine
                key={item.id}
                testId={`explanation-referral-${item.id}`}
                label={
                  referral
                    ? `${referral.referred_name ?? ''} #${formatAffiliateId(referral.referred_unique_id)} · ${t('explanation.correctionOf', { week: unbreakableWeek(referral.week) })}`.trim()
                    : item.label
                }
                detail={
                  referral
                    ? t(referral.exact ? 'explanation.referralExact' : 'explanation.referralRounding', {
                        rate: formatPercent(referral.rate),
                        base: formatEuros(referral.base),
                        // The exact product without its trailing zeros (8,00 and 7,525, not 8,00000): an amount, French style in both languages like every amount.
                        exact: referral.exact?.replace(/(\.\d{2}\d*?)0+$/, '$1').replace('.', ','),
                      })
                    : undefined
                }
                amount={item.amount}
              />
            );
          })}
        </Block>
      )}
      {adjustments.length > 0 && (
        <Block title={t('explanation.adjustments')} testId="explanation-adjustments">
          {adjustments.map((item) => (
            <AmountLine
              key={item.id}
              label={item.label}
              detail={item.kind === 'reinstatement' ? t('explanation.reinstatement') : item.week ? t('explanation.correctionOf', { week: item.week }) : undefined}
              amount={item.amount}
            />
          ))}
        </Block>
      )}
      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', pt: 1 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t(explanation.status === 'failed' ? 'explanation.totalFailed' : 'explanation.total')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 800 }} data-testid="explanation-total">
            {formatEuros(explanation.total)}
          </Typography>
        </Stack>
        {/* Part of the items above (carried in from runs that kept them), not one more amount: the lines add up to the total. */}
        {Number(explanation.carried_in) !== 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="explanation-carried-in">
            {t('explanation.carriedIn', { amount: formatEuros(explanation.carried_in) })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600 }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** A payment's explanation: every line behind its amount (spec: the affiliate can see why it is paid what it is paid). */
export function PaymentExplanationDialog({
  payment,
  onClose,
  documents,
}: {
  payment: AffiliatePayment;
  onClose: () => void;
  documents: PaymentDocuments;
}) {
  const { t } = useTranslation('payments');
  const phone = useMediaQuery(PHONE);
  const state = useExplanation(payment.id);
  const reference = paymentReferenceText(payment.reference);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="payment-explanation-title" data-testid="payment-explanation">
      <DialogTitle id="payment-explanation-heading" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {/* The dialog is named by this text alone: its amount beside it would be read run on with the reference's digits. */}
        <span id="payment-explanation-title">{payment.reference === null ? t('explanation.titleNoReference') : t('explanation.title', { reference })}</span>
        <Typography component="span" sx={{ fontWeight: 700, color: 'primary.main', ml: 'auto' }}>
          {formatEuros(payment.amount)}
        </Typography>
        <StatusChip payment={payment} />
      </DialogTitle>
      {/* Focusable, so that the keyboard scrolls a breakdown longer than the screen. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby="payment-explanation-title">
        {state.status === 'loading' && <LinearProgress />}
        {state.status === 'failed' && <Alert severity="error">{state.message}</Alert>}
        {state.status === 'loaded' && <Explanation explanation={state.explanation} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <DocumentButton payment={payment} document="invoice" documents={documents} label={t('history.download')} testId="explanation-invoice" />
        <DocumentButton payment={payment} document="creditNote" documents={documents} testId="explanation-credit-note" />
        <Button variant="contained" onClick={onClose} data-testid="explanation-close">
          {t('explanation.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
