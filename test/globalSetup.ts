import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { APP_ROLE, migrate, startEmbeddedPostgres } from '../backend/src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres:password@host:port of the run's PostgreSQL server (superuser), without a database name: for creating and dropping databases. */
    postgresBaseUrl: string;
    /** postgres://affilux_app:password@host:port, without a database name: the application's role (no superuser), which owns each test database. */
    postgresAppBaseUrl: string;
  }
}

/** The migrated database each test database is a copy of (test/testDatabase.ts); nothing connects to it after the set-up. */
export const MIGRATED_TEMPLATE = 'affilux_migrated_template';

/** One embedded PostgreSQL for the whole run; each test file makes its own databases on it (test/testDatabase.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A private folder (mktemp -d): as root, the embedded server grants it traverse-only permission.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-test-postgres-'));
  const server = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { notice: () => {} });
  // A throwaway cluster, removed at the end of the run: no test survives an operating-system crash
  // (the crash tests kill the application's processes, never PostgreSQL), so commits need not wait
  // for the disk. What every session sees of a commit is unchanged.
  await withSuperuser(server.superuserBaseUrl, async (client) => {
    for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) await client.query(`ALTER SYSTEM SET ${setting}`);
    await client.query('SELECT pg_reload_conf()');
    await client.query(`CREATE DATABASE ${MIGRATED_TEMPLATE} OWNER ${APP_ROLE}`);
  });
  // Migrated once, as the application's role migrates (it owns what the migrations create): copying it
  // takes a fraction of the time the migrations take, for each of the run's databases.
  await migrate(`${server.appBaseUrl}/${MIGRATED_TEMPLATE}`);
  project.provide('postgresBaseUrl', server.superuserBaseUrl);
  project.provide('postgresAppBaseUrl', server.appBaseUrl);
  return async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

async function withSuperuser(baseUrl: string, use: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: `${baseUrl}/postgres` });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}
