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
