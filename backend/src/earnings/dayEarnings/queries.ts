import type pg from 'pg';
import type { IsoWeek } from '../../time/calendar';
import type { DayEarningsRow } from './schema';

/** An affiliate's priced days of a week, in order. */
export async function weekEarnings(pool: pg.Pool, userId: string, week: IsoWeek): Promise<DayEarningsRow[]> {
  const { rows } = await pool.query<DayEarningsRow>('SELECT user_id, day::text AS day, week, paid_kind, count, first_position, last_position, amount_cents, settings, spans, event_id FROM rm_day_earnings WHERE user_id = $1 AND week = $2 ORDER BY day', [userId, week]);
  return rows;
}

/**
 * What an affiliate earned in weeks before `currentWeek` that are not closed yet (Monday, before
 * Tuesday's close; or longer if the close has not run): earned, in no balance yet. Weeks in order.
 */
export async function earningsAwaitingClose(pool: pg.Pool, userId: string, currentWeek: IsoWeek): Promise<{ weeks: IsoWeek[]; amount_cents: number }> {
  const { rows } = await pool.query<{ week: IsoWeek; amount_cents: string }>(
    `SELECT d.week, sum(d.amount_cents) AS amount_cents FROM rm_day_earnings d JOIN rm_open_weeks o ON o.user_id = d.user_id AND o.week = d.week
      WHERE d.user_id = $1 AND d.week < $2 GROUP BY d.week HAVING sum(d.amount_cents) <> 0 ORDER BY d.week`,
    [userId, currentWeek],
  );
  return { weeks: rows.map((r) => r.week), amount_cents: rows.reduce((sum, r) => sum + Number(r.amount_cents), 0) };
}
