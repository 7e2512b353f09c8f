import type pg from 'pg';

/**
 * Whether PostgreSQL answers a `SELECT 1` within `timeoutMs`. A database that stopped answering
 * (a frozen host, a full disk) leaves queries waiting with no end: the health check must say so
 * rather than wait with them. One question at a time, at most one a second, so that callers polling
 * the health cannot pile up connections.
 */
export function databaseProbe(pool: pg.Pool, timeoutMs = 2000): () => Promise<boolean> {
  let inFlight: Promise<void> | null = null;
  let answered = true;
  let askedAt = 0;
  return async () => {
    if (!inFlight && Date.now() - askedAt >= 1000) {
      askedAt = Date.now();
      inFlight = pool.query('SELECT 1').then(
        () => void (answered = true),
        () => void (answered = false),
      ).finally(() => (inFlight = null));
    }
    if (!inFlight) return answered;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'late')));
    const outcome = await Promise.race([inFlight.then(() => 'done' as const), late]);
    clearTimeout(timer);
    return outcome === 'done' && answered;
  };
}
