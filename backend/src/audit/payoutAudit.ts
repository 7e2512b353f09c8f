import {
  centsToDecimal, creditNoteReferenceText, percentOfCents, tenthsToPercent, type AuditDay, type AuditDocumentCheck, type AuditFigureSource, type AuditLine,
  type AuditPayoutExplanation, type AuditPayoutItem, type PayoutStatus,
} from '@affilux/contract';
import type pg from 'pg';
import { accountDecider } from '../accounts/account';
import { userStream } from '../accounts/events';
import { earningsStream, type DayEarnings, type EarningsEvent } from '../earnings/events';
import { priceWeek, type RateSettings, type WeekDay } from '../earnings/rateEngine';
import { closeTimeOf, linesOf, weekEarningsDecider, type WeekEarnings } from '../earnings/weekEarnings';
import { stateOf } from '../eventstore/commands';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../eventstore/eventStore';
import { ledgerStream, payoutStream, type LedgerEvent, type LedgerLine, type PayoutEvent, type PayoutIssuedData, type PayoutItem } from '../payouts/events';
import { creditNoteFacts, storedCreditNote } from '../payouts/creditNotes';
import { renderCreditNote, renderInvoice, sha256 } from '../payouts/invoice';
import { invoiceHolder, storedInvoice } from '../payouts/invoices';
import { accountAt } from '../payouts/ledgerPosting';
import { itemsDueBy, ledgerDecider } from '../payouts/ledger';
import { addDaysTo, daysOfWeek, startOfDayInstant, type Day, type IsoWeek } from '../time/calendar';
import type { VariantEvent } from '../variants/events';
import { paymentVariantStream } from '../variants/events';
import type { CountedFigureRow } from './figureSources/schema';
import { parsePosition, refOf } from './refs';
import { variantVersionAt } from './asOf';

type Deps = { pool: pg.Pool; eventStore: EventStore };
type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
type Earned = RecordedEvent & EarningsEvent;

const positionOf = (row: CountedFigureRow): Position => ({ commit: BigInt(row.counted_commit), prepare: BigInt(row.counted_prepare) });
const fold = (events: RecordedEvent[]) => stateOf(weekEarningsDecider, events);
const totalOf = (state: WeekEarnings) => linesOf(state.days).reduce((sum, l) => sum + l.amount_cents, 0);

/** The payout a payment id names: its affiliate and week (rm_payouts routes the call; everything else is read from the log). */
export async function payoutKey(db: Queryable, payoutId: string): Promise<{ user_id: string; week: IsoWeek } | null> {
  const { rows } = await db.query<{ user_id: string; week: IsoWeek }>('SELECT user_id::text, week FROM rm_payouts WHERE id = $1', [payoutId]);
  return rows[0] ?? null;
}

/** The counted figures of an affiliate's days, oldest first. */
async function figuresOf(db: Queryable, userId: string, days: Day[]): Promise<CountedFigureRow[]> {
  if (!days.length) return [];
  const { rows } = await db.query<CountedFigureRow>(
    `SELECT * FROM (
       SELECT e.*, f.*, f.day::text AS day, i.file_name, (SELECT o.brand_name FROM rm_stat_offers o WHERE o.id::text = f.offer_id) AS offer_name,
              CASE e.source WHEN 'import' THEN i.counted_commit ELSE e.position_commit END AS counted_commit,
              CASE e.source WHEN 'import' THEN i.counted_prepare ELSE e.position_prepare END AS counted_prepare
         FROM rm_audit_figures f JOIN rm_audit_figure_events e USING (event_id) LEFT JOIN rm_audit_imports i ON i.import_id = e.import_id
        WHERE f.user_id = $1 AND f.day = ANY($2::date[])) counted
      WHERE counted_commit IS NOT NULL ORDER BY counted_commit, counted_prepare, revision, row_index`,
    [userId, days],
  );
  return rows.map((r) => ({ ...r, click: Number(r.click), registered: Number(r.registered), essay: Number(r.essay), bill: Number(r.bill) }));
}

