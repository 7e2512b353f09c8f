import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * Work that keeps a connection while it needs others from the same pool (a lock's session around a
 * command, a transaction held open across an append) takes turns in this process: otherwise enough
 * of them together would hold every connection, each waiting for another, and the whole server would
 * wait forever. The others wait their turn holding nothing. Requests get half the pool and reactors a
 * quarter, apart: a request may wait in its turn for what reactors do (an approval's account opened),
 * which they must not need its turns for. Work inside such work (a lock taken under another) goes on
 * in its caller's turn.
 */
export type Turns = 'requests' | 'reactors';
const SHARE: Record<Turns, number> = { requests: 1 / 2, reactors: 1 / 4 };
const turns = new WeakMap<pg.Pool, Record<Turns, { free: number; waiting: (() => void)[] }>>();
const inTurn = new AsyncLocalStorage<pg.Pool>();

export async function keepingAConnection<T>(pool: pg.Pool, work: () => Promise<T>, whose: Turns = 'requests'): Promise<T> {
  if (inTurn.getStore() === pool) return work();
  let gates = turns.get(pool);
  if (!gates) {
    const share = (kind: Turns) => ({ free: Math.max(1, Math.floor((pool.options.max ?? 10) * SHARE[kind])), waiting: [] });
    turns.set(pool, (gates = { requests: share('requests'), reactors: share('reactors') }));
  }
  const gate = gates[whose];
  if (gate.free > 0) gate.free--;
  else await new Promise<void>((resolve) => gate.waiting.push(resolve));
  try {
    return await inTurn.run(pool, work);
  } finally {
    const next = gate.waiting.shift();
    if (next) next();
    else gate.free++;
  }
}

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
 * Runs `work` holding the advisory lock `name` (PostgreSQL's, so across servers too) if no one holds
 * it, and answers `{ ran: false }` at once if someone does. The lock is a session's: unlocked after
 * `work`, and a connection that cannot unlock is closed, which unlocks.
 */
export function ifLockFree<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  return keepingAConnection(pool, () => lockedWork(pool, name, work));
}

async function lockedWork<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await pool.connect();
  let locked: boolean;
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [name]);
    locked = rows[0]!.locked;
  } catch (error) {
    client.release(true);
    throw error;
  }
  if (!locked) {
    client.release();
    return { ran: false };
  }
  try {
    return { ran: true, value: await work() };
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).then(() => client.release(), () => client.release(true));
  }
}

/**
 * Runs `work` holding the advisory lock `name`: callers of the same name run one after the other.
 * A caller waiting for the lock holds no connection (it asks again, a little later each time), so any
 * number of them at once never takes the pool's connections from the one holding the lock, whose
 * `work` needs them.
 */
export async function holdingLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  for (let waitMs = 5; ; waitMs = Math.min(waitMs * 2, 200)) {
    const attempt = await ifLockFree(pool, name, work);
    if (attempt.ran) return attempt.value;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
