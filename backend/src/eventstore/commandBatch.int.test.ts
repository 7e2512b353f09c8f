import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { handleCommandBatch, streamStateCache, systemContext, toNewEvents, type Decider, type DomainEvent } from './commands';
import type { EventStore } from './eventStore';
import { createPostgresEventStore } from './postgresEventStore';

type Counted = DomainEvent<'Counted', { n: number }>;
const counter: Decider<{ type: 'Count' }, Counted, { n: number }> = {
  initialState: () => ({ n: 0 }),
  evolve: (state, event) => ({ n: event.data.n }),
  decide: (_command, state) => [{ type: 'Counted', data: { n: state.n + 1 } }],
};

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/** The store, counting how the batch wrote: one stream at a time (append) or together (appendMany). */
const counting = () => {
  const calls = { append: 0, appendMany: 0 };
  const counted: EventStore = {
    ...store,
    append: (...args) => (calls.append++, store.append(...args)),
    appendMany: (...args) => (calls.appendMany++, store.appendMany(...args)),
  };
  return { counted, calls };
};

describe('handleCommandBatch', () => {
  it('decides from the cache; a stale cached revision makes it read every stream afresh and append them together again, not one by one', async () => {
    const ctx = systemContext(new Date());
    const streams = ['batch-a', 'batch-b', 'batch-c'];
    for (const stream of streams) await store.append(stream, toNewEvents([{ type: 'Counted', data: { n: 1 } }], ctx), { expectedRevision: 'no_stream' });
    const cache = streamStateCache<{ n: number }>(10);
    for (const stream of streams) cache.set(stream, { state: { n: 1 }, revision: 0 });
    // Another writer moves one stream behind the cache's back.
    await store.append('batch-b', toNewEvents([{ type: 'Counted', data: { n: 2 } }], ctx), { expectedRevision: 0 });

    const { counted, calls } = counting();
    await handleCommandBatch({ eventStore: counted }, counter, streams.map((streamId) => ({ streamId, command: { type: 'Count' as const }, ctx })), cache);

    expect(calls).toEqual({ append: 0, appendMany: 2 });
    const read = await store.readStreams(streams);
    expect(streams.map((s) => read.get(s)!.map((e) => (e.data as { n: number }).n))).toEqual([[1, 2], [1, 2, 3], [1, 2]]);
    expect(cache.get('batch-b')).toEqual({ state: { n: 3 }, revision: 2 });

    // The cache is current now: the next batch writes at once.
    const again = counting();
    await handleCommandBatch({ eventStore: again.counted }, counter, streams.map((streamId) => ({ streamId, command: { type: 'Count' as const }, ctx })), cache);
    expect(again.calls).toEqual({ append: 0, appendMany: 1 });
  });
});
