import type { PaymentType } from '@affilux/contract';
import type pg from 'pg';
import type { Day } from '../../time/calendar';
import type { Counts } from '../events';
import type { CountsWithRevenue } from './schema';

/**
 * What the statistics screens read from the statistics read models, each an indexed range of a
 * per-day or per-month table (never the events): an affiliate's rows of a period, its days and
 * months, the network's days, the month's top affiliates. Offer names come from rm_stat_offers,
 * which keeps deleted offers. Days are 'YYYY-MM-DD' in Europe/Paris, as the tables hold them.
 */

/** A figure row of the table: the offer's 5-digit id and name (null and '' for figures without an offer). */
export type TableRowRecord = { day: Day; offer_unique_id: number | null; brand_name: string; s1: string; s2: string } & CountsWithRevenue;

/** An affiliate's figure rows from `from` to `to`, in the table's natural order (newest day first, then offer, then trackers). */
export async function figureRowsOfPeriod(pool: pg.Pool, userId: string, from: Day, to: Day): Promise<TableRowRecord[]> {
  const { rows } = await pool.query<TableRowRecord>({
    name: 'statistics.figureRowsOfPeriod',
    text: `SELECT r.day::text AS day, o.unique_id AS offer_unique_id, coalesce(o.brand_name, '') AS brand_name, r.s1, r.s2,
                  r.click, r.registered, r.essay, r.bill, r.revenue_cents
             FROM rm_figure_rows r LEFT JOIN rm_stat_offers o ON o.id::text = r.offer_id
            WHERE r.user_id = $1 AND r.day BETWEEN $2 AND $3
            ORDER BY r.day DESC, o.unique_id NULLS FIRST, r.s1, r.s2`,
    values: [userId, from, to],
  });
  return rows;
}

/**
 * The table's answer of an affiliate's period, built by PostgreSQL as JSON text (no row crosses into
 * JavaScript): its rows as compact arrays, in no order, and the names of the offers they name.
 */
export async function compactRowsOfPeriod(pool: pg.Pool, userId: string, from: Day, to: Day): Promise<{ rows: string; offers: string }> {
  const { rows } = await pool.query<{ rows: string; offers: string }>({
    name: 'statistics.compactRowsOfPeriod',
    // The offers (a handful) are hashed once, and the rows joined to them as they are aggregated: read once, never written to temp files.
    text: `WITH offers AS MATERIALIZED (SELECT id::text AS id, unique_id, brand_name FROM rm_stat_offers)
           SELECT coalesce((SELECT json_agg(json_build_array(r.day, o.unique_id, r.s1, r.s2, r.click, r.registered, r.essay, r.bill, r.revenue_cents))
                              FROM rm_figure_rows r LEFT JOIN offers o ON o.id = r.offer_id
                             WHERE r.user_id = $1 AND r.day BETWEEN $2 AND $3), '[]')::text AS rows,
                  coalesce((SELECT json_object_agg(o.unique_id, o.brand_name) FROM offers o
                             WHERE o.id IN (SELECT offer_id FROM rm_figure_rows WHERE user_id = $1 AND day BETWEEN $2 AND $3)), '{}')::text AS offers`,
    values: [userId, from, to],
  });
  return rows[0]!;
}

export type BulkRevenueKey = { day: Day; offer_unique_id: number | null; s1: string; s2: string };

