import { randomUUID } from 'node:crypto';
import { addDaysToDay, type PaymentType } from '@affilux/contract';
import { earningsStream, splitSpansAmongRows, type DayEarnings, type EarningsEvent, type WeekLine } from '../../backend/src/earnings/events';
import type { RateSettings, TierSpan } from '../../backend/src/earnings/rateEngine';
import type { Actor } from '../../backend/src/eventstore/commands';
import { conversionStream } from '../../backend/src/figures/conversion';
import { statsImportStream, type ConversionEvent, type ConversionKind, type FigureChange, type StatsImportEvent } from '../../backend/src/figures/events';
import { offerStream, type OfferEvent } from '../../backend/src/offers/events';
import { itemIdOf, ledgerStream, payoutIdOf, payoutStream, type LedgerEvent, type LedgerItem, type PayoutEvent } from '../../backend/src/payouts/events';
import { dayOf, isoWeekOfDay, mondayOf, type Day, type IsoWeek } from '../../backend/src/time/calendar';
import type { VariantDefinition } from '../../backend/src/variants/events';

/** Events of the figures, their earnings and their payouts, as the product records them. */
export type FiguresHistoryEvent = OfferEvent | StatsImportEvent | ConversionEvent | EarningsEvent | LedgerEvent | PayoutEvent;
type Append = { streamId: string; events: FiguresHistoryEvent[]; actor: Actor; at: Date };

const SYSTEM: Actor = { id: 'system', role: 'system' };
/** Rows per FiguresImported event, as imports.ts chunks them. */
const CHUNK_ROWS = 2000;
/** Below this balance a week's earnings are carried over instead of paid. */
const MINIMUM_PAYOUT_CENTS = 5000;

export type Offer = { offer_id: string; unique_id: number; brand_name: string };

/** The catalogue's offers, each created by the admin. */
export function offerCreations(offers: Offer[], admin: Actor, at: () => Date): Append[] {
  return offers.map((offer) => ({
    streamId: offerStream(offer.offer_id),
    actor: admin,
    at: at(),
    events: [{
      type: 'OfferCreated',
      data: {
        ...offer, category: 'Dating', status: 'active', is_private: false, private_affiliate_ids: [], brand_image: null, script_code_ppt: '', script_code_sale: '', intake: 'import',
        templates: [{ id: 1, template_image: null, template_link: 'https://brand.example/lp', template_link_ppt: '', template_link_sale: '', is_modular: false, modulation_keys: [] }],
      },
    }],
  }));
}

/** The week's tier spans of positions `first`..`last` (1-based) under these settings. */
function spansOf(settings: RateSettings, first: number, last: number): TierSpan[] {
  if (last < first) return [];
  if (settings.kind !== 'tiers') return [{ tier_level: null, count: last - first + 1, rate_cents: settings.amount_cents, amount_cents: (last - first + 1) * settings.amount_cents }];
  const spans: TierSpan[] = [];
  for (const tier of settings.tiers) {
    const from = Math.max(first, tier.min_sales + 1);
    const to = Math.min(last, tier.max_sales === null ? last : tier.max_sales + 1);
    if (to >= from) spans.push({ tier_level: tier.tier_level, count: to - from + 1, rate_cents: tier.amount_cents, amount_cents: (to - from + 1) * tier.amount_cents });
  }
  return spans;
}

const settingsOf = (variant: VariantDefinition): RateSettings =>
  variant.is_evolutionary
    ? { kind: 'tiers', payment_type: variant.payment_type, variant_id: variant.variant_id, variant_version: 1, variant_name: variant.name, tiers: variant.tiers }
    : { kind: 'fixed', payment_type: variant.payment_type, variant_id: variant.variant_id, variant_version: 1, variant_name: variant.name, amount_cents: variant.base_amount_cents };