const toSource = (row: CountedFigureRow): AuditFigureSource => ({
  event_id: row.event_id, stream_id: row.stream_id, revision: row.revision, type: row.type, position: `${row.position_commit}/${row.position_prepare}`,
  occurred_at: new Date(row.occurred_at).toISOString(), actor_id: row.actor_id, actor_role: row.actor_role, causation_id: row.causation_id, correlation_id: row.correlation_id,
  source: row.source, import_id: row.import_id, file_name: row.file_name ?? null, txid: row.txid, reversal: row.reversal, day: row.day, offer_id: row.offer_id || null,
  offer_name: row.offer_id ? row.offer_name : null, s1: row.s1, s2: row.s2, delta: { click: row.click, registered: row.registered, essay: row.essay, bill: row.bill },
});

const settingsView = (s: RateSettings): AuditDay['settings'] => ({
  kind: s.kind, payment_type: s.payment_type, variant_id: s.kind === 'standard' ? null : s.variant_id, variant_name: s.kind === 'standard' ? null : s.variant_name,
  variant_version: s.kind === 'standard' ? null : s.variant_version, rate: s.kind === 'tiers' ? null : centsToDecimal(s.amount_cents),
  tiers: s.kind === 'tiers' ? s.tiers.map((t) => ({ tier_level: t.tier_level, min_sales: t.min_sales, max_sales: t.max_sales, amount: centsToDecimal(t.amount_cents) })) : [],
});

const lineView = (l: LedgerLine): AuditLine => ({
  offer_id: l.offer_id || null, offer_name: l.offer_name, kind: l.paid_kind, rate_kind: l.rate_kind, tier_level: l.tier_level, rate: centsToDecimal(l.rate_cents),
  variant_id: l.variant_id, variant_name: l.variant_name, variant_version: l.variant_version, count: l.count, amount: centsToDecimal(l.amount_cents),
});

/** Reads streams once per explanation. */
function streamCache(eventStore: EventStore) {
  const cache = new Map<string, Promise<RecordedEvent[]>>();
  return (streamId: string) => {
    if (!cache.has(streamId)) cache.set(streamId, eventStore.readStream(streamId));
    return cache.get(streamId)!;
  };
}

/**
 * Whether the settings a day was priced with are those the log says were in force: the account's
 * settings and the variant's version recorded before the end of that day and up to its pricing.
 */
async function settingsProblems(read: (s: string) => Promise<RecordedEvent[]>, userId: string, day: Day, settings: RateSettings, pricedAt: string): Promise<string[]> {
  const cut = Math.min(startOfDayInstant(addDaysTo(day, 1)).getTime() - 1, new Date(pricedAt).getTime());
  const until = (events: RecordedEvent[]) => events.filter((e) => new Date(e.metadata.occurredAt).getTime() <= cut);
  const account = stateOf(accountDecider, until(await read(userStream(userId))));
  if (account.status !== 'open') return [`${day}: aucun compte ouvert ce jour-là`];
  const problems: string[] = [];
  if (account.paymentType !== settings.payment_type) problems.push(`${day}: type de paiement ${settings.payment_type} appliqué, ${account.paymentType} en vigueur`);
  const variantId = settings.kind === 'standard' ? null : settings.variant_id;
  if (account.variantId !== variantId) problems.push(`${day}: variante ${variantId ?? 'aucune'} appliquée, ${account.variantId ?? 'aucune'} en vigueur`);
  if (settings.kind !== 'standard') {
    const version = variantVersionAt(until(await read(paymentVariantStream(settings.variant_id))) as (RecordedEvent & VariantEvent)[]);
    if (version?.version !== settings.variant_version) problems.push(`${day}: version ${settings.variant_version} appliquée, version ${version?.version ?? '-'} en vigueur`);
  }
  return problems;
}

/**
 * The figures a week's pricing saw: those counted up to the latest position, at or before its
 * latest pricing event, where every day's count of paid conversions is the one recorded. Pricing
 * reads the statistics as far as they had got when its batch ran, while other figures may still be
 * appended before its own event: those it did not see are not "received but not paid", they are
 * priced by the next event. Null when no figures count (nothing was received yet); the latest
 * pricing's position when no position matches (the differences are then reported).
 */
