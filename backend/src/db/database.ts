import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { OWNER_PID_FILE, startEmbeddedPostgres } from './embeddedPostgres';

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

/** Whether process `pid` runs (an exited one its parent has not reaped yet, a zombie, does not). */
async function alive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return !/^State:\s*Z/m.test(status);
}

/** How long a PostgreSQL left running by a dead process gets to stop (fast shutdown) before the start gives up. */
const ORPHAN_STOP_MS = 60_000;

/**
 * The pid of a live embedded PostgreSQL on this data folder that another live process owns, or null.
 * One left running by a process that died without stopping it (killed with SIGKILL, out of memory)
 * is stopped first (its fast shutdown loses nothing committed), with a notice saying so.
 */
export async function embeddedDatabaseOwner(dataDir: string, notice: (line: string) => void = (line) => console.warn(line)): Promise<number | null> {
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(pidFile?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !(await alive(pid))) return null;
  if (!(await isOrphan(dataDir, pid))) return pid;
  notice(`The embedded PostgreSQL of ${dataDir} (pid ${pid}) was left running by a process that ended without stopping it: stopping it first.`);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return pid;
  }
  for (const deadline = Date.now() + ORPHAN_STOP_MS; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (!(await alive(pid))) return null;
  }
  return pid;
}

/**
 * Whether PostgreSQL `pid` outlived the process that started it: its parent (Linux) is no longer
 * that process, or (elsewhere) that process is gone. Without a recorded owner, it is never taken for one.
 */
async function isOrphan(dataDir: string, pid: number): Promise<boolean> {
  const owner = Number(await fs.readFile(path.join(dataDir, OWNER_PID_FILE), 'utf8').catch(() => ''));
  if (!Number.isInteger(owner) || owner <= 0) return false;
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  const parent = status === null ? null : Number(/^PPid:\s*(\d+)/m.exec(status)?.[1]);
  return parent === null || Number.isNaN(parent) ? !(await alive(owner)) : parent !== owner;
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
  const owner = await embeddedDatabaseOwner(options.dataDir, options.notice);
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
