import type pg from 'pg';
import { containsFolded } from '../../db/textSearch';
import { dayOf, type IsoWeek } from '../../time/calendar';
import type { ListQuery } from '../../http/listQuery';
import { PAYOUT_COLUMNS, type PayoutRow } from './schema';

const COLUMNS = PAYOUT_COLUMNS.map((c) => `p.${c}`).join(', ');
const toRow = (row: PayoutRow): PayoutRow => ({
  ...row,
  amount_cents: Number(row.amount_cents),
  carried_in_cents: Number(row.carried_in_cents),
  issued_at: new Date(row.issued_at).toISOString(),
  paid_at: row.paid_at && new Date(row.paid_at).toISOString(),
  failed_at: row.failed_at && new Date(row.failed_at).toISOString(),
});

export type PayoutWithAffiliate = PayoutRow & { unique_id: number; first_name: string; last_name: string; email: string };

/** An affiliate's payouts, newest first. */
export async function payoutsOf(pool: pg.Pool, userId: string): Promise<PayoutRow[]> {
  const { rows } = await pool.query<PayoutRow>(`SELECT ${COLUMNS} FROM rm_payouts p WHERE p.user_id = $1 ORDER BY p.issued_at DESC, p.week DESC`, [userId]);
  return rows.map(toRow);
}

/** One payout with its affiliate; `userId` restricts it to that affiliate's own (anything else is not found). */
export async function findPayout(pool: pg.Pool, id: string, userId?: string): Promise<PayoutWithAffiliate | null> {
  const { rows } = await pool.query<PayoutWithAffiliate>(
    `SELECT ${COLUMNS}, u.unique_id, u.first_name, u.last_name, u.email FROM rm_payouts p JOIN rm_users u ON u.id = p.user_id
      WHERE p.id = $1 AND ($2::uuid IS NULL OR p.user_id = $2::uuid)`,
    [id, userId ?? null],
  );
  return rows[0] ? { ...toRow(rows[0]), unique_id: rows[0].unique_id, first_name: rows[0].first_name, last_name: rows[0].last_name, email: rows[0].email } : null;
}

/** The week's payouts still waiting to be marked paid. */
export async function issuedPayoutsOfWeek(pool: pg.Pool, week: IsoWeek): Promise<{ id: string; user_id: string }[]> {
  const { rows } = await pool.query<{ id: string; user_id: string }>("SELECT id::text, user_id::text FROM rm_payouts WHERE week = $1 AND status = 'issued' ORDER BY user_id", [week]);
  return rows;
}

/** How many payouts the week has (every affiliate at most one), leaving out those of `except`'s affiliates. */
export async function payoutCountOfWeek(pool: pg.Pool, week: IsoWeek, { except = [] }: { except?: string[] } = {}): Promise<number> {
  // NOT IN a subquery is a hashed lookup; NOT (= ANY(array)) would scan the array for every row.
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_payouts WHERE week = $1 AND user_id NOT IN (SELECT unnest($2::uuid[]))', [week, except]);
  return rows[0]!.n;
}

export const HISTORY_SORTABLE = ['issued_at', 'paid_at', 'amount', 'week_label', 'unique_id', 'last_name', 'status', 'reference'] as const;
const SORT_COLUMNS: Record<(typeof HISTORY_SORTABLE)[number], string> = {
  issued_at: 'p.issued_at', paid_at: 'p.paid_at', amount: 'p.amount_cents', week_label: 'p.week', unique_id: 'u.unique_id', last_name: 'u.last_name', status: 'p.status', reference: 'p.invoice_number',
};

/** The back office's payments history: every payout with its affiliate, searched by name, email, affiliate id (as shown, #10024, or without its #), week or reference. */
export async function payoutHistory(pool: pg.Pool, query: ListQuery, search: string | null): Promise<{ rows: PayoutWithAffiliate[]; total: number; total_cents: number }> {
  const where = `($1::text IS NULL OR ${containsFolded("u.first_name || ' ' || u.last_name", '$1')} OR ${containsFolded("u.last_name || ' ' || u.first_name", '$1')}
    OR strpos(lower(u.email), lower($1)) > 0 OR strpos(lpad(u.unique_id::text, 5, '0'), ltrim($1, '#')) > 0 OR strpos(p.week, upper($1)) > 0 OR lpad(p.invoice_number::text, 4, '0') = $1 OR p.id::text = lower($1))`;
  // Payouts of one run share their date: within it, in the order of their references.
  const order = `${SORT_COLUMNS[query.sortField as keyof typeof SORT_COLUMNS] ?? 'p.issued_at'} ${query.sortOrder} NULLS LAST, p.invoice_number ${query.sortOrder} NULLS LAST, p.id`;
  const [{ rows }, { rows: counts }] = await Promise.all([
    pool.query<PayoutWithAffiliate>(
      `SELECT ${COLUMNS}, u.unique_id, u.first_name, u.last_name, u.email FROM rm_payouts p JOIN rm_users u ON u.id = p.user_id
        WHERE ${where} ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [search, query.limit, query.offset],
    ),
    pool.query<{ total: number; total_cents: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(p.amount_cents) FILTER (WHERE p.status <> 'failed'), 0) AS total_cents
         FROM rm_payouts p JOIN rm_users u ON u.id = p.user_id WHERE ${where}`,
      [search],
    ),
  ]);
  return { rows: rows.map((r) => ({ ...toRow(r), unique_id: r.unique_id, first_name: r.first_name, last_name: r.last_name, email: r.email })), total: counts[0]!.total, total_cents: Number(counts[0]!.total_cents) };
}

/** Paid ever (every payout but the failed ones) and paid this calendar month in Paris. */
export async function paidTotals(pool: pg.Pool, now: Date): Promise<{ paid_cents: number; month_cents: number }> {
  const month = `${dayOf(now).slice(0, 7)}-01`;
  const { rows } = await pool.query<{ paid: string; month: string }>(
    `SELECT coalesce(sum(amount_cents) FILTER (WHERE status <> 'failed'), 0) AS paid,
            coalesce(sum(amount_cents) FILTER (WHERE status = 'paid' AND (paid_at AT TIME ZONE 'Europe/Paris')::date >= $1::date), 0) AS month
       FROM rm_payouts`,
    [month],
  );
  return { paid_cents: Number(rows[0]!.paid), month_cents: Number(rows[0]!.month) };
}
