import type pg from 'pg';
import { inTransaction } from '../db/transaction';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * An email belongs to one account at a time (reservation pattern: the table's primary key settles
 * races that a read-model check could not). Applications do not reserve their address; the account
 * opened by an approval does.
 */

/** Reserves an address for a principal and stores its password hash, in one transaction (the default admin). */
export async function claimEmailWithCredentials(pool: pg.Pool, email: string, principalId: string, passwordHash: string): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const claimed = await client.query('INSERT INTO email_claims (email, principal_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [email, principalId]);
    if (claimed.rowCount !== 1) return false;
    await storeCredentials(client, principalId, passwordHash);
    return true;
  });
}

/** An applicant's password hash, kept under the application's id (which becomes the account's). */
export async function storeCredentials(db: Queryable, principalId: string, passwordHash: string): Promise<void> {
  await db.query('INSERT INTO credentials (principal_id, password_hash) VALUES ($1, $2)', [principalId, passwordHash]);
}

/** Forgets a principal that will never sign in (a rejected application): its password hash and any reservation. */
export async function forgetPrincipal(db: Queryable, principalId: string): Promise<void> {
  await db.query('DELETE FROM email_claims WHERE principal_id = $1', [principalId]);
  await db.query('DELETE FROM credentials WHERE principal_id = $1', [principalId]);
}

/** The principal holding an address, or null. */
export async function emailOwner(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ principal_id: string }>('SELECT principal_id FROM email_claims WHERE email = $1', [email]);
  return rows[0]?.principal_id ?? null;
}

/** Reserves one more address for a principal: 'new' when reserved now, 'held' when already theirs, 'taken' by someone else. */
export async function claimEmail(db: Queryable, email: string, principalId: string): Promise<'new' | 'held' | 'taken'> {
  const { rowCount } = await db.query('INSERT INTO email_claims (email, principal_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [email, principalId]);
  if (rowCount === 1) return 'new';
  return (await emailOwner(db, email)) === principalId ? 'held' : 'taken';
}

/** Frees one address of a principal (the other addresses it holds stay reserved). */
export async function releaseEmail(db: Queryable, email: string, principalId: string): Promise<void> {
  await db.query('DELETE FROM email_claims WHERE email = $1 AND principal_id = $2', [email, principalId]);
}
