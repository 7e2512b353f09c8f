import type { DomainEvent } from '../eventstore/commands';
import type { Day, IsoWeek } from '../time/calendar';
import type { PaidKind, RateSettings, TierSpan } from './rateEngine';

/** A row of a day's figures and its share of the day's earnings; `delta_cents` is the change from what was recorded before. */
export type EarningsRow = { offer_id: string; s1: string; s2: string; count: number; amount_cents: number; delta_cents: number };

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

/** The days of an affiliate's week whose price changed (a re-sent day, a late postback, a reversal, a settings change that day). */
export type WeekEarningsRecorded = DomainEvent<'WeekEarningsRecorded', { user_id: string; week: IsoWeek; days: DayEarnings[] }>;

export type EarningsEvent = WeekEarningsRecorded;

/** One affiliate's ISO week: a short stream, as closing the books wants it. */
export const earningsStream = (userId: string, week: IsoWeek) => `earnings-${userId}-${week}`;
