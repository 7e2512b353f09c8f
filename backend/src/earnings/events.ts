import type { DomainEvent } from '../eventstore/commands';
import type { Upcaster } from '../eventstore/upcasting';
import type { Day, IsoWeek } from '../time/calendar';
import type { PaidKind, RateSettings, TierSpan } from './rateEngine';

/**
 * A row of a day's figures and its share of the day's earnings, with the tier spans of its own
 * positions in the week; `delta_cents` is the change from what was recorded before.
 */
export type EarningsRow = { offer_id: string; s1: string; s2: string; count: number; amount_cents: number; delta_cents: number; spans: TierSpan[] };

/**
 * What a day earned, decided once and recorded with its explanation (count and positions in the
 * week, the settings in force that day with the variant and its version, the tiers and rates
 * applied, the amount in cents and how it was shared among the day's rows), so that a replay never
 * decides it again under changed rules.
 */
export type DayEarnings = {
  day: Day;
  paid_kind: PaidKind;
  count: number;
  first_position: number;
  last_position: number;
  settings: RateSettings;
  spans: TierSpan[];
  amount_cents: number;
  previous_amount_cents: number;
  rows: EarningsRow[];
};

/**
 * One line of a week's earnings: what an offer's conversions of the paid kind earned at one rate
 * (a tier of a variant version, a fixed variant version, or the standard rate). `offer_id` is ''
 * for figures without an offer. In a correction, count and amount are differences.
 */
export type WeekLine = {
  offer_id: string;
  paid_kind: PaidKind;
  rate_kind: RateSettings['kind'];
  tier_level: number | null;
  rate_cents: number;
  variant_id: string | null;
  variant_version: number | null;
  variant_name: string | null;
  count: number;
  amount_cents: number;
};

/** The days of an affiliate's week whose price changed (a re-sent day, a late postback, a reversal, a settings change that day). */
export type WeekEarningsRecorded = DomainEvent<'WeekEarningsRecorded', { user_id: string; week: IsoWeek; days: DayEarnings[] }>;

/** The week's earnings fixed at its close (Tuesday 00:00 after the week), line by line. */
export type WeekClosed = DomainEvent<'WeekClosed', { user_id: string; week: IsoWeek; lines: WeekLine[]; total_cents: number }>;

/**
 * A closed week priced again (late or corrected figures): the days' new prices, as
 * WeekEarningsRecorded would say them, and the difference, never reopening the week: its lines as
 * differences and a label ("2026-W14 : +2 ventes, palier 2 → 3, +45,00 EUR").
 */
export type WeekCorrected = DomainEvent<
  'WeekCorrected',
  { user_id: string; week: IsoWeek; days: DayEarnings[]; delta_cents: number; lines: WeekLine[]; label: string }
>;

export type EarningsEvent = WeekEarningsRecorded | WeekClosed | WeekCorrected;

/** One affiliate's ISO week: a short stream, as closing the books wants it. */
export const earningsStream = (userId: string, week: IsoWeek) => `earnings-${userId}-${week}`;

type DayEarningsV1 = Omit<DayEarnings, 'rows'> & { rows: Omit<EarningsRow, 'spans'>[] };

/**
 * v2: each row carries the tier spans of its positions. A v1 day's rows took the day's positions
 * one after the other in their recorded order (the vanished rows, at zero, last), so the day's spans
 * split among them exactly.
 */
export function splitSpansAmongRows(day: DayEarningsV1): DayEarnings {
  const pending = day.spans.map((span) => ({ ...span }));
  const rows = day.rows.map((row) => {
    const spans: TierSpan[] = [];
    let left = row.count;
    while (left > 0 && pending.length) {
      const span = pending[0]!;
      const taken = Math.min(left, span.count);
      spans.push({ tier_level: span.tier_level, count: taken, rate_cents: span.rate_cents, amount_cents: taken * span.rate_cents });
      span.count -= taken;
      left -= taken;
      if (span.count === 0) pending.shift();
    }
    return { ...row, spans };
  });
  return { ...day, rows };
}

export const earningsUpcasters: Upcaster[] = [
  {
    type: 'WeekEarningsRecorded',
    from: 1,
    upcast: (data: { user_id: string; week: IsoWeek; days: DayEarningsV1[] }) => ({ ...data, days: data.days.map(splitSpansAmongRows) }),
  },
];
