import type pg from 'pg';
import type { IsoWeek } from '../../time/calendar';

/**
 * Affiliate-weeks with recorded earnings that are not closed yet, among the weeks up to `lastWeek`
 * (ISO week labels sort in time order). What to close is then decided from each week's events.
 */
export async function weeksToClose(pool: pg.Pool, lastWeek: IsoWeek): Promise<{ user_id: string; week: IsoWeek }[]> {
  const { rows } = await pool.query<{ user_id: string; week: IsoWeek }>(
    'SELECT user_id, week FROM rm_open_weeks WHERE week <= $1 ORDER BY week, user_id',
    [lastWeek],
  );
  return rows;
}