export function pricedAsOf(
  figures: readonly { day: Day; position: Position; essay: number; bill: number }[],
  days: readonly { day: Day; paid_kind: 'essay' | 'bill'; count: number }[],
  lastPricing: Position | null,
): Position | null {
  if (!lastPricing) return null;
  const counts = new Map<Day, number>();
  const matches = () => days.every((d) => (counts.get(d.day) ?? 0) === d.count);
  let found: Position | null | undefined = matches() ? null : undefined;
  // Figures come in log order; a position is a candidate once all its figures are counted.
  figures.forEach((figure, index) => {
    if (comparePositions(figure.position, lastPricing) > 0) return;
    const paid = days.find((d) => d.day === figure.day);
    if (paid) counts.set(figure.day, (counts.get(figure.day) ?? 0) + figure[paid.paid_kind]);
    const next = figures[index + 1];
    if ((!next || comparePositions(next.position, figure.position) !== 0) && matches()) found = figure.position;
  });
  return found === undefined ? lastPricing : found;
}

/** The days behind a week (or a correction), each down to its figures, priced again by the rate engine from them. */
async function explainDays(
  deps: Deps, read: (s: string) => Promise<RecordedEvent[]>, userId: string, week: IsoWeek, state: Map<Day, { data: DayEarnings; by: RecordedEvent }>, shown: Day[],
  correction: boolean,
): Promise<{ days: AuditDay[]; problems: string[] }> {
  const figures = await figuresOf(deps.pool, userId, daysOfWeek(week));
  const entries = [...state.values()];
  const lastPricing = entries.reduce<Position | null>((p, e) => (!p || comparePositions(e.by.position, p) > 0 ? e.by.position : p), null);
  const seen = pricedAsOf(figures.map((f) => ({ day: f.day, position: positionOf(f), essay: f.essay, bill: f.bill })), entries.map(({ data }) => data), lastPricing);
  // A figure of `day` the pricing saw, and (for a day priced earlier) that was there when `by` priced it.
  const counted = (f: CountedFigureRow, day: Day, by: Position | null = seen) =>
    f.day === day && seen !== null && comparePositions(positionOf(f), seen) <= 0 && (by === null || comparePositions(positionOf(f), by) <= 0);
  const rowsAt = (day: Day) => {
    const rows = new Map<string, { key: string; essay: number; bill: number }>();
    for (const f of figures) {
      if (!counted(f, day)) continue;
      const key = `${f.offer_id}\u0001${f.s1}\u0001${f.s2}`;
      const row = rows.get(key) ?? { key, essay: 0, bill: 0 };
      row.essay += f.essay;
      row.bill += f.bill;
      rows.set(key, row);
    }
    return [...rows.values()];
  };
  const weekDays: WeekDay[] = entries.map(({ data }) => ({ day: data.day, settings: data.settings, rows: rowsAt(data.day) }));
  const repriced = new Map(priceWeek(weekDays).map((d) => [d.day, d]));
  const problems: string[] = [];
  const days: AuditDay[] = [];
  for (const day of shown) {
    const entry = state.get(day);
    if (!entry) continue;
    const { data, by } = entry;
    const sources = figures.filter((f) => counted(f, day, by.position));
    const figuresCount = sources.reduce((sum, f) => sum + f[data.paid_kind], 0);
    const recomputed = repriced.get(day)?.amount_cents ?? 0;
    const dayProblems = await settingsProblems(read, userId, day, data.settings, by.metadata.occurredAt);
    if (figuresCount !== data.count) dayProblems.push(`${day}: ${data.count} conversions payées, ${figuresCount} dans les chiffres reçus`);
    if (recomputed !== data.amount_cents) dayProblems.push(`${day}: ${centsToDecimal(data.amount_cents)} enregistré, ${centsToDecimal(recomputed)} recalculé`);
    problems.push(...dayProblems);
    days.push({
      day, paid_kind: data.paid_kind, count: data.count, first_position: data.first_position, last_position: data.last_position, settings: settingsView(data.settings),
      spans: data.spans.map((s) => ({ tier_level: s.tier_level, count: s.count, rate: centsToDecimal(s.rate_cents), amount: centsToDecimal(s.amount_cents) })),
      amount: centsToDecimal(data.amount_cents),
      previous_amount: correction ? centsToDecimal(data.previous_amount_cents) : null,
      difference: correction ? centsToDecimal(data.amount_cents - data.previous_amount_cents) : null,
      priced_by: refOf(by), figures: sources.map(toSource), figures_count: figuresCount,
      recomputed_amount: centsToDecimal(recomputed), matches: dayProblems.length === 0,
    });
  }
  return { days, problems };
}

