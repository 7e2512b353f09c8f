import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { collect, describeEventStoreContract, newEvent, readAllAfter, settle } from './eventStore.contract';
import type { EventStore, Position, Subscription } from './eventStore';
import { appendStatement, createPostgresEventStore, declareNoAppends } from './postgresEventStore';

describeEventStoreContract('PostgreSQL adapter', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.pool);
  return {
    store,
    async teardown() {
      await store.close();
      await database.drop();
    },
  };
});

describe('PostgreSQL adapter: an append that commits after a later one', () => {
  let database: TestDatabase;
  let store: EventStore;
  let writer: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.pool);
    writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
  });
  afterAll(async () => {
    await writer.end();
    await store.close();
    await database.drop();
  });

  /** Starts an append in a transaction left open: it holds the lower position until it ends. */
  async function beginHeldAppend(streamId: string) {
    const event = newEvent('HeldBack');
    await writer.query('BEGIN');
    const { rows } = await writer.query<{ global_position: string; transaction_id: string }>(appendStatement(streamId, [event], 'no_stream'));
    return { event, globalPosition: BigInt(rows[0]!.global_position), transactionId: BigInt(rows[0]!.transaction_id) };
  }

  test('readers and subscribers hold back the later event until the earlier append commits, then see both once, in position order', async () => {
    const from = await store.headPosition();
    const subscriber = collect(store, from);
    try {
      const held = await beginHeldAppend('hazard-held');
      const laterEvent = newEvent('CommittedFirst');
      const later = await store.append('hazard-later', [laterEvent], { expectedRevision: 'no_stream' });
      expect(later.position.prepare).toBeGreaterThan(held.globalPosition);
      expect(later.position.commit).toBeGreaterThan(held.transactionId);

      await settle();
      expect(subscriber.events).toEqual([]);
      expect(await store.readAll({ after: from, limit: 10 })).toEqual([]);
      // The head is the later event all the same: whoever waits for it waits for the held one too.
      expect(await store.headPosition()).toEqual(later.position);

      await writer.query('COMMIT');
      await subscriber.waitForIds([held.event.id, laterEvent.id]);
      await settle();

      expect(subscriber.events.map((e) => e.id)).toEqual([held.event.id, laterEvent.id]);
      expect((await readAllAfter(store, from)).map((e) => e.id)).toEqual([held.event.id, laterEvent.id]);
    } finally {
      await writer.query('ROLLBACK').catch(() => {});
      await subscriber.stop();
    }
  });

  test('an append rolled back after a later one committed holds nothing back for good and is never delivered', async () => {
    const from = await store.headPosition();
    const subscriber = collect(store, from);
    try {
      await beginHeldAppend('rolled-back');
      const laterEvent = newEvent('CommittedFirst');
      await store.append('after-rolled-back', [laterEvent], { expectedRevision: 'no_stream' });

      await writer.query('ROLLBACK');
      await subscriber.waitForIds([laterEvent.id]);
      await settle();

      expect(subscriber.events.map((e) => e.id)).toEqual([laterEvent.id]);
      expect(await store.readStream('rolled-back')).toEqual([]);
    } finally {
      await subscriber.stop();
    }
  });

  test('an append left open in another database on the same server holds nothing back', async () => {
    const other = await createTestDatabase();
    const otherWriter = new pg.Client({ connectionString: other.url });
    await otherWriter.connect();
    try {
      const from = await store.headPosition();
      await otherWriter.query('BEGIN');
      await otherWriter.query(appendStatement('elsewhere', [newEvent()], 'no_stream'));

      const event = newEvent();
      const appended = await store.append('here', [event], { expectedRevision: 'no_stream' });

      expect((await store.readAll({ after: from, limit: 10 })).map((e) => e.id)).toEqual([event.id]);
      expect(await store.headPosition()).toEqual(appended.position);
    } finally {
      await otherWriter.end();
      await other.drop();
    }
  });
});

