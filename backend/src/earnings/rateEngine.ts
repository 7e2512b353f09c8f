import type { PaymentType } from '@affilux/contract';
import { addDaysTo, startOfDayInstant, type Day } from '../time/calendar';
import type { Tier } from '../variants/events';

/**
 * What a figure is worth (shared/design/money.md), as a pure function of the week's figures and the
 * settings in force on each day. Nothing here reads a clock, a table or the log.
 *
 * - A PPT affiliate is paid for essays, a SALE affiliate for bills; the other kind earns nothing.
 * - The rate is that of the settings in force on the day (standard rate, a fixed variant's amount,
 *   or an evolutionary variant's tiers), the settings being those at the END of that day.
 * - Tiers are graduated over the ISO week: the n-th essay (bill) of the week, n = 1, 2, ..., is
 *   paid the amount of the tier whose [min_sales, max_sales] holds n; counts of both kinds run from
 *   Monday whatever the day's payment type. So the week's total grows with the count and does not
 *   depend on the order figures arrived in, and one reversed sale changes it by exactly one tier
 *   amount. A day's revenue is the price of its positions: T(count through the day) - T(count before).
 * - Within a day, its positions go to its rows in the order of their `key` (the caller builds keys
 *   so that this order is: no offer first, then offers by 5-digit id, then the default tracker, then
 *   trackers by s1 and s2).
 */
export type RateSettings =
  | { kind: 'standard'; payment_type: PaymentType; amount_cents: number }
  | { kind: 'fixed'; payment_type: PaymentType; variant_id: string; variant_version: number; variant_name: string; amount_cents: number }
  | { kind: 'tiers'; payment_type: PaymentType; variant_id: string; variant_version: number; variant_name: string; tiers: Tier[] };

export type PaidKind = 'essay' | 'bill';
export const paidKindOf = (paymentType: PaymentType): PaidKind => (paymentType === 'sale' ? 'bill' : 'essay');

export type FigureRow = { key: string; essay: number; bill: number };
export type WeekDay = { day: Day; settings: RateSettings; rows: FigureRow[] };

/** Conversions of one tier on one day: how many, at which rate. */
export type TierSpan = { tier_level: number | null; count: number; rate_cents: number; amount_cents: number };

export type DayPricing = {
  day: Day;
  paid_kind: PaidKind;
  /** Paid conversions that day, and the positions they took in the week (first_position is 1-based; 0 conversions: first > last). */
  count: number;
  first_position: number;
  last_position: number;
  settings: RateSettings;
  spans: TierSpan[];
  amount_cents: number;
  /** The day's amount shared among its rows, in key order, each with the tier spans of its own positions. */
  rows: { key: string; count: number; amount_cents: number; spans: TierSpan[] }[];
};

/** The tier holding position n (the last tier for anything beyond: the last tier is open-ended). */
function tierOf(tiers: Tier[], n: number): Tier {
  return tiers.find((t) => n >= t.min_sales && (t.max_sales === null || n <= t.max_sales)) ?? tiers[tiers.length - 1]!;
}

/** The price of positions from..to (inclusive), as spans of equal rate. */
function priceSpan(settings: RateSettings, from: number, to: number): TierSpan[] {
  if (to < from) return [];
  if (settings.kind !== 'tiers') {
    const count = to - from + 1;
    return [{ tier_level: null, count, rate_cents: settings.amount_cents, amount_cents: count * settings.amount_cents }];
  }
  const spans: TierSpan[] = [];
  let n = from;
  while (n <= to) {
    const tier = tierOf(settings.tiers, n);
    const end = Math.min(to, tier.max_sales === null || tier === settings.tiers[settings.tiers.length - 1] ? to : tier.max_sales);
    const count = end - n + 1;
    spans.push({ tier_level: tier.tier_level, count, rate_cents: tier.amount_cents, amount_cents: count * tier.amount_cents });
    n = end + 1;
  }
  return spans;
}

const sum = (spans: TierSpan[]) => spans.reduce((total, s) => total + s.amount_cents, 0);

/** Prices every day of one affiliate's ISO week; `days` in any order, each day at most once. */
export function priceWeek(days: WeekDay[]): DayPricing[] {
  const sorted = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const before: Record<PaidKind, number> = { essay: 0, bill: 0 };
  return sorted.map(({ day, settings, rows }) => {
    const kind = paidKindOf(settings.payment_type);
    const ordered = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const first = before[kind] + 1;
    let position = first;
    const pricedRows = ordered.map((row) => {
      const count = row[kind];
      const spans = priceSpan(settings, position, position + count - 1);
      position += count;
      return { key: row.key, count, amount_cents: sum(spans), spans };
    });
    const count = position - first;
    const spans = priceSpan(settings, first, first + count - 1);
    for (const k of ['essay', 'bill'] as const) before[k] += ordered.reduce((total, row) => total + row[k], 0);
    return { day, paid_kind: kind, count, first_position: first, last_position: first + count - 1, settings, spans, amount_cents: sum(spans), rows: pricedRows };
  });
}

/** A period of an affiliate's settings: in force from `started_at` until `ended_at` (null: still in force). */
export type SettingsPeriod = { started_at: Date; ended_at: Date | null; settings: RateSettings };

/**
 * The settings in force on a day: those at the end of that day (in the network's time zone), so a
 * change made during a day applies to the whole day. Null before the first period (the account did
 * not exist yet).
 */
export function settingsOnDay(periods: SettingsPeriod[], day: Day): RateSettings | null {
  const endOfDay = startOfDayInstant(addDaysTo(day, 1)).getTime();
  let inForce: SettingsPeriod | null = null;
  for (const period of periods) {
    if (period.started_at.getTime() >= endOfDay) continue;
    if (period.ended_at !== null && period.ended_at.getTime() < endOfDay) continue;
    if (!inForce || period.started_at > inForce.started_at) inForce = period;
  }
  return inForce?.settings ?? null;
}
