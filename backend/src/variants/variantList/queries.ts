import { centsToDecimal, type PaymentType, type VariantView } from '@affilux/contract';
import type pg from 'pg';
import { containsFolded } from '../../db/textSearch';
import type { ListQuery } from '../../http/listQuery';
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

export const VARIANT_SORTS = ['name', 'created_at', 'base_amount'] as const;

/** A page of one payment type's variants for the back office's card grid, searched by name (case and accents aside). */
export async function searchPaymentVariants(
  pool: pg.Pool,
  paymentType: PaymentType,
  query: ListQuery,
  search: string | null,
): Promise<{ rows: PaymentVariantRow[]; total: number }> {
  const where = `WHERE NOT deleted AND payment_type = $1 AND ($2::text IS NULL OR ${containsFolded('name', '$2')})`;
  const order = { name: 'lower(name)', created_at: 'created_at', base_amount: 'base_amount_cents' }[query.sortField as (typeof VARIANT_SORTS)[number]] ?? 'lower(name)';
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query<PaymentVariantRow>(`SELECT * FROM rm_payment_variants ${where} ORDER BY ${order} ${query.sortOrder}, id LIMIT ${query.limit} OFFSET ${query.offset}`, [paymentType, search]),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM rm_payment_variants ${where}`, [paymentType, search]),
  ]);
  return { rows, total: count[0]!.total };
}

/** A variant as it stands today (of that payment type, when given), or null when unknown or deleted. */
export async function findPaymentVariant(pool: pg.Pool, variantId: string, paymentType?: PaymentType): Promise<PaymentVariantRow | null> {
  const { rows } = await pool.query<PaymentVariantRow>(
    'SELECT * FROM rm_payment_variants WHERE id = $1 AND ($2::text IS NULL OR payment_type = $2) AND NOT deleted',
    [variantId, paymentType ?? null],
  );
  return rows[0] ?? null;
}
