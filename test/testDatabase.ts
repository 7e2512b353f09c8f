import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { APP_ROLE, createPool } from '../backend/src/db/database';
import { MIGRATED_TEMPLATE } from './globalSetup';

export type TestDatabase = {
  /** The application role's URL (not a superuser), as the server under test connects. */
  url: string;
  pool: pg.Pool;
  /** Closes the pool and drops the database, even if a test left connections open. */
  drop(): Promise<void>;
};

/**
 * A fresh, migrated database on the run's embedded PostgreSQL (started by test/globalSetup.ts): a copy
 * of the run's migrated template, created by the superuser and owned by the application's role, which uses it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = inject('postgresBaseUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient(baseUrl, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE ${MIGRATED_TEMPLATE} OWNER ${APP_ROLE}`));
  const url = `${inject('postgresAppBaseUrl')}/${name}`;
  const pool = createPool(url);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await withAdminClient(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(baseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${baseUrl}/postgres` });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