/** The revenue recorded for each of these rows of an affiliate, in cents, in the same order (0 for a row with no figures). */
export async function revenueOfRows(pool: pg.Pool, userId: string, keys: readonly BulkRevenueKey[]): Promise<number[]> {
  if (!keys.length) return [];
  const { rows } = await pool.query<{ n: number; revenue_cents: number }>(
    `SELECT k.n::int AS n, coalesce(r.revenue_cents, 0) AS revenue_cents
       FROM unnest($2::date[], $3::int[], $4::text[], $5::text[]) WITH ORDINALITY AS k(day, offer_unique_id, s1, s2, n)
       LEFT JOIN rm_stat_offers o ON o.unique_id = k.offer_unique_id
       LEFT JOIN rm_figure_rows r ON r.user_id = $1 AND r.day = k.day AND r.s1 = k.s1 AND r.s2 = k.s2
            AND r.offer_id = CASE WHEN k.offer_unique_id IS NULL THEN '' ELSE o.id::text END
      ORDER BY k.n`,
    [userId, keys.map((k) => k.day), keys.map((k) => k.offer_unique_id), keys.map((k) => k.s1), keys.map((k) => k.s2)],
  );
  return rows.map((r) => r.revenue_cents);
}

export type DayRecord = { day: Day } & CountsWithRevenue;
export type MonthRecord = { month: Day } & CountsWithRevenue;

/** An affiliate's days from `from` to `to` that have figures, oldest first. */
export async function affiliateDays(pool: pg.Pool, userId: string, from: Day, to: Day): Promise<DayRecord[]> {
  const { rows } = await pool.query<DayRecord>({
    name: 'statistics.affiliateDays',
    text: `SELECT day::text AS day, click, registered, essay, bill, revenue_cents FROM rm_affiliate_days WHERE user_id = $1 AND day BETWEEN $2 AND $3 ORDER BY day`,
    values: [userId, from, to],
  });
  return rows;
}

/** An affiliate's months (first days) among `months`. */
export async function affiliateMonths(pool: pg.Pool, userId: string, months: readonly Day[]): Promise<MonthRecord[]> {
  const { rows } = await pool.query<MonthRecord>({
    name: 'statistics.affiliateMonths',
    text: `SELECT month::text AS month, click, registered, essay, bill, revenue_cents FROM rm_affiliate_months WHERE user_id = $1 AND month = ANY($2::date[])`,
    values: [userId, months],
  });
  return rows;
}

/** An affiliate's revenue since its first figure, in cents, and how many days it had figures. */
export async function affiliateLifetime(pool: pg.Pool, userId: string): Promise<{ revenue_cents: number; active_days: number }> {
  const { rows } = await pool.query<{ revenue_cents: number; active_days: number }>({
    name: 'statistics.affiliateLifetime',
    text: `SELECT (SELECT coalesce(sum(revenue_cents), 0) FROM rm_affiliate_months WHERE user_id = $1)::bigint AS revenue_cents,
                  (SELECT count(*) FROM rm_affiliate_days WHERE user_id = $1 AND (click > 0 OR registered > 0 OR essay > 0 OR bill > 0))::int AS active_days`,
    values: [userId],
  });
  return rows[0]!;
}

export type NetworkDayRecord = DayRecord & { active_affiliates: number };

/** The network's days from `from` to `to` that have figures, oldest first. */
export async function networkDays(pool: pg.Pool, from: Day, to: Day): Promise<NetworkDayRecord[]> {
  const { rows } = await pool.query<NetworkDayRecord>({
    name: 'statistics.networkDays',
    text: `SELECT day::text AS day, click, registered, essay, bill, revenue_cents, active_affiliates FROM rm_network_days WHERE day BETWEEN $1 AND $2 ORDER BY day`,
    values: [from, to],
  });
  return rows;
}

/** Every essay and every cent the network ever counted. */
export async function networkLifetime(pool: pg.Pool): Promise<{ essay: number; revenue_cents: number }> {
  const { rows } = await pool.query<{ essay: number; revenue_cents: number }>(
    'SELECT coalesce(sum(essay), 0)::bigint AS essay, coalesce(sum(revenue_cents), 0)::bigint AS revenue_cents FROM rm_network_days',
  );
  return rows[0]!;
}

/**
 * The month's affiliates: how many have an account, how many opened it since `monthStartInstant`,
 * how many had any figure in the month (`month`, its first day), and their paid conversions
 * (essays of PPT affiliates, bills of SALE ones, by their current payment type).
 */
