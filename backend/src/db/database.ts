import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { OWNER_PID_FILE, startEmbeddedPostgres } from './embeddedPostgres';
import { reaching } from '../config/startupFailure';

export { APP_ROLE, startEmbeddedPostgres, type EmbeddedServer } from './embeddedPostgres';

// bigint columns (counts, cents, positions) come back as strings unless told otherwise: always as
// numbers, so that adding them never joins text. The import's bounds keep money under 2^53 cents,
// where a number stops being exact (rawStats.ts); numeric stays a string.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

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
 * Frees the data folder's embedded PostgreSQL of an orphan, and answers the pid of a live process
 * holding it (null when free): the process that started it, or PostgreSQL itself when none is recorded. An orphan is a PostgreSQL of this folder left running by the process
 * that started it, which ended without stopping it (killed with SIGKILL, out of memory): it is
 * stopped (its fast shutdown loses nothing committed), with a notice saying so. A lock file naming a
 * live process that is no PostgreSQL of this folder (left by a power loss, its pid reused since) is
 * said to be stale, and never acted on.
 */
export async function freeEmbeddedDatabase(dataDir: string, notice: (line: string) => void = (line) => console.warn(line)): Promise<number | null> {
  const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const pid = Number((await fs.readFile(lockFile, 'utf8').catch(() => null))?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !(await alive(pid))) return null;
  const holder = await holderOf(dataDir, pid);
  if (holder === 'stranger') {
    throw new Error(
      `The embedded PostgreSQL of ${dataDir} did not stop cleanly (a power loss?): its lock file names pid ${pid}, which is now another program, not a PostgreSQL of this folder. ` +
        `Remove ${lockFile}, then start again.`,
    );
  }
  // Named by the process that started it (`npm start`, `npm run projections`): the one to stop, not PostgreSQL under it.
  if (holder !== 'orphan') return (await recordedOwner(dataDir)) ?? pid;
  notice(`The embedded PostgreSQL of ${dataDir} (pid ${pid}) was left running by a process that ended without stopping it: stopping it first.`);
  process.kill(pid, 'SIGINT');
  for (const deadline = Date.now() + ORPHAN_STOP_MS; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (!(await alive(pid))) return null;
  }
  throw new Error(`The embedded PostgreSQL of ${dataDir} (pid ${pid}), left running by a process that ended, did not stop within a minute: stop it (kill -INT ${pid}), then start again.`);
}

/**
 * What live process `pid` is to this data folder, where /proc tells (elsewhere: 'unknown'): a
 * PostgreSQL of the folder that outlived the process that started it (its parent is no longer the
 * recorded owner), one still held by its owner (or without a recorded owner: never taken for an
 * orphan), or another program.
 */
async function holderOf(dataDir: string, pid: number): Promise<'orphan' | 'owned' | 'stranger' | 'unknown'> {
  const [status, commandLine] = await Promise.all([fs.readFile(`/proc/${pid}/status`, 'utf8'), fs.readFile(`/proc/${pid}/cmdline`, 'utf8')].map((read) => read.catch(() => null)));
  if (status == null || commandLine == null) return 'unknown';
  const [program, ...args] = commandLine.split('\0');
  const folder = args.includes('-D') ? args[args.indexOf('-D') + 1] : undefined;
  // Where the folders really are: a data folder reached through a symbolic link is still this one.
  const real = (folderPath: string) => fs.realpath(folderPath).catch(() => path.resolve(folderPath));
  const ours = path.basename(program ?? '') === 'postgres' && folder !== undefined && (await real(folder)) === (await real(path.join(dataDir, 'postgres')));
  if (!ours) return 'stranger';
  const owner = await recordedOwner(dataDir);
  const parent = Number(/^PPid:\s*(\d+)/m.exec(status)?.[1]);
  return owner !== null && Number.isInteger(parent) && parent !== owner ? 'orphan' : 'owned';
}

/** The pid of the process that started the folder's PostgreSQL, as it recorded it; null when none is. */
async function recordedOwner(dataDir: string): Promise<number | null> {
  const owner = Number(await fs.readFile(path.join(dataDir, OWNER_PID_FILE), 'utf8').catch(() => ''));
  return Number.isInteger(owner) && owner > 0 ? owner : null;
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
    await reaching('DATABASE_URL', () => pool.query('SELECT 1')).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    return { pool, url: options.databaseUrl, kind: 'external', close: () => pool.end() };
  }
  const owner = await freeEmbeddedDatabase(options.dataDir, options.notice);
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
