import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { creditNoteReferenceText, lineOfferName, type AuditDay, type AuditDocumentCheck, type AuditFigureSource, type AuditLine, type AuditPayoutExplanation, type AuditPayoutItem } from '@affilux/contract';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useAuditFormat } from './format';
import { AuditCard, EventRef, Facts, MatchChip, Mono } from './parts';

/** A small table that scrolls sideways on phones rather than squeezing its figures. */
const Grid = ({ head, rows, testId }: { head: ReactNode[]; rows: ReactNode[][]; testId?: string }) => (
  <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid={testId}>
    <Table size="small">
      <TableHead>
        <TableRow>{head.map((cell, i) => <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>{cell}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, r) => (
          <TableRow key={r}>{row.map((cell, i) => <TableCell key={i} sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>{cell}</TableCell>)}</TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);

const useLabels = () => {
  const translate = useTranslate();
  const format = useAuditFormat();
  return {
    kind: (kind: 'essay' | 'bill') => translate(`app.audit.payout.paid_kinds.${kind}`),
    rateKind: (kind: AuditLine['rate_kind']) => translate(`app.audit.payout.rate_kinds.${kind}`),
    tier: (level: number | null) => (level === null ? '—' : translate('app.audit.payout.tier_n', { n: level })),
    variant: (name: string | null, version: number | null) =>
      name === null ? translate('app.audit.payout.no_variant') : version === null ? name : translate('app.audit.payout.variant_version', { name, version }),
    euros: format.euros,
    offer: (of: Pick<AuditLine, 'offer_id' | 'offer_name'>) => lineOfferName(of, { noOffer: translate('app.audit.payout.no_offer'), deletedOffer: translate('app.audit.payout.deleted_offer') }),
  };
};

const Lines = ({ lines }: { lines: AuditLine[] }) => {
  const translate = useTranslate();
  const label = useLabels();
  const column = (id: string) => translate(`app.audit.payout.lines.${id}`);
  return (
    <Grid
      testId="audit-lines"
      head={['offer', 'kind', 'rate_kind', 'tier', 'rate', 'variant', 'count', 'amount'].map(column)}
      rows={lines.map((line) => [
        label.offer(line),
        label.kind(line.kind),
        label.rateKind(line.rate_kind),
        label.tier(line.tier_level),
        label.euros(line.rate),
        label.variant(line.variant_name, line.variant_version),
        line.count,
        <strong key="amount">{label.euros(line.amount)}</strong>,
      ])}
    />
  );
};

const Figures = ({ figures }: { figures: AuditFigureSource[] }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const label = useLabels();
  const column = (id: string) => translate(`app.audit.payout.figures.${id}`);
  const delta = (n: number) => (n > 0 ? `+${n}` : String(n));
  return (
    <Grid
      testId="audit-figures"
      head={['source', 'origin', 'day', 'offer', 'trackers', 'delta', 'position'].map(column)}
      rows={figures.map((figure) => [
        translate(`app.audit.payout.sources.${figure.source}`) + (figure.reversal ? ` (${translate('app.audit.payout.reversal')})` : ''),
        <Mono key="origin">{figure.file_name ?? figure.txid ?? figure.import_id ?? '—'}</Mono>,
        format.day(figure.day),
        label.offer(figure),
        [figure.s1, figure.s2].filter(Boolean).join(' / ') || '—',
        <Box key="delta" component="span" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.audit.payout.delta', { click: delta(figure.delta.click), registered: delta(figure.delta.registered), essay: delta(figure.delta.essay), bill: delta(figure.delta.bill) })}
        </Box>,
        <Mono key="position" nowrap title={`${figure.type} · ${figure.event_id}`}>{figure.position}</Mono>,
      ])}
    />
  );
};

const Day = ({ day }: { day: AuditDay }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const label = useLabels();
  const settings = day.settings;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={`audit-day-${day.day}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2">{format.day(day.day)}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{label.euros(day.amount)}</Typography>
          <MatchChip ok={day.matches} testId={`audit-day-match-${day.day}`} />
        </Stack>
      </Stack>
      <Facts
        items={[
          { label: translate('app.audit.payout.day.count'), value: `${day.count} ${label.kind(day.paid_kind).toLowerCase()}` },
          { label: translate('app.audit.payout.day.positions'), value: translate('app.audit.payout.day.positions_value', { first: day.first_position, last: day.last_position }) },
          { label: translate('app.audit.payout.day.settings'), value: `${label.rateKind(settings.kind)} · ${label.variant(settings.variant_name, settings.variant_version)}` },
          { label: translate('app.audit.payout.day.rate'), value: settings.rate === null ? translate('app.audit.payout.tiers_count', { smart_count: settings.tiers.length }) : label.euros(settings.rate) },
          { label: translate('app.audit.payout.day.recomputed'), value: label.euros(day.recomputed_amount) },
          { label: translate('app.audit.payout.day.figures_count'), value: day.figures_count },
          ...(day.previous_amount !== null && day.difference !== null
            ? [{
                label: translate('app.audit.payout.day.before_correction'),
                value: translate('app.audit.payout.day.before_correction_value', {
                  previous: label.euros(day.previous_amount), amount: label.euros(day.amount), difference: `${Number(day.difference) > 0 ? '+' : ''}${label.euros(day.difference)}`,
                }),
              }]
            : []),
        ]}
      />
      {day.spans.length > 0 && (
        <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 1 }}>
          {day.spans.map((span, i) => (
            <Chip
              key={i}
              size="small"
              variant="outlined"
              // A fixed or standard rate has no tier to name.
              label={translate(span.tier_level === null ? 'app.audit.payout.span_untiered' : 'app.audit.payout.span', { tier: label.tier(span.tier_level), count: span.count, rate: label.euros(span.rate), amount: label.euros(span.amount) })}
            />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, mb: 1, alignItems: 'baseline' }}>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>{translate('app.audit.payout.day.priced_by')}</Typography>
        <EventRef event={day.priced_by} />
      </Stack>
      {day.figures.length > 0 ? <Figures figures={day.figures} /> : <Typography variant="body2" color="text.secondary">{translate('app.audit.payout.no_figures')}</Typography>}
    </Box>
  );
};

const Item = ({ item }: { item: AuditPayoutItem }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const referral = item.referral;
  return (
    <Accordion disableGutters defaultExpanded={item.kind === 'week'} data-testid={`audit-item-${item.item_id}`}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, pr: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.label}</Typography>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
              <Chip size="small" label={translate(`app.audit.payout.item_kinds.${item.kind}`)} />
              {item.week && <Chip size="small" variant="outlined" label={item.week} />}
              {item.carried && <Chip size="small" variant="outlined" color="warning" label={translate('app.audit.payout.carried')} />}
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <Typography sx={{ fontWeight: 700 }} data-testid={`audit-item-amount-${item.item_id}`}>{format.euros(item.amount)}</Typography>
            <MatchChip ok={item.matches} testId={`audit-item-match-${item.item_id}`} />
          </Stack>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={1.5}>
          <Facts
            items={[
              { label: translate('app.audit.payout.recomputed'), value: format.euros(item.recomputed_amount) },
              { label: translate('app.audit.payout.posted_by'), value: item.posted ? <EventRef event={item.posted} /> : '—' },
              { label: translate('app.audit.payout.source'), value: item.source ? <EventRef event={item.source} /> : translate('app.audit.payout.manual_source') },
            ]}
          />
          {item.problems.length > 0 && <Alert severity="error">{item.problems.join(' · ')}</Alert>}
          {item.lines.length > 0 && <Lines lines={item.lines} />}
          {referral && (
            <Facts
              items={[
                { label: translate('app.audit.payout.referral.referred'), value: format.affiliate(referral.referred_unique_id) },
                { label: translate('app.audit.payout.referral.base'), value: format.euros(referral.base) },
                { label: translate('app.audit.payout.referral.rate'), value: format.percent(referral.rate) },
                { label: translate('app.audit.payout.referral.exact'), value: <Mono>{referral.exact}</Mono> },
                { label: translate('app.audit.payout.referral.rounding'), value: <Mono>{referral.rounding}</Mono>, testId: `audit-rounding-${item.item_id}` },
                { label: translate('app.audit.payout.referral.amount'), value: format.euros(referral.amount) },
              ]}
            />
          )}
          {item.days.length > 0 && (
            <Stack spacing={1}>
              <Typography variant="subtitle2">{translate('app.audit.payout.days_title')}</Typography>
              {item.days.map((day) => <Day key={`${day.day}-${day.priced_by.event_id}`} day={day} />)}
            </Stack>
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
};

/** One check of a payout, with whether it holds. */
const Check = ({ text, ok, testId }: { text: string; ok: boolean | null; testId: string }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, gap: 1 }} data-testid={testId}>
    <Typography variant="body2">{text}</Typography>
    <MatchChip ok={ok} testId={`${testId}-badge`} />
  </Stack>
);

/** A payout's document (its invoice, a failed payout's credit note): the SHA-256 recorded, stored and rendered again. */
const DocumentHashes = ({ title, document, testId }: { title: string; document: AuditDocumentCheck; testId: string }) => {
  const translate = useTranslate();
  return (
    <AuditCard title={title} action={<MatchChip ok={document.matches} testId={`${testId}-badge`} />} testId={testId}>
      <Stack spacing={1}>
        {(['recorded', 'stored', 'regenerated'] as const).map((which) => (
          <Box key={which}>
            <Typography variant="caption" color="text.secondary" component="div">{translate(`app.audit.payout.sha256.${which}`)}</Typography>
            <Mono>{document[`${which}_sha256`] ?? '—'}</Mono>
          </Box>
        ))}
      </Stack>
    </AuditCard>
  );
};

/** A payout explained: its checks first, then each item down to the figures, then its invoice (and credit note) and its stream's events. */
export const PayoutExplanation = ({ explanation }: { explanation: AuditPayoutExplanation }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const { check, invoice, credit_note: creditNote } = explanation;
  return (
    <Stack spacing={2} data-testid="audit-payout-explanation">
      <AuditCard title={translate('app.audit.payout.title', { id: format.affiliate(explanation.unique_id), week: explanation.week })} testId="audit-payout-summary">
        <Facts
          items={[
            { label: translate('app.audit.payout.total'), value: format.euros(explanation.total), testId: 'audit-payout-total' },
            { label: translate('app.audit.payout.status'), value: translate(`app.payments.status.${explanation.status}`) },
            { label: translate('app.audit.payout.carried_in'), value: format.euros(explanation.carried_in) },
            { label: translate('app.audit.payout.issued_at'), value: format.instant(explanation.issued_at) },
            { label: translate('app.audit.payout.paid_at'), value: explanation.paid_at ? format.instant(explanation.paid_at) : '—' },
            { label: translate('app.audit.payout.method'), value: translate(`app.payments.methods.${explanation.payment_method_type}`) },
            { label: translate('app.audit.payout.computed_at'), value: <Mono>{explanation.computed_at}</Mono>, testId: 'audit-payout-position' },
          ]}
        />
        {explanation.failed_at && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {translate('app.audit.payout.failed', { date: format.instant(explanation.failed_at), reason: explanation.failure_reason ?? '' })}
          </Alert>
        )}
      </AuditCard>

      <AuditCard title={translate('app.audit.payout.checks')} testId="audit-payout-checks">
        <Stack spacing={1.25}>
          <Check
            text={translate('app.audit.payout.check_amount', { recomputed: format.euros(check.recomputed_total), total: format.euros(explanation.total) })}
            ok={check.amount_matches}
            testId="audit-check-amount"
          />
          <Check text={translate('app.audit.payout.check_invoice')} ok={check.invoice_matches} testId="audit-check-invoice" />
          {creditNote && <Check text={translate('app.audit.payout.check_credit_note')} ok={check.credit_note_matches} testId="audit-check-credit-note" />}
          <Check text={translate('app.audit.payout.check_explained')} ok={check.explained} testId="audit-check-explained" />
          {check.problems.length > 0 && <Alert severity="error" data-testid="audit-check-problems">{check.problems.join(' · ')}</Alert>}
        </Stack>
      </AuditCard>

      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>{translate('app.audit.payout.items', { smart_count: explanation.items.length })}</Typography>
        {explanation.items.map((item) => <Item key={item.item_id} item={item} />)}
      </Box>

      {invoice && <DocumentHashes title={translate('app.audit.payout.invoice', { number: invoice.number })} document={invoice} testId="audit-invoice" />}
      {creditNote && (
        <DocumentHashes title={translate('app.audit.payout.credit_note', { number: creditNoteReferenceText(creditNote.number) })} document={creditNote} testId="audit-credit-note" />
      )}

      <AuditCard title={translate('app.audit.payout.stream')} testId="audit-payout-events">
        <Stack spacing={1}>
          {explanation.events.map((event) => <EventRef key={event.event_id} event={event} />)}
        </Stack>
      </AuditCard>
    </Stack>
  );
};
