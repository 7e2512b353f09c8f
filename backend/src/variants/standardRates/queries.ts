import { PAYMENT_TYPES, type PaymentType } from '@affilux/contract';
import type pg from 'pg';
import { DEFAULT_STANDARD_RATE_CENTS } from '../events';
import type { StandardRateRow } from './schema';

/** The standard rate of each payment type in force at `at` (now when omitted), in cents. */
export async function standardRatesAt(pool: pg.Pool, at?: Date): Promise<Record<PaymentType, number>> {
  const { rows } = await pool.query<{ payment_type: PaymentType; amount_cents: number }>(
    `SELECT DISTINCT ON (payment_type) payment_type, amount_cents FROM rm_standard_rates
      WHERE $1::timestamptz IS NULL OR effective_at <= $1 ORDER BY payment_type, effective_at DESC, revision DESC`,
    [at ?? null],
  );
  const rates = { ppt: DEFAULT_STANDARD_RATE_CENTS, sale: DEFAULT_STANDARD_RATE_CENTS };
  for (const row of rows) rates[row.payment_type] = row.amount_cents;
  return rates;
}

/** Every change of the standard rates, newest first. */
export async function standardRateHistory(pool: pg.Pool): Promise<Record<PaymentType, StandardRateRow[]>> {
  const { rows } = await pool.query<StandardRateRow>('SELECT * FROM rm_standard_rates ORDER BY effective_at DESC, revision DESC');
  return Object.fromEntries(PAYMENT_TYPES.map((type) => [type, rows.filter((r) => r.payment_type === type)])) as Record<PaymentType, StandardRateRow[]>;
}