describe('PostgreSQL adapter: transactions declared as never appending', () => {
  test('hold nothing back while they run, and may not append', async () => {
    const database = await createTestDatabase();
    const store = createPostgresEventStore(database.pool);
    const busy = new pg.Client({ connectionString: database.url });
    await busy.connect();
    try {
      const from = await store.headPosition();
      await busy.query('BEGIN');
      await declareNoAppends(busy);
      // A write gives the transaction an id, as a processor's step has while it works.
      await busy.query('CREATE TEMP TABLE busy_work (n int); INSERT INTO busy_work VALUES (1)');
      await busy.query('SELECT pg_current_xact_id()');
      const event = newEvent();
      await store.append('while-busy', [event], { expectedRevision: 'no_stream' });
      expect((await store.readAll({ after: from, limit: 10 })).map((e) => e.id)).toEqual([event.id]);

      await busy.query('SAVEPOINT before_append');
      await expect(busy.query(appendStatement('from-busy', [newEvent()], 'no_stream'))).rejects.toThrow(/may not append events/);
      await busy.query('ROLLBACK TO SAVEPOINT before_append');
      await busy.query('COMMIT');
      // The mark ends with its transaction.
      await busy.query(appendStatement('after-busy', [newEvent()], 'no_stream'));
      expect((await store.readAll({ after: from, limit: 10 })).map((e) => e.streamId)).toEqual(['while-busy', 'after-busy']);
    } finally {
      await busy.end();
      await store.close();
      await database.drop();
    }
  });
});

describe('PostgreSQL adapter: reading only some types', () => {
  test('gives the other events as positions alone (no data, no metadata), each still counted in the limit, in order', async () => {
    const database = await createTestDatabase();
    const store = createPostgresEventStore(database.pool);
    try {
      const from = await store.headPosition();
      await store.append('typed-1', [newEvent('Wanted', { n: 1 }), newEvent('Other', { big: 'x'.repeat(10_000) }), newEvent('Wanted', { n: 2 })], { expectedRevision: 'no_stream' });
      const all = await store.readAll({ after: from, limit: 10 });
      const some = await store.readAll({ after: from, limit: 10, types: ['Wanted'] });
      expect(some.map((e) => [e.type, e.data, e.position])).toEqual([['Wanted', { n: 1 }, all[0]!.position], ['Other', {}, all[1]!.position], ['Wanted', { n: 2 }, all[2]!.position]]);
      expect(some[0]!.metadata).toEqual(all[0]!.metadata);
      expect(some[1]!.metadata).toEqual({});
      expect((await store.readAll({ after: from, limit: 2, types: ['Wanted'] })).map((e) => e.type)).toEqual(['Wanted', 'Other']);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describe('PostgreSQL adapter: subscriptions following the log together', () => {
  test('read each page of the log once between them, and each still gets every event once, in order, from its own position', async () => {
    const database = await createTestDatabase();
    // Every page read from the log (events.readAll) that held events.
    const pagesRead: number[] = [];
    const counting = new Proxy(database.pool, {
      get(pool, name) {
        if (name !== 'query') return Reflect.get(pool, name);
        return async (config: pg.QueryConfig, values?: unknown[]) => {
          const result = await pool.query(config, values);
          if (config.name === 'events.readAll' && result.rows.length) pagesRead.push(result.rows.length);
          return result;
        };
      },
    });
    const store = createPostgresEventStore(counting as pg.Pool);
    const subscriptions: Subscription[] = [];
    try {
      const from = await store.headPosition();
      const events = Array.from({ length: 10 }, (_, n) => newEvent('Shared', { n }));
      await store.append('shared-1', events, { expectedRevision: 'no_stream' });
      const positions = (await readAllAfter(store, from)).map((e) => e.position);
      pagesRead.length = 0;
      const follow = (after: Position, expected: number) => {
        const ids: string[] = [];
        return new Promise<string[]>((resolve, reject) => {
          subscriptions.push(store.subscribeToAll({
            after,
            batchSize: 3,
            onEvents: async (batch) => {
              ids.push(...batch.map((e) => e.id));
              if (ids.length === expected) resolve(ids);
            },
            onError: reject,
          }));
        });
      };
      const together = await Promise.all([follow(from, 10), follow(from, 10), follow(from, 10), follow(from, 10)]);
      for (const ids of together) expect(ids).toEqual(events.map((e) => e.id));
      // 10 events in pages of 3: four pages, read once for the four subscriptions.
      expect([...pagesRead].sort()).toEqual([1, 3, 3, 3]);
      // One coming after them, from inside the first page (after its second event), reads nothing more.
      expect(await follow(positions[1]!, 8)).toEqual(events.slice(2).map((e) => e.id));
      await settle();
      expect([...pagesRead].sort()).toEqual([1, 3, 3, 3]);
    } finally {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await store.close();
      await database.drop();
    }
  });
});
