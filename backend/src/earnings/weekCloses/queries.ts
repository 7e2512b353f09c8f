import type pg from 'pg';
import type { IsoWeek } from '../../time/calendar';

/**
 * Affiliate-weeks with recorded earnings that are not closed yet, among the weeks up to `lastWeek`
 * (ISO week labels sort in time order). What to close is then decided from each week's events.
 */
export async function weeksToClose(pool: pg.Pool, lastWeek: IsoWeek): Promise<{ user_id: string; week: IsoWeek }[]> {
  const { rows } = await pool.query<{ user_id: string; week: IsoWeek }>(
    `SELECT DISTINCT d.user_id, d.week FROM rm_day_earnings d
      WHERE d.week <= $1 AND NOT EXISTS (SELECT 1 FROM rm_week_closes c WHERE c.user_id = d.user_id AND c.week = d.week)
      ORDER BY d.week, d.user_id`,
    [lastWeek],
  );
  return rows;
}
