import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { hashPassword, replacePassword } from './passwords';
import { inTransaction } from '../db/transaction';

export const TOKEN_VALIDITY_MINUTES = 60;
/** The job that answers a forgot-password request out of the request, so that known and unknown addresses take the same time. */
export const REQUEST_PASSWORD_RESET = 'request-password-reset';
const MAX_REQUESTS = 3;
const REQUEST_WINDOW_MINUTES = 15;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a single-use reset token for the principal and returns it in clear (to be mailed), or
 * null when three were already requested in the last 15 minutes. The per-principal advisory lock
 * makes the count and the insert one step, so simultaneous requests cannot exceed the limit.
 */
export async function createResetToken(pool: pg.Pool, principalId: string, now: Date): Promise<string | null> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('password-reset:' || $1, 0))", [principalId]);
    const { rows } = await client.query<{ recent: number }>(
      'SELECT count(*)::int AS recent FROM password_reset_tokens WHERE principal_id = $1 AND created_at > $2::timestamptz - make_interval(mins => $3::int)',
      [principalId, now, REQUEST_WINDOW_MINUTES],
    );
    if (rows[0]!.recent >= MAX_REQUESTS) return null;
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `INSERT INTO password_reset_tokens (token_hash, principal_id, expires_at, created_at)
       VALUES ($1, $2, $3::timestamptz + make_interval(mins => $4::int), $3)`,
      [hashToken(token), principalId, now, TOKEN_VALIDITY_MINUTES],
    );
    return token;
  });
}

/**
 * Spends a valid token and sets the new password, in one transaction: the token and every other
 * outstanding token of the account stop working, and so do the sessions issued before (token
 * version bump). Returns the principal, or null for an unknown, used or expired token.
 */
export async function resetPasswordWithToken(pool: pg.Pool, token: string, newPassword: string, now: Date): Promise<string | null> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ principal_id: string }>(
      `UPDATE password_reset_tokens SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING principal_id`,
      [hashToken(token), now],
    );
    const principalId = rows[0]?.principal_id;
    // Hashed only once the token is known good: made-up tokens cost no bcrypt round.
    if (!principalId) return null;
    const passwordHash = await hashPassword(newPassword);
    await replacePassword(client, principalId, passwordHash, now);
    return principalId;
  });
}
