import bcrypt from 'bcryptjs';
import type pg from 'pg';

/** bcrypt's work factor. */
export const PASSWORD_HASH_COST = 10;

/**
 * The work factor in force: PASSWORD_HASH_COST, except in a test run (NODE_ENV=test) that asks for a
 * cheaper one with BCRYPT_COST (4 to 31), so that suites signing in hundreds of times do not spend
 * minutes of CPU on it. Outside tests, BCRYPT_COST is never read.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): number {
  if (env.NODE_ENV !== 'test' || env.BCRYPT_COST === undefined) return PASSWORD_HASH_COST;
  const cost = Number(env.BCRYPT_COST);
  if (!Number.isInteger(cost) || cost < 4 || cost > 31) throw new Error(`BCRYPT_COST must be a whole number from 4 to 31, not ${env.BCRYPT_COST}`);
  return cost;
}

const COST = passwordHashCost();
// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', COST);

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return ok && hash !== null;
}

/**
 * Replaces the password and bumps the token version, which ends every session issued before. Reset
 * links sent earlier stop working too: whoever changes a password may suspect someone reads their mail.
 */
export async function replacePassword(db: pg.Pool | pg.PoolClient, principalId: string, passwordHash: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ token_version: number }>(
    `UPDATE credentials SET password_hash = $2, token_version = token_version + 1, updated_at = now()
      WHERE principal_id = $1 RETURNING token_version`,
    [principalId, passwordHash],
  );
  if (!rows[0]) throw new Error(`No credentials for ${principalId}`);
  await spendResetLinks(db, principalId, now);
  return rows[0].token_version;
}

/** Ends every reset link of the account not used yet (after a password change, or when its address changes). */
export async function spendResetLinks(db: pg.Pool | pg.PoolClient, principalId: string, now: Date): Promise<void> {
  await db.query('UPDATE password_reset_tokens SET used_at = $2 WHERE principal_id = $1 AND used_at IS NULL', [principalId, now]);
}
