import bcrypt from 'bcryptjs';
import type pg from 'pg';

const COST = 10;
// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', COST);

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return ok && hash !== null;
}

/** Replaces the password and bumps the token version, which ends every session issued before. */
export async function replacePassword(db: pg.Pool | pg.PoolClient, principalId: string, passwordHash: string): Promise<number> {
  const { rows } = await db.query<{ token_version: number }>(
    `UPDATE credentials SET password_hash = $2, token_version = token_version + 1, updated_at = now()
      WHERE principal_id = $1 RETURNING token_version`,
    [principalId, passwordHash],
  );
  if (!rows[0]) throw new Error(`No credentials for ${principalId}`);
  return rows[0].token_version;
}
