import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import './database';

describe('bigint columns', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('come back as numbers, past 2^53 too, so that adding them never joins text (a dashboard once showed "NaN €")', async () => {
    const { rows } = await db.pool.query('SELECT 42::bigint AS small, 10000000000000000::bigint AS large');
    expect(rows[0]).toEqual({ small: 42, large: 1e16 });
    expect(rows[0].small + rows[0].large).toBe(1e16 + 42);
  });
});
