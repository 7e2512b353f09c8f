import { MINIMUM_PAYOUT_CENTS } from '@affilux/contract';
import type pg from 'pg';
import type { BalanceRow } from './schema';

const toNumbers = (row: BalanceRow): BalanceRow => ({ ...row, balance_cents: Number(row.balance_cents), earned_cents: Number(row.earned_cents), written_off_cents: Number(row.written_off_cents) });

/** An affiliate's balance row, or null when its ledger has no event yet. */
export async function findBalance(pool: pg.Pool, userId: string): Promise<BalanceRow | null> {
  const { rows } = await pool.query<BalanceRow>('SELECT * FROM rm_ledger_balances WHERE id = $1', [userId]);
  return rows[0] ? toNumbers(rows[0]) : null;
}

/** Affiliates with open items (the payout run's candidates; each is then decided from its ledger's events). */
export async function usersWithOpenItems(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>("SELECT id::text FROM rm_ledger_balances WHERE open_items <> '{}'::jsonb ORDER BY id");
  return rows.map((r) => r.id);
}

/** Whether any affiliate has open items (what a payout run would look at). */
export async function hasOpenItems(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM rm_ledger_balances WHERE open_items <> '{}'::jsonb) AS any");
  return rows[0]!.any;
}

/** Affiliates with a positive balance that has not moved since `before` (the dormancy check's candidates). */
export async function idleBalances(pool: pg.Pool, before: Date): Promise<string[]> {
  // A balance the network itself holds waits and is never written off: a frozen account's, and one the payout run would pay but for a missing payment method.
  const { rows } = await pool.query<{ id: string }>(
    `SELECT b.id::text FROM rm_ledger_balances b JOIN rm_users u ON u.id = b.id
      WHERE b.balance_cents > 0 AND b.last_movement_at <= $1 AND NOT u.is_frozen
        AND (b.balance_cents < $2 OR EXISTS (SELECT 1 FROM payment_methods m WHERE m.user_id = b.id))
      ORDER BY b.id`,
    [before, MINIMUM_PAYOUT_CENTS],
  );
  return rows.map((r) => r.id);
}

/** The network's totals: earned ever (weeks, corrections, referral commissions) and still unpaid. */
export async function balanceTotals(pool: pg.Pool): Promise<{ earned_cents: number; unpaid_cents: number }> {
  const { rows } = await pool.query<{ earned: string; unpaid: string }>('SELECT coalesce(sum(earned_cents), 0) AS earned, coalesce(sum(balance_cents), 0) AS unpaid FROM rm_ledger_balances');
  return { earned_cents: Number(rows[0]!.earned), unpaid_cents: Number(rows[0]!.unpaid) };
}
