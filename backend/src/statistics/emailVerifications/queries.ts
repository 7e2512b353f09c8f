import type pg from 'pg';
import type { Day } from '../../time/calendar';

/** How many affiliates verified their email on `today`, on `yesterday`, and from `monthStart` to `today`. */
export async function emailVerificationCounts(pool: pg.Pool, days: { today: Day; yesterday: Day; monthStart: Day }): Promise<{ today: number; yesterday: number; month: number }> {
  const { rows } = await pool.query<{ today: number; yesterday: number; month: number }>(
    `SELECT count(*) FILTER (WHERE day = $1)::int AS today, count(*) FILTER (WHERE day = $2)::int AS yesterday, count(*) FILTER (WHERE day >= $3)::int AS month
       FROM rm_email_verifications WHERE day >= least($2::date, $3::date) AND day <= $1`,
    [days.today, days.yesterday, days.monthStart],
  );
  return rows[0]!;
}
