import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest } from '../http/errors';

/** 'verify_email': confirms the account's own address; 'change_email': confirms the new address in `new_email`. */
export type EmailCodePurpose = 'verify_email' | 'change_email';

export const CODE_VALIDITY_MINUTES = 15;
const RESEND_INTERVAL_SECONDS = 60;
const MAX_WRONG_ATTEMPTS = 5;
const TOO_MANY_ATTEMPTS = 'Trop de tentatives : demandez un nouveau code';

/**
 * Only a hash is stored. The principal and the purpose are mixed in, so a code is worth nothing for
 * another account or the other flow, and equal codes do not give equal hashes.
 */
function hashCode(principalId: string, purpose: EmailCodePurpose, code: string): string {
  return createHash('sha256').update(`${principalId}:${purpose}:${code}`).digest('hex');
}

/**
 * Creates a 6-digit code, replacing the principal's previous one for that purpose, and returns it in
 * clear (to be mailed). One code per minute at most: the check and the write are one statement, so
 * two simultaneous requests cannot both send.
 */
export async function issueEmailCode(
  pool: pg.Pool,
  principalId: string,
  purpose: EmailCodePurpose,
  now: Date,
  newEmail: string | null = null,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { rowCount } = await pool.query(
    `INSERT INTO email_codes (principal_id, purpose, code_hash, new_email, attempts, expires_at, created_at)
     VALUES ($1, $2, $3, $4, 0, $5::timestamptz + make_interval(mins => $6::int), $5)
     ON CONFLICT (principal_id, purpose) DO UPDATE
       SET code_hash = EXCLUDED.code_hash, new_email = EXCLUDED.new_email, attempts = 0,
           expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at
       WHERE email_codes.created_at <= $5::timestamptz - make_interval(secs => $7::int)`,
    [principalId, purpose, hashCode(principalId, purpose, code), newEmail, now, CODE_VALIDITY_MINUTES, RESEND_INTERVAL_SECONDS],
  );
  if (rowCount === 0) {
    const { rows } = await pool.query<{ created_at: Date }>('SELECT created_at FROM email_codes WHERE principal_id = $1 AND purpose = $2', [principalId, purpose]);
    const sentAt = rows[0]?.created_at.getTime() ?? now.getTime();
    const seconds = Math.max(1, Math.ceil((sentAt + RESEND_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000));
    throw new AppError(429, `Un code vient d'être envoyé : veuillez patienter ${seconds} seconde${seconds > 1 ? 's' : ''} avant d'en demander un nouveau`);
  }
  return code;
}

/**
 * Checks a code and consumes it when it is right (returning the stored new address, if any).
 * A wrong code counts as an attempt; the fifth wrong one kills the code. The row is locked while
 * checking, so parallel guesses cannot get past the attempt limit.
 */
export async function consumeEmailCode(pool: pg.Pool, principalId: string, purpose: EmailCodePurpose, code: string, now: Date): Promise<{ newEmail: string | null }> {
  const outcome = await inTransaction(pool, async (client): Promise<{ failure: string } | { newEmail: string | null }> => {
    const { rows } = await client.query<{ code_hash: string; new_email: string | null; attempts: number; expires_at: Date }>(
      'SELECT code_hash, new_email, attempts, expires_at FROM email_codes WHERE principal_id = $1 AND purpose = $2 FOR UPDATE',
      [principalId, purpose],
    );
    const stored = rows[0];
    if (!stored) return { failure: 'Aucun code en attente : demandez un nouveau code' };
    if (stored.attempts >= MAX_WRONG_ATTEMPTS) return { failure: TOO_MANY_ATTEMPTS };
    if (stored.expires_at <= now) return { failure: 'Code expiré : demandez un nouveau code' };
    if (!sameHash(stored.code_hash, hashCode(principalId, purpose, code))) {
      const attempts = stored.attempts + 1;
      await client.query('UPDATE email_codes SET attempts = $3 WHERE principal_id = $1 AND purpose = $2', [principalId, purpose, attempts]);
      return { failure: attempts >= MAX_WRONG_ATTEMPTS ? TOO_MANY_ATTEMPTS : 'Code de vérification invalide' };
    }
    await client.query('DELETE FROM email_codes WHERE principal_id = $1 AND purpose = $2', [principalId, purpose]);
    return { newEmail: stored.new_email };
  });
  if ('failure' in outcome) throw badRequest(outcome.failure, [{ field: 'code', msg: outcome.failure }]);
  return outcome;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
