import { centsToDecimal, type VariationHistoryEntry } from '@affilux/contract';
import type pg from 'pg';
import { addDaysTo, startOfDayInstant, type Day } from '../../time/calendar';
import type { RatePeriodRow } from './schema';

const iso = (value: string | Date) => new Date(value).toISOString();

/** A period as the variation history shows it: amounts as decimal strings. */
export const toVariationHistoryEntry = (row: RatePeriodRow): VariationHistoryEntry => ({
  id: row.id,
  payment_type: row.payment_type,
  standard: row.standard,
  variant_id: row.variant_id,
  variant_version: row.variant_version,
  variant_name: row.variant_name,
  base_amount: row.base_amount_cents === null ? null : centsToDecimal(row.base_amount_cents),
  is_evolutionary: row.is_evolutionary,
  tiers: row.tiers.map(({ amount_cents, ...tier }) => ({ ...tier, amount: centsToDecimal(amount_cents) })),
  start_date: iso(row.started_at),
  end_date: row.ended_at === null ? null : iso(row.ended_at),
});

/** Every period of an affiliate's rate, the current one first. */
export async function rateHistory(pool: pg.Pool, userId: string): Promise<RatePeriodRow[]> {
  const { rows } = await pool.query<RatePeriodRow>('SELECT * FROM rm_rate_periods WHERE user_id = $1 ORDER BY started_at DESC', [userId]);
  return rows;
}

/** The period in force at an instant (null before the account was opened). */
export async function ratePeriodAt(pool: pg.Pool, userId: string, at: Date): Promise<RatePeriodRow | null> {
  const { rows } = await pool.query<RatePeriodRow>(
    'SELECT * FROM rm_rate_periods WHERE user_id = $1 AND started_at <= $2 AND (ended_at IS NULL OR ended_at > $2)',
    [userId, at],
  );
  return rows[0] ?? null;
}

/**
 * The settings in force on a calendar day (money.md): those at the end of that day in the network's
 * time zone, so a change made during a day applies to the whole day. Null when the account was not
 * open by the end of the day.
 */
export async function ratePeriodOnDay(pool: pg.Pool, userId: string, day: Day): Promise<RatePeriodRow | null> {
  const { rows } = await pool.query<RatePeriodRow>(
    'SELECT * FROM rm_rate_periods WHERE user_id = $1 AND started_at < $2 AND (ended_at IS NULL OR ended_at >= $2)',
    [userId, startOfDayInstant(addDaysTo(day, 1))],
  );
  return rows[0] ?? null;
}
