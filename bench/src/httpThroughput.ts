import autocannon from 'autocannon';
import { loadConfig } from '../../backend/src/config/config';
import { startServer } from '../../backend/src/server';

export type HttpLoad = { connections: number; warmupSeconds: number; durationSeconds: number };
export type HttpResult = { requestsPerSecond: number; p50Ms: number; p99Ms: number; requests: number; non2xx: number; errors: number; timeouts: number };

const ADMIN_EMAIL = 'admin@affilux.local';
const ADMIN_PASSWORD = 'bench-admin-password';

/**
 * The whole server (event store, inline projections, jobs, mail catcher) on a fresh database, and
 * GET /api/v1/auth/me with an admin's token: the request every page of both front ends makes first.
 * The load comes from an autocannon worker thread, so the server's event loop is its own.
 */
export async function measureAuthMe(databaseUrl: string, dataDir: string, load: HttpLoad): Promise<HttpResult> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    MAIL_CATCHER_SMTP_PORT: '0',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(config, { serveFrontends: false });
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    if (!login.ok) throw new Error(`Admin login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const options = { url: `${server.url}/api/v1/auth/me`, connections: load.connections, headers: { authorization: `Bearer ${token}` }, workers: 1 };
    await autocannon({ ...options, duration: load.warmupSeconds });
    const result = await autocannon({ ...options, duration: load.durationSeconds });
    return {
      requestsPerSecond: result.requests.total / result.duration,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    };
  } finally {
    await server.stop();
  }
}
