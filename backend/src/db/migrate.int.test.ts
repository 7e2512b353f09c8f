import pg from 'pg';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/testDatabase';
import { migrate } from './database';

/** The advisory lock node-pg-migrate takes while it migrates. */
const MIGRATION_LOCK = '7241865325823964';

it('waits for a migration already running (the server and `npm run projections` starting together), then finishes, instead of failing', async () => {
  const db = await createTestDatabase();
  const other = new pg.Client({ connectionString: db.url });
  await other.connect();
  try {
    await other.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    let finished = false;
    const waiting = migrate(db.url).then(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(finished).toBe(false);
    await other.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    await waiting;
    expect(finished).toBe(true);
  } finally {
    await other.end();
    await db.drop();
  }
});
