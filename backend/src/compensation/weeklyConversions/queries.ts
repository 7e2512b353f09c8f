import type { PaymentType } from '@affilux/contract';
import type pg from 'pg';
import type { IsoWeek } from '../../time/calendar';

/** An affiliate's paid conversions (essays for PPT, bills for SALE): in `week`, and over every week. */
export async function conversionsOf(pool: pg.Pool, userId: string, paymentType: PaymentType, week: IsoWeek): Promise<{ week: number; total: number }> {
  const column = paymentType === 'sale' ? 'bills' : 'essays';
  const { rows } = await pool.query<{ week: number; total: number }>(
    `SELECT coalesce(sum(${column}) FILTER (WHERE iso_week = $2), 0)::int AS week, coalesce(sum(${column}), 0)::int AS total
       FROM rm_weekly_conversions WHERE user_id = $1`,
    [userId, week],
  );
  return rows[0] ?? { week: 0, total: 0 };
}
