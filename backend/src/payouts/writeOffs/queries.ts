import type { WrittenOffBalance } from '@affilux/contract';
import { centsToDecimal } from '@affilux/contract';
import type pg from 'pg';

/** Written-off balances, newest first, with their affiliate. */
export async function listWriteOffs(pool: pg.Pool): Promise<WrittenOffBalance[]> {
  const { rows } = await pool.query<{ id: string; user_id: string; unique_id: number; first_name: string; last_name: string; amount_cents: string; reason: string; written_off_at: Date; reinstated_at: Date | null }>(
    `SELECT w.id::text, w.user_id::text, u.unique_id, u.first_name, u.last_name, w.amount_cents, w.reason, w.written_off_at, w.reinstated_at
       FROM rm_write_offs w JOIN rm_users u ON u.id = w.user_id ORDER BY w.written_off_at DESC, w.id`,
  );
  return rows.map((r) => ({
    id: r.id, user_id: r.user_id, unique_id: r.unique_id, first_name: r.first_name, last_name: r.last_name, amount: centsToDecimal(Number(r.amount_cents)), reason: r.reason,
    written_off_at: r.written_off_at.toISOString(), reinstated_at: r.reinstated_at?.toISOString() ?? null,
  }));
}

/** The affiliate a write-off belongs to, or null. */
export async function writeOffOwner(pool: pg.Pool, id: string): Promise<string | null> {
  const { rows } = await pool.query<{ user_id: string }>('SELECT user_id::text FROM rm_write_offs WHERE id = $1', [id]);
  return rows[0]?.user_id ?? null;
}

/** The affiliate's last write-off that was not reinstated, if it is the last: its amount and when. */
export async function standingWriteOff(pool: pg.Pool, userId: string): Promise<{ amount_cents: number; written_off_at: Date } | null> {
  const { rows } = await pool.query<{ amount_cents: string; written_off_at: Date; reinstated_at: Date | null }>(
    'SELECT amount_cents, written_off_at, reinstated_at FROM rm_write_offs WHERE user_id = $1 ORDER BY written_off_at DESC LIMIT 1',
    [userId],
  );
  const last = rows[0];
  return last && !last.reinstated_at ? { amount_cents: Number(last.amount_cents), written_off_at: last.written_off_at } : null;
}
