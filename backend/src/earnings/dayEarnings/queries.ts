import type pg from 'pg';
import type { IsoWeek } from '../../time/calendar';
import type { DayEarningsRow } from './schema';

/** An affiliate's priced days of a week, in order. */
export async function weekEarnings(pool: pg.Pool, userId: string, week: IsoWeek): Promise<DayEarningsRow[]> {
  const { rows } = await pool.query<DayEarningsRow>('SELECT user_id, day::text AS day, week, paid_kind, count, first_position, last_position, amount_cents, settings, spans, event_id FROM rm_day_earnings WHERE user_id = $1 AND week = $2 ORDER BY day', [userId, week]);
  return rows;
}
