import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest } from '../http/errors';

/** 'verify_email': confirms the account's own address; 'change_email': confirms the new address in `new_email`. */
export type EmailCodePurpose = 'verify_email' | 'change_email';

export const CODE_VALIDITY_MINUTES = 15;
const RESEND_INTERVAL_SECONDS = 60;
const MAX_WRONG_ATTEMPTS = 5;
export const MAX_CODES_PER_DAY = 5;
const DAY_MS = 24 * 3600_000;
const SAME_DAY = `email_codes.first_sent_at > $5::timestamptz - interval '24 hours'`;
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
 * clear (to be mailed). One code per minute at most, and five a day: with five wrong guesses per
 * code, someone who applied with another person's address gets 25 guesses a day out of a million,
 * and that person at most five mails. The checks and the write are one statement, so simultaneous
 * requests cannot get past them.
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
    `INSERT INTO email_codes (principal_id, purpose, code_hash, new_email, attempts, expires_at, created_at, codes_sent, first_sent_at)
     VALUES ($1, $2, $3, $4, 0, $5::timestamptz + make_interval(mins => $6::int), $5, 1, $5)
     ON CONFLICT (principal_id, purpose) DO UPDATE
       SET code_hash = EXCLUDED.code_hash, new_email = EXCLUDED.new_email, attempts = 0,
           expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at,
           codes_sent = CASE WHEN ${SAME_DAY} THEN email_codes.codes_sent + 1 ELSE 1 END,
           first_sent_at = CASE WHEN ${SAME_DAY} THEN email_codes.first_sent_at ELSE EXCLUDED.created_at END
       WHERE email_codes.created_at <= $5::timestamptz - make_interval(secs => $7::int)
         AND NOT (${SAME_DAY} AND email_codes.codes_sent >= $8)`,
    [principalId, purpose, hashCode(principalId, purpose, code), newEmail, now, CODE_VALIDITY_MINUTES, RESEND_INTERVAL_SECONDS, MAX_CODES_PER_DAY],
  );
  if (rowCount === 0) {
    const { rows } = await pool.query<{ created_at: Date; codes_sent: number; first_sent_at: Date }>(
      'SELECT created_at, codes_sent, first_sent_at FROM email_codes WHERE principal_id = $1 AND purpose = $2',
      [principalId, purpose],
    );
    const stored = rows[0];
    const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));
    if (stored && stored.codes_sent >= MAX_CODES_PER_DAY && stored.first_sent_at.getTime() + DAY_MS > now.getTime()) {
      const hours = Math.ceil(secondsUntil(stored.first_sent_at.getTime() + DAY_MS) / 3600);
      throw new AppError(429, `Trop de codes envoyés aujourd'hui : vous pourrez en demander un nouveau dans ${hours} heure${hours > 1 ? 's' : ''}`);
    }
    const seconds = secondsUntil((stored?.created_at.getTime() ?? now.getTime()) + RESEND_INTERVAL_SECONDS * 1000);
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