/** The days recorded on a week's stream before `index` (each with the event that last priced it). */
function daysBefore(events: Earned[], index: number): Map<Day, { data: DayEarnings; by: RecordedEvent }> {
  const days = new Map<Day, { data: DayEarnings; by: RecordedEvent }>();
  for (const event of events.slice(0, index)) {
    if (event.type === 'WeekClosed') continue;
    for (const data of event.data.days) days.set(data.day, { data, by: event });
  }
  return days;
}

type ItemCheck = Omit<AuditPayoutItem, 'item_id' | 'kind' | 'week' | 'label' | 'amount' | 'carried' | 'posted' | 'lines'> & { recomputed_cents: number };

async function checkWeekItem(deps: Deps, read: (s: string) => Promise<RecordedEvent[]>, userId: string, item: PayoutItem): Promise<ItemCheck> {
  const eventId = item.source.type === 'week' || item.source.type === 'correction' ? item.source.event_id : '';
  const events = (await read(earningsStream(userId, item.week ?? ''))) as Earned[];
  const index = events.findIndex((e) => e.id === eventId);
  if (index < 0) return { source: null, days: [], referral: null, recomputed_cents: 0, recomputed_amount: '0.00', matches: false, problems: [`événement ${eventId} introuvable`] };
  const source = events[index]!;
  const before = fold(events.slice(0, index));
  let recomputed: number;
  let state: Map<Day, { data: DayEarnings; by: RecordedEvent }>;
  let shown: Day[];
  if (source.type === 'WeekCorrected') {
    recomputed = totalOf(weekEarningsDecider.evolve(before, source)) - totalOf(before);
    state = daysBefore(events, index + 1);
    shown = source.data.days.map((d) => d.day);
  } else {
    recomputed = totalOf(before);
    state = daysBefore(events, index);
    shown = [...state.keys()].sort();
  }
  const { days, problems } = await explainDays(deps, read, userId, item.week!, state, shown, source.type === 'WeekCorrected');
  if (recomputed !== item.amount_cents) problems.unshift(`${item.label}: ${centsToDecimal(item.amount_cents)} payé, ${centsToDecimal(recomputed)} recalculé des événements`);
  if (!days.length) problems.push(`${item.label}: aucun jour derrière cette ligne`);
  return { source: refOf(source), days, referral: null, recomputed_cents: recomputed, recomputed_amount: centsToDecimal(recomputed), matches: problems.length === 0, problems };
}

async function checkReferralItem(read: (s: string) => Promise<RecordedEvent[]>, deps: Deps, userId: string, item: PayoutItem): Promise<ItemCheck> {
  const source = item.source;
  if (source.type !== 'referral') throw new Error('not a referral');
  const events = (await read(earningsStream(source.referred_user_id, item.week ?? ''))) as Earned[];
  const cause = events.find((e) => e.id === source.event_id);
  const problems: string[] = [];
  const base = cause?.type === 'WeekClosed' ? cause.data.total_cents : cause?.type === 'WeekCorrected' ? cause.data.delta_cents : null;
  if (base === null) problems.push(`semaine parrainée ${source.event_id} introuvable`);
  else if (base !== source.base_cents) problems.push(`base ${centsToDecimal(source.base_cents)} payée, ${centsToDecimal(base)} dans la semaine parrainée`);
  const referrer = await accountAt(deps.eventStore, userId, closeTimeOf(item.week ?? ''));
  const rate = referrer.status === 'open' ? referrer.referralTenths : 0;
  if (rate !== source.rate_tenths) problems.push(`taux ${tenthsToPercent(source.rate_tenths)} % appliqué, ${tenthsToPercent(rate)} % en vigueur à la clôture`);
  const recomputed = percentOfCents(base ?? 0, rate);
  if (recomputed !== item.amount_cents) problems.push(`commission ${centsToDecimal(item.amount_cents)} payée, ${centsToDecimal(recomputed)} recalculée`);
  const exact = source.exact_thousandths / 100_000;
  return {
    source: cause ? refOf(cause) : null, days: [], recomputed_cents: recomputed, recomputed_amount: centsToDecimal(recomputed), matches: problems.length === 0, problems,
    referral: {
      referred_user_id: source.referred_user_id, referred_unique_id: source.referred_unique_id, week: item.week, base: centsToDecimal(source.base_cents),
      rate: tenthsToPercent(source.rate_tenths), exact: exact.toFixed(5), amount: centsToDecimal(source.rounded_cents),
      rounding: `${source.rounded_cents * 1000 >= source.exact_thousandths ? '+' : '-'}${(Math.abs(source.rounded_cents * 1000 - source.exact_thousandths) / 100_000).toFixed(5)}`,
    },
  };
}

