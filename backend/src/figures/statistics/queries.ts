import type { PaymentType } from '@affilux/contract';
import type pg from 'pg';
import { mondayOf, type IsoWeek } from '../../time/calendar';

/** An affiliate's paid conversions (essays for PPT, bills for SALE): in `week` (what its tiers count), and over all time. */
export async function conversionsOf(pool: pg.Pool, userId: string, paymentType: PaymentType, week: IsoWeek): Promise<{ week: number; total: number }> {
  const column = paymentType === 'sale' ? 'bill' : 'essay';
  const { rows } = await pool.query<{ week: number; total: number }>(
    `SELECT (SELECT coalesce(sum(${column}), 0) FROM rm_affiliate_days WHERE user_id = $1 AND day BETWEEN $2::date AND $2::date + 6)::bigint AS week,
            (SELECT coalesce(sum(${column}), 0) FROM rm_affiliate_months WHERE user_id = $1)::bigint AS total`,
    [userId, mondayOf(week)],
  );
  return rows[0]!;
}
