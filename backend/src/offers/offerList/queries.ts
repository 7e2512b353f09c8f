import type { AffiliateOfferView, OfferView, PaymentType, PrivateAffiliate } from '@affilux/contract';
import { scriptFor } from '@affilux/contract';
import type pg from 'pg';
import { containsFolded } from '../../db/textSearch';
import { affiliatesByUniqueIds } from '../../accounts/users/queries';
import type { ListQuery } from '../../http/listQuery';
import type { OfferRow } from './schema';

export const OFFER_SORTS = ['unique_id', 'brand_name', 'category', 'status', 'created_at', 'updated_at'] as const;

async function privateAffiliatesOf(pool: pg.Pool, rows: OfferRow[]): Promise<Map<number, PrivateAffiliate>> {
  const users = await affiliatesByUniqueIds(pool, [...new Set(rows.flatMap((r) => r.private_affiliate_ids))]);
  return new Map(users.map(({ unique_id, first_name, last_name }) => [unique_id, { affiliate_unique_id: unique_id, first_name, last_name }]));
}

function toOfferView(row: OfferRow, affiliates: Map<number, PrivateAffiliate>): OfferView {
  return {
    ...row,
    template_count: row.templates.length,
    private_affiliate_count: row.private_affiliate_ids.length,
    private_affiliates: row.private_affiliate_ids.map((id) => affiliates.get(id) ?? { affiliate_unique_id: id, first_name: '', last_name: '' }),
  };
}

/**
 * The back office's list: `q` matches the brand name (accents aside), the category, the 5-digit id (as typed, with
 * or without its zeros) or the status.
 */
export async function listOffers(pool: pg.Pool, query: ListQuery): Promise<{ rows: OfferView[]; total: number }> {
  const q = typeof query.filter.q === 'string' ? query.filter.q.trim() : '';
  const where = q
    ? `WHERE ${containsFolded('brand_name', '$2')} OR category ILIKE $1 OR lpad(unique_id::text, 5, '0') LIKE $1 OR unique_id::text = $2 OR status = lower($2)`
    : '';
  const params = q ? [`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, q] : [];
  const order = `ORDER BY ${query.sortField} ${query.sortOrder}, unique_id DESC`;
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query<OfferRow>(`SELECT * FROM rm_offers ${where} ${order} LIMIT ${query.limit} OFFSET ${query.offset}`, params),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM rm_offers ${where}`, params),
  ]);
  const affiliates = await privateAffiliatesOf(pool, rows);
  return { rows: rows.map((r) => toOfferView(r, affiliates)), total: count[0]!.total };
}

export async function findOffer(pool: pg.Pool, id: string): Promise<OfferView | null> {
  const { rows } = await pool.query<OfferRow>('SELECT * FROM rm_offers WHERE id = $1', [id]);
  return rows[0] ? toOfferView(rows[0], await privateAffiliatesOf(pool, rows)) : null;
}

/** What an affiliate may see: active offers, public or reserved for them. */
const VISIBLE = `status = 'active' AND (NOT is_private OR private_affiliate_ids @> jsonb_build_array($1::int))`;

function toAffiliateView(row: OfferRow, paymentType: PaymentType): AffiliateOfferView {
  return {
    id: row.id,
    unique_id: row.unique_id,
    brand_name: row.brand_name,
    brand_image: row.brand_image,
    category: row.category,
    template_count: row.templates.length,
    templates: row.templates,
    script_code: scriptFor(row, paymentType),
    script_code_ppt: row.script_code_ppt,
    script_code_sale: row.script_code_sale,
  };
}

export async function offersVisibleTo(pool: pg.Pool, affiliate: { unique_id: number; payment_type: PaymentType }): Promise<AffiliateOfferView[]> {
  const { rows } = await pool.query<OfferRow>(`SELECT * FROM rm_offers WHERE ${VISIBLE} ORDER BY unique_id`, [affiliate.unique_id]);
  return rows.map((r) => toAffiliateView(r, affiliate.payment_type));
}

export async function offerVisibleTo(pool: pg.Pool, affiliate: { unique_id: number; payment_type: PaymentType }, offerId: string): Promise<AffiliateOfferView | null> {
  const { rows } = await pool.query<OfferRow>(`SELECT * FROM rm_offers WHERE ${VISIBLE} AND id = $2`, [affiliate.unique_id, offerId]);
  return rows[0] ? toAffiliateView(rows[0], affiliate.payment_type) : null;
}
