import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { holdingLock, keepingAConnection } from './transaction';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe('holding an advisory lock', () => {
  it('runs callers of one name one after the other', async () => {
    const order: string[] = [];
    await Promise.all(['a', 'b', 'c'].map((who) => holdingLock(db.pool, 'one-at-a-time', async () => {
      order.push(`${who} in`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push(`${who} out`);
    })));
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]!.replace(' in', ' out'));
  });

  it("never starves the holder of the pool's connections, however many callers wait (the pool has 20)", async () => {
    let done = 0;
    const callers = Array.from({ length: 60 }, () => holdingLock(db.pool, 'crowded', async () => {
      // The holder's work needs connections of its own, as a command's does.
      await Promise.all([db.pool.query('SELECT pg_sleep(0.001)'), db.pool.query('SELECT 1')]);
      done++;
    }));
    await Promise.all(callers);
    expect(done).toBe(60);
  }, 60_000);

  it('never lets holders of many different locks take every connection of the pool, each waiting for another', async () => {
    let done = 0;
    const holders = Array.from({ length: 40 }, (_, i) => holdingLock(db.pool, `affiliate-${i}`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await Promise.all([db.pool.query('SELECT pg_sleep(0.001)'), db.pool.query('SELECT 1')]);
      done++;
    }));
    await Promise.all(holders);
    expect(done).toBe(40);
  }, 30_000);

  it("keeps reactors' turns apart from requests': requests that wait in their turns for what a reactor does never stop it", async () => {
    let reacted!: () => void;
    const reaction = new Promise<void>((resolve) => (reacted = resolve));
    // Every request turn taken, each waiting for the reactor (an approval waiting for its account to be opened).
    const requests = Array.from({ length: 12 }, () => keepingAConnection(db.pool, () => reaction));
    await keepingAConnection(db.pool, async () => reacted(), 'reactors');
    await Promise.all(requests);
  }, 30_000);

  it('lets the lock go when the work fails', async () => {
    await expect(holdingLock(db.pool, 'failing', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await holdingLock(db.pool, 'failing', async () => 'next')).toBe('next');
  });
});
