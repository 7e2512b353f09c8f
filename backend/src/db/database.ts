import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { startEmbeddedPostgres } from './embeddedPostgres';

export { APP_ROLE, startEmbeddedPostgres, type EmbeddedServer } from './embeddedPostgres';

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

/** The pid of a live embedded PostgreSQL on this data folder (another process owns it), or null. */
export async function embeddedDatabaseOwner(dataDir: string): Promise<number | null> {
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(pidFile?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL kept under `dataDir/postgres` and
 * connects as its application role (see embeddedPostgres.ts). The embedded one belongs to one
 * process: while another holds it, this says so and starts nothing.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What an operator should know (a password rotated, a permission granted); console.warn by default. */
  notice?: (line: string) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl);
    await pool.query('SELECT 1');
    return { pool, url: options.databaseUrl, kind: 'external', close: () => pool.end() };
  }
  const owner = await embeddedDatabaseOwner(options.dataDir);
  if (owner !== null) {
    throw new Error(
      `The embedded PostgreSQL of ${options.dataDir} is in use by another process (pid ${owner}): stop it (\`npm start\`, \`npm run projections\`) first, ` +
        'or give every process the same DATABASE_URL.',
    );
  }
  const server = await startEmbeddedPostgres(path.join(options.dataDir, 'postgres'), { log: options.log, notice: options.notice });
  let url: string;
  try {
    url = await server.ensureDatabase('affilux');
  } catch (error) {
    await server.stop();
    throw error;
  }
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
    advisoryLockMode: 'wait',
  });
}