export async function affiliatesOfMonth(pool: pg.Pool, month: Day, monthStartInstant: Date): Promise<{ total: number; opened: number; active: number; conversions: number }> {
  const { rows } = await pool.query<{ total: number; opened: number; active: number; conversions: number }>({
    name: 'statistics.affiliatesOfMonth',
    text: `SELECT u.total, u.opened, m.active, m.conversions
             FROM (SELECT count(*)::int AS total, count(*) FILTER (WHERE created_at >= $2)::int AS opened FROM rm_users WHERE role = 'affiliate') u,
                  (SELECT count(*)::int AS active, coalesce(sum(CASE WHEN a.payment_type = 'sale' THEN m.bill ELSE m.essay END), 0)::bigint AS conversions
                     FROM rm_affiliate_months m JOIN rm_users a ON a.id = m.user_id
                    WHERE m.month = $1 AND (m.click > 0 OR m.registered > 0 OR m.essay > 0 OR m.bill > 0)) m`,
    values: [month, monthStartInstant],
  });
  return rows[0]!;
}

export type TopAffiliateRecord = {
  id: string; first_name: string; last_name: string; unique_id: number; payment_type: PaymentType; last_connection: string | null;
} & Counts & { revenue_cents: number; conversions: number };

const TOP_COLUMNS = `u.id, u.first_name, u.last_name, u.unique_id, u.payment_type, u.last_connection`;
const PAID = `CASE WHEN u.payment_type = 'sale' THEN t.bill ELSE t.essay END`;
const HAS_FIGURES = `(t.click > 0 OR t.registered > 0 OR t.essay > 0 OR t.bill > 0 OR t.revenue_cents <> 0)`;

/**
 * The affiliates who earned most over a period, best first (then most paid conversions, then the
 * smallest id), `limit` at most. A single month reads that month's rows by the (month, revenue)
 * index; a single day that day's rows; several months (a year) sums them per affiliate.
 */
export async function topAffiliates(pool: pg.Pool, range: { table: 'days'; day: Day } | { table: 'months'; from: Day; to: Day }, limit: number): Promise<TopAffiliateRecord[]> {
  const select = `SELECT ${TOP_COLUMNS}, t.click, t.registered, t.essay, t.bill, t.revenue_cents, ${PAID} AS conversions`;
  const order = (limitParameter: number) => `ORDER BY t.revenue_cents DESC, ${PAID} DESC, u.unique_id LIMIT $${limitParameter}`;
  if (range.table === 'days') {
    const { rows } = await pool.query<TopAffiliateRecord>({
      name: 'statistics.topAffiliatesOfDay',
      text: `${select} FROM rm_affiliate_days t JOIN rm_users u ON u.id = t.user_id WHERE t.day = $1 AND ${HAS_FIGURES} ${order(2)}`,
      values: [range.day, limit],
    });
    return rows;
  }
  if (range.from === range.to) {
    const { rows } = await pool.query<TopAffiliateRecord>({
      name: 'statistics.topAffiliatesOfMonth',
      text: `${select} FROM rm_affiliate_months t JOIN rm_users u ON u.id = t.user_id WHERE t.month = $1 AND ${HAS_FIGURES} ${order(2)}`,
      values: [range.from, limit],
    });
    return rows;
  }
  const { rows } = await pool.query<TopAffiliateRecord>(
    `${select}
       FROM (SELECT user_id, sum(click)::bigint AS click, sum(registered)::bigint AS registered, sum(essay)::bigint AS essay, sum(bill)::bigint AS bill,
                    sum(revenue_cents)::bigint AS revenue_cents
               FROM rm_affiliate_months WHERE month BETWEEN $1 AND $2 GROUP BY user_id) t
       JOIN rm_users u ON u.id = t.user_id WHERE ${HAS_FIGURES} ${order(3)}`,
    [range.from, range.to, limit],
  );
  return rows;
}