async function checkItem(deps: Deps, read: (s: string) => Promise<RecordedEvent[]>, userId: string, item: PayoutItem, ledger: RecordedEvent[]): Promise<ItemCheck> {
  switch (item.source.type) {
    case 'week':
    case 'correction':
      return checkWeekItem(deps, read, userId, item);
    case 'referral':
      return checkReferralItem(read, deps, userId, item);
    case 'reinstatement': {
      const writeOffId = item.source.write_off_id;
      const writeOff = (ledger as (RecordedEvent & LedgerEvent)[]).find((e) => e.type === 'BalanceWrittenOff' && e.data.write_off_id === writeOffId);
      const amount = writeOff?.type === 'BalanceWrittenOff' ? writeOff.data.amount_cents : 0;
      const problems = amount === item.amount_cents ? [] : [`réintégration de ${centsToDecimal(item.amount_cents)}, radiation de ${centsToDecimal(amount)}`];
      return { source: writeOff ? refOf(writeOff) : null, days: [], referral: null, recomputed_cents: amount, recomputed_amount: centsToDecimal(amount), matches: !problems.length, problems };
    }
    case 'adjustment':
      // A manual adjustment is its own source: its amount and reason were typed by the admin the event names.
      return { source: null, days: [], referral: null, recomputed_cents: item.amount_cents, recomputed_amount: centsToDecimal(item.amount_cents), matches: true, problems: [] };
  }
}

/**
 * A document as the log recorded it, as stored (its bytes hashed: what is downloaded, not the hash
 * kept beside them), and rendered again now (null: the payee's details are missing).
 */
function checkDocument(recorded: string, stored: { pdf: Buffer } | null, rendered: Buffer | null, number: number): AuditDocumentCheck {
  const regenerated = rendered ? sha256(rendered) : '';
  const storedHash = stored ? sha256(stored.pdf) : null;
  return { number, recorded_sha256: recorded, stored_sha256: storedHash, regenerated_sha256: regenerated, matches: regenerated === recorded && storedHash === recorded };
}

/** What differs from the recorded hash: the document rendered again, the bytes stored, or both. */
const documentProblems = (label: string, check: AuditDocumentCheck): string[] => [
  ...(check.regenerated_sha256 === check.recorded_sha256 ? [] : [`${label}: empreinte régénérée ${check.regenerated_sha256 || '(coordonnées absentes)'} ≠ ${check.recorded_sha256}`]),
  ...(check.stored_sha256 === check.recorded_sha256 ? [] : [`${label}: empreinte du fichier stocké ${check.stored_sha256 ?? '(absent)'} ≠ ${check.recorded_sha256}`]),
];

/**
 * A payout explained from the log: each item down to the events behind it (the week's days, their
 * figures, the settings and tiers applied; a referral's base, rate and rounding), every amount
 * computed again from those events, the ledger as it stood at the payout's position, and the
 * invoice (and a failed payout's credit note) rendered again and hashed. Null when no payout was issued for that affiliate and week.
 */