/** Noon in Paris, near enough: the time of the events of a day. */
const timeOfDay = (day: Day, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

/**
 * An affiliate's life in figures from the week after `openedAt`, for `weeks` weeks: each active day
 * its figure rows (handed to `imported`, which gathers them into imports) and what the day earned
 * (WeekEarningsRecorded, as pricing records it after the day's import), now and then a postback
 * and more rarely its reversal; each week closed (WeekClosed), posted to the ledger, and paid
 * (PayoutIssued, InvoiceIssued, ItemsSettled, PayoutPaid) once the balance reaches the minimum,
 * else carried over. Every stream it writes is the affiliate's own, so the appends run in order.
 */
export function affiliateFigures(
  random: () => number,
  affiliate: { user_id: string; payment_type: PaymentType; variant: VariantDefinition; offer: Offer; openedAt: Date; weeks: number },
  imported: (rows: FigureChange[]) => void,
  nextInvoiceNumber: () => number,
): Append[] {
  const { user_id, offer, variant } = affiliate;
  const paidKind = affiliate.payment_type === 'sale' ? 'bill' : 'essay';
  const settings = settingsOf(variant);
  const appends: Append[] = [];
  let open: { item: LedgerItem; week: IsoWeek }[] = [];
  let monday = mondayOf(isoWeekOfDay(addDaysToDay(dayOf(affiliate.openedAt), 7)));
  for (let w = 0; w < affiliate.weeks; w++, monday = addDaysToDay(monday, 7)) {
    const week = isoWeekOfDay(monday);
    const stream = earningsStream(user_id, week);
    let position = 0;
    let active = false;
    const lines = new Map<number | null, WeekLine>();
    for (let d = 0; d < 7; d++) {
      if (random() >= 0.55) continue;
      const day = addDaysToDay(monday, d);
      active = true;
      const rows = [{ s1: '', s2: '' }, ...(random() < 0.5 ? [{ s1: 'fb', s2: `camp${Math.floor(random() * 3)}` }] : [])].map(({ s1, s2 }) => {
        const click = 1 + Math.floor(random() * 120);
        const registered = Math.floor(random() * (click / 8 + 1));
        const essay = Math.floor(random() * (registered / 2 + 1));
        const bill = Math.floor(random() * (essay / 2 + 1));
        return { user_id, day, offer_id: offer.offer_id, s1, s2, click, registered, essay, bill };
      });
      imported(rows.map((r) => ({ ...r, delta: { click: r.click, registered: r.registered, essay: r.essay, bill: r.bill } })));
      const count = rows.reduce((n, r) => n + r[paidKind], 0);
      const spans = spansOf(settings, position + 1, position + count);
      const amount = spans.reduce((n, s) => n + s.amount_cents, 0);
      const priced: DayEarnings = splitSpansAmongRows({
        day, paid_kind: paidKind, count, first_position: position + 1, last_position: position + count, settings, spans, amount_cents: amount, previous_amount_cents: 0,
        rows: rows.map((r) => {
          const rowAmount = count ? Math.round((amount * r[paidKind]) / count) : 0;
          return { offer_id: r.offer_id, s1: r.s1, s2: r.s2, count: r[paidKind], amount_cents: rowAmount, delta_cents: rowAmount };
        }),
      });
      position += count;
      for (const span of spans) {
        const line = lines.get(span.tier_level) ?? {
          offer_id: offer.offer_id, paid_kind: paidKind, rate_kind: settings.kind, tier_level: span.tier_level, rate_cents: span.rate_cents,
          variant_id: variant.variant_id, variant_version: 1, variant_name: variant.name, count: 0, amount_cents: 0,
        };
        lines.set(span.tier_level, { ...line, count: line.count + span.count, amount_cents: line.amount_cents + span.amount_cents });
      }
      appends.push({ streamId: stream, actor: SYSTEM, at: timeOfDay(addDaysToDay(day, 1), 6), events: [{ type: 'WeekEarningsRecorded', data: { user_id, week, days: [priced] } }] });
      if (random() < 0.2) {
        const kind: ConversionKind = paidKind === 'bill' ? 'bill' : 'essay';
        const txid = `tx-${randomUUID()}`;
        const key = { user_id, day, offer_id: offer.offer_id, s1: '', s2: '', kind, txid };
        appends.push({
          streamId: conversionStream(offer.offer_id, kind, txid), actor: { id: 'postback', role: 'anonymous' }, at: timeOfDay(day, 15),
          events: [{ type: 'ConversionRecorded', data: key }, ...(random() < 0.1 ? [{ type: 'ConversionReversed' as const, data: key }] : [])],
        });
      }
    }
    if (!active) continue;
    const closedAt = timeOfDay(addDaysToDay(monday, 8), 0);
    const weekLines = [...lines.values()];
    const total = weekLines.reduce((n, l) => n + l.amount_cents, 0);
    appends.push({ streamId: stream, actor: SYSTEM, at: closedAt, events: [{ type: 'WeekClosed', data: { user_id, week, lines: weekLines, total_cents: total } }] });
    const item: LedgerItem = {
      item_id: itemIdOf('week', `${user_id}/${week}`), kind: 'week', amount_cents: total, week, label: `Semaine ${week}`,
      source: { type: 'week', event_id: randomUUID() }, lines: weekLines.map((l) => ({ ...l, offer_name: offer.brand_name, offer_unique_id: offer.unique_id })),
    };
    appends.push({ streamId: ledgerStream(user_id), actor: SYSTEM, at: closedAt, events: [{ type: 'LedgerItemPosted', data: { ...item, user_id, at: closedAt.toISOString() } }] });
    open.push({ item, week });
    const balance = open.reduce((n, o) => n + o.item.amount_cents, 0);
    if (balance < MINIMUM_PAYOUT_CENTS) {
      appends.push({ streamId: ledgerStream(user_id), actor: SYSTEM, at: closedAt, events: [{ type: 'BalanceCarriedOver', data: { user_id, week, balance_cents: balance, reason: 'below_minimum', at: closedAt.toISOString() } }] });
      continue;
    }
    const payout_id = payoutIdOf(user_id, week);
    const item_ids = open.map((o) => o.item.item_id);
    const paidAt = timeOfDay(addDaysToDay(monday, 10), 10);
    appends.push({
      streamId: payoutStream(user_id, week), actor: SYSTEM, at: closedAt,
      events: [
        {
          type: 'PayoutIssued',
          data: {
            payout_id, user_id, week, item_ids, lines: open.map((o) => ({ ...o.item, carried: o.week !== week })), carried_in_cents: balance - total, total_cents: balance,
            payment_method_type: 'bank', payment_method_event_id: randomUUID(), computed_at: closedAt.toISOString(), issued_at: closedAt.toISOString(),
          },
        },
        { type: 'InvoiceIssued', data: { payout_id, user_id, number: nextInvoiceNumber(), sha256: randomUUID().replace(/-/g, '').repeat(2) } },
      ],
    });
    appends.push({ streamId: ledgerStream(user_id), actor: SYSTEM, at: closedAt, events: [{ type: 'ItemsSettled', data: { user_id, payout_id, week, item_ids, amount_cents: balance, at: closedAt.toISOString() } }] });
    appends.push({ streamId: payoutStream(user_id, week), actor: { id: randomUUID(), role: 'admin' }, at: paidAt, events: [{ type: 'PayoutPaid', data: { payout_id, user_id, paid_at: paidAt.toISOString() } }] });
    open = [];
  }
  return appends;
}

/** A file of figures as an import records it: started, its changes in chunks, completed. */
export function importJourney(rows: FigureChange[], admin: Actor, at: Date): Append[] {
  const import_id = randomUUID();
  const stream = statsImportStream(import_id);
  const appends: Append[] = [
    { streamId: stream, actor: admin, at, events: [{ type: 'StatsImportStarted', data: { import_id, file_name: 'stats.json', rows_received: rows.length, sender: { kind: 'admin', user_id: admin.id } } }] },
  ];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    appends.push({ streamId: stream, actor: admin, at, events: [{ type: 'FiguresImported', data: { import_id, chunk: i / CHUNK_ROWS + 1, rows: rows.slice(i, i + CHUNK_ROWS) } }] });
  }
  const days = new Set(rows.map((r) => `${r.user_id}|${r.day}`)).size;
  const affiliates = new Set(rows.map((r) => r.user_id)).size;
  appends.push({ streamId: stream, actor: admin, at, events: [{ type: 'StatsImportCompleted', data: { import_id, rows_changed: rows.length, days_changed: days, affiliates } }] });
  return appends;
}
