import { centsToDecimal, type PaymentType, type VariantView } from '@affilux/contract';
import type pg from 'pg';
import type { PaymentVariantRow } from './schema';

/** A variant as the API shows it: amounts as decimal strings, from integer cents. */
export const toVariantView = (v: Pick<PaymentVariantRow, 'id' | 'name' | 'base_amount_cents' | 'is_evolutionary' | 'tiers'>): VariantView => ({
  id: v.id,
  name: v.name,
  base_amount: centsToDecimal(v.base_amount_cents),
  is_evolutionary: v.is_evolutionary,
  tiers: v.tiers.map(({ amount_cents, ...t }) => ({ ...t, amount: centsToDecimal(amount_cents) })),
});

export async function listPaymentVariants(pool: pg.Pool): Promise<Record<PaymentType, VariantView[]>> {
  const { rows } = await pool.query<PaymentVariantRow>('SELECT * FROM rm_payment_variants WHERE NOT deleted ORDER BY name');
  return { ppt: rows.filter((v) => v.payment_type === 'ppt').map(toVariantView), sale: rows.filter((v) => v.payment_type === 'sale').map(toVariantView) };
}

export async function variantExists(pool: pg.Pool, variantId: string, paymentType: PaymentType): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM rm_payment_variants WHERE id = $1 AND payment_type = $2 AND NOT deleted', [variantId, paymentType]);
  return (rowCount ?? 0) > 0;
}

/** A variant as it stands today, or null when unknown or deleted. */
export async function findPaymentVariant(pool: pg.Pool, variantId: string): Promise<PaymentVariantRow | null> {
  const { rows } = await pool.query<PaymentVariantRow>('SELECT * FROM rm_payment_variants WHERE id = $1 AND NOT deleted', [variantId]);
  return rows[0] ?? null;
}