export async function explainPayout(deps: Deps, userId: string, week: IsoWeek): Promise<AuditPayoutExplanation | null> {
  const read = streamCache(deps.eventStore);
  const payoutEvents = (await read(payoutStream(userId, week))) as (RecordedEvent & PayoutEvent)[];
  const issuedEvent = payoutEvents.find((e) => e.type === 'PayoutIssued');
  if (!issuedEvent || issuedEvent.type !== 'PayoutIssued') return null;
  const payout: PayoutIssuedData = issuedEvent.data;
  const ledger = await read(ledgerStream(userId));
  const posted = new Map((ledger as (RecordedEvent & LedgerEvent)[]).flatMap((e) => (e.type === 'LedgerItemPosted' ? [[e.data.item_id, e] as const] : [])));
  const problems: string[] = [];

  const items: AuditPayoutItem[] = [];
  for (const item of payout.lines) {
    const check = await checkItem(deps, read, userId, item, ledger);
    const postedEvent = posted.get(item.item_id);
    if (!postedEvent) check.problems.push(`${item.label}: jamais porté au solde`);
    const { recomputed_cents: _cents, ...shown } = check;
    items.push({
      item_id: item.item_id, kind: item.kind, week: item.week, label: item.label, amount: centsToDecimal(item.amount_cents), carried: item.carried,
      posted: postedEvent ? refOf(postedEvent) : null, lines: item.lines.map(lineView), ...shown, matches: check.problems.length === 0,
    });
    problems.push(...check.problems);
  }
  const recomputedTotal = items.reduce((sum, i) => sum + Number(i.recomputed_amount.replace('.', '')), 0);
  if (recomputedTotal !== payout.total_cents) problems.push(`total ${centsToDecimal(payout.total_cents)} payé, ${centsToDecimal(recomputedTotal)} recalculé`);

  // The ledger as it stood where the payout says it was computed: its due open items are exactly those paid.
  const at = parsePosition(payout.computed_at);
  const ledgerThen = stateOf(ledgerDecider, ledger.filter((e) => at && comparePositions(e.position, at) <= 0));
  const due = itemsDueBy(ledgerThen, week);
  const dueIds = due.map((e) => e.item.item_id).sort().join(',');
  if (dueIds !== [...payout.item_ids].sort().join(',')) problems.push(`le solde à la position ${payout.computed_at} ne contient pas exactement les éléments payés`);

  const holder = await invoiceHolder(deps.pool, payout.payout_id);
  const invoiceEvent = payoutEvents.find((e) => e.type === 'InvoiceIssued');
  let invoice: AuditDocumentCheck | null = null;
  if (invoiceEvent?.type === 'InvoiceIssued') {
    const { number, sha256: recorded } = invoiceEvent.data;
    invoice = checkDocument(recorded, await storedInvoice(deps.pool, payout.payout_id), holder && (await renderInvoice({ number, payout, holder })), number);
    problems.push(...documentProblems(`facture ${number}`, invoice));
  }
  const creditNoteEvent = payoutEvents.find((e) => e.type === 'CreditNoteIssued');
  const facts = creditNoteFacts(payoutEvents);
  let creditNote: AuditDocumentCheck | null = null;
  if (creditNoteEvent?.type === 'CreditNoteIssued' && facts) {
    const { number, sha256: recorded } = creditNoteEvent.data;
    const rendered = holder && (await renderCreditNote({ number, invoiceNumber: facts.invoiceNumber, payout, holder, failure: facts.failure }));
    creditNote = checkDocument(recorded, await storedCreditNote(deps.pool, payout.payout_id), rendered, number);
    problems.push(...documentProblems(`avoir ${creditNoteReferenceText(number)}`, creditNote));
  }

  const account = stateOf(accountDecider, await read(userStream(userId)));
  const paid = payoutEvents.find((e) => e.type === 'PayoutPaid');
  const failed = [...payoutEvents].reverse().find((e) => e.type === 'PayoutFailed');
  const status: PayoutStatus = failed ? 'failed' : paid ? 'paid' : 'issued';
  const explained = items.every((i) => (i.kind === 'week' || i.kind === 'correction' ? i.days.length > 0 && i.days.every((d) => d.figures_count === d.count) : true));
  return {
    payout_id: payout.payout_id, user_id: userId, unique_id: account.status === 'open' ? account.uniqueId : null, week, status, issued_at: payout.issued_at,
    paid_at: paid?.type === 'PayoutPaid' ? paid.data.paid_at : null,
    failed_at: failed?.type === 'PayoutFailed' ? failed.data.failed_at : null,
    failure_reason: failed?.type === 'PayoutFailed' ? failed.data.reason : null,
    total: centsToDecimal(payout.total_cents), carried_in: centsToDecimal(payout.carried_in_cents), payment_method_type: payout.payment_method_type,
    payment_method_event_id: payout.payment_method_event_id, computed_at: payout.computed_at, events: payoutEvents.map(refOf), items, invoice, credit_note: creditNote,
    check: {
      recomputed_total: centsToDecimal(recomputedTotal), amount_matches: recomputedTotal === payout.total_cents && items.every((i) => i.matches),
      invoice_matches: invoice ? invoice.matches : null, credit_note_matches: creditNote ? creditNote.matches : null, explained, problems,
    },
  };
}

