import type pg from 'pg';

/** Runs `work` in one transaction on a pooled client: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is discarded rather than returned to the pool.
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Runs `work` while this process holds the advisory lock `name` (taken in a transaction on a
 * connection of its own, so across servers too): callers of the same name run one after the other.
 */
export function holdingLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
    return work();
  });
}
