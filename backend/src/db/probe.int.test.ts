import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { databaseProbe } from './probe';

describe('whether the database answers', () => {
  let db: TestDatabase;
  let silent: net.Server;
  let silentPool: pg.Pool;
  const held: net.Socket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // A host that takes the connection and never answers, as a frozen PostgreSQL does.
    silent = net.createServer((socket) => void held.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    silentPool = new pg.Pool({ connectionString: `postgres://someone:secret@127.0.0.1:${(silent.address() as net.AddressInfo).port}/affilux` });
    silentPool.on('error', () => {});
  });

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    silent.close();
    await silentPool.end().catch(() => {});
    await db.drop();
  });

  it('yes for a live database', async () => {
    expect(await databaseProbe(db.pool)()).toBe(true);
  });

  it('no within its time for one that never answers, and it asks again at most once a second, one question at a time', async () => {
    const answers = databaseProbe(silentPool, 300);
    const started = Date.now();
    expect(await answers()).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await Promise.all([answers(), answers(), answers()])).toEqual([false, false, false]);
    expect(held).toHaveLength(1);
  });
});
