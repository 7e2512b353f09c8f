import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type pg from 'pg';

/**
 * An express-rate-limit store in PostgreSQL (table rate_limit_hits), so that several server
 * processes on one database share their counts; fixed windows that start at a client's first hit,
 * like the library's MemoryStore. One upsert per counted request.
 *
 * Why not the PostgreSQL store published by the express-rate-limit organisation
 * (@acpr/rate-limit-postgresql 1.4)? Its constructor starts its own migrations without awaiting
 * them (the first requests can reach functions that do not exist yet, and a failure is an
 * unhandled rejection), every hit takes `LOCK TABLE` on its sessions table (all limited requests
 * of all servers in single file), each limiter opens its own pool with its own pinned pg, and it
 * adds a `migrations` table and the uuid-ossp extension to the database.
 */
export class PostgresRateLimitStore implements Store {
  /** Counts live in the database, shared with other processes. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private lastSweep = Date.now();

  /** `prefix` keeps each limit's counts apart (the rule's name). */
  constructor(
    private readonly pool: pg.Pool,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.pool.query<{ hits: number; reset_at: Date }>(
      'SELECT hits, reset_at FROM rate_limit_hits WHERE key = $1 AND reset_at > now()',
      [this.storeKey(key)],
    );
    return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].reset_at } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    this.sweepNowAndThen();
    const { rows } = await this.pool.query<{ hits: number; reset_at: Date }>(
      `INSERT INTO rate_limit_hits AS current (key, hits, reset_at)
       VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE
         SET hits     = CASE WHEN current.reset_at <= now() THEN 1 ELSE current.hits + 1 END,
             reset_at = CASE WHEN current.reset_at <= now() THEN excluded.reset_at ELSE current.reset_at END
       RETURNING hits, reset_at`,
      [this.storeKey(key), this.windowMs],
    );
    return { totalHits: rows[0]!.hits, resetTime: rows[0]!.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.pool.query('UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = $1 AND reset_at > now()', [this.storeKey(key)]);
  }

  async resetKey(key: string): Promise<void> {
    await this.pool.query('DELETE FROM rate_limit_hits WHERE key = $1', [this.storeKey(key)]);
  }

  private storeKey(key: string): string {
    return `${this.prefix}:${key}`;
  }

  /** Rows of clients that never came back are deleted once a window, in passing (any failure is harmless). */
  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < this.windowMs) return;
    this.lastSweep = Date.now();
    this.pool.query('DELETE FROM rate_limit_hits WHERE reset_at < now()').catch(() => {});
  }
}
