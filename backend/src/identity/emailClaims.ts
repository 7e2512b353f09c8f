import type pg from 'pg';
import { inTransaction } from '../db/transaction';

/**
 * Reserves an address for a principal and stores its password hash, in one transaction. False when
 * an application or an account already holds the address (the reservation table's primary key
 * settles races that a read-model check could not).
 */
export async function claimEmailWithCredentials(pool: pg.Pool, email: string, principalId: string, passwordHash: string): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const claimed = await client.query('INSERT INTO email_claims (email, principal_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [email, principalId]);
    if (claimed.rowCount !== 1) return false;
    await client.query('INSERT INTO credentials (principal_id, password_hash) VALUES ($1, $2)', [principalId, passwordHash]);
    return true;
  });
}

/** Undoes a claim whose event could not be recorded. */
export async function releaseClaim(pool: pg.Pool, principalId: string): Promise<void> {
  await pool.query('DELETE FROM email_claims WHERE principal_id = $1', [principalId]);
  await pool.query('DELETE FROM credentials WHERE principal_id = $1', [principalId]);
}

/** The principal holding an address, or null. */
export async function emailOwner(pool: pg.Pool, email: string): Promise<string | null> {
  const { rows } = await pool.query<{ principal_id: string }>('SELECT principal_id FROM email_claims WHERE email = $1', [email]);
  return rows[0]?.principal_id ?? null;
}

/** Reserves one more address for a principal: 'new' when reserved now, 'held' when already theirs, 'taken' by someone else. */
export async function claimEmail(pool: pg.Pool, email: string, principalId: string): Promise<'new' | 'held' | 'taken'> {
  const { rowCount } = await pool.query('INSERT INTO email_claims (email, principal_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [email, principalId]);
  if (rowCount === 1) return 'new';
  return (await emailOwner(pool, email)) === principalId ? 'held' : 'taken';
}

/** Frees one address of a principal (the other addresses it holds stay reserved). */
export async function releaseEmail(pool: pg.Pool, email: string, principalId: string): Promise<void> {
  await pool.query('DELETE FROM email_claims WHERE email = $1 AND principal_id = $2', [email, principalId]);
}
