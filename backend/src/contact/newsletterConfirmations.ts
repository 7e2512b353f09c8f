import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';

/** How long a newsletter confirmation link works. */
export const CONFIRMATION_VALIDITY_HOURS = 48;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Double opt-in: an address is subscribed only once its owner follows the link mailed to it. The
 * token is a secret (only its hash is stored, here and never in the events); asking again for the
 * same address replaces the previous link.
 */
export async function createConfirmation(pool: pg.Pool, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await pool.query(
    `INSERT INTO newsletter_confirmations (email, token_hash, expires_at, created_at)
     VALUES ($1, $2, $3::timestamptz + make_interval(hours => $4), $3)
     ON CONFLICT (email) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
    [email, hashToken(token), now, CONFIRMATION_VALIDITY_HOURS],
  );
  return token;
}

/** Spends a valid token and returns its address; null for an unknown or expired token. */
export async function consumeConfirmation(pool: pg.Pool, token: string, now: Date): Promise<string | null> {
  const { rows } = await pool.query<{ email: string }>(
    'DELETE FROM newsletter_confirmations WHERE token_hash = $1 AND expires_at > $2 RETURNING email',
    [hashToken(token), now],
  );
  return rows[0]?.email ?? null;
}

/**
 * The subscriber an address is: a random id given on its first confirmation and kept outside the log
 * (newsletter_subscriber_ids), so that a stream's id says nothing of whose address it is.
 */
export async function subscriberIdOf(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query<{ subscriber_id: string }>(
    `INSERT INTO newsletter_subscriber_ids (email, subscriber_id) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING subscriber_id`,
    [email, randomUUID()],
  );
  return rows[0]!.subscriber_id;
}
