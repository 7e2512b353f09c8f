import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * The secret each offer's postbacks carry (`/api/v1/postback?key=...`): a command-side table, never
 * an event. Made when the offer is created (or first read), replaced by a rotation, dropped with the offer.
 */
const newKey = () => randomBytes(24).toString('base64url');

export async function postbackKeyOf(pool: pg.Pool, offerId: string): Promise<string> {
  await pool.query('INSERT INTO offer_postback_keys (offer_id, key) VALUES ($1, $2) ON CONFLICT (offer_id) DO NOTHING', [offerId, newKey()]);
  const { rows } = await pool.query<{ key: string }>('SELECT key FROM offer_postback_keys WHERE offer_id = $1', [offerId]);
  return rows[0]!.key;
}

export async function rotatePostbackKey(pool: pg.Pool, offerId: string): Promise<string> {
  const key = newKey();
  await pool.query(
    'INSERT INTO offer_postback_keys (offer_id, key) VALUES ($1, $2) ON CONFLICT (offer_id) DO UPDATE SET key = EXCLUDED.key, created_at = now()',
    [offerId, key],
  );
  return key;
}

export async function dropPostbackKey(pool: pg.Pool, offerId: string): Promise<void> {
  await pool.query('DELETE FROM offer_postback_keys WHERE offer_id = $1', [offerId]);
}

/** The offer a postback key belongs to (for the postback endpoint). */
export async function offerOfPostbackKey(pool: pg.Pool, key: string): Promise<string | null> {
  const { rows } = await pool.query<{ offer_id: string }>('SELECT offer_id FROM offer_postback_keys WHERE key = $1', [key]);
  return rows[0]?.offer_id ?? null;
}
