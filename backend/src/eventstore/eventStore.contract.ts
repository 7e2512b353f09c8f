import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type Subscription,
} from './eventStore';

export type EventStoreUnderTest = {
  store: EventStore;
  /** Releases whatever the factory created (connections, database, container). */
  teardown(): Promise<void>;
};

/**
 * The behaviour every EventStore adapter must have. Tests share one store, so each test writes to
 * streams named with its own prefix and only looks at events after the head it saw first.
 * With `skipReason`, the suite is listed as skipped and the reason printed once.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStoreUnderTest>,
  options: { skipReason?: string } = {},
): void {
  if (options.skipReason) console.warn(`${name} contract suite skipped: ${options.skipReason}`);
  const describeOrSkip = options.skipReason ? describe.skip : describe;

  describeOrSkip(`${name}: event store contract`, () => {
    let store: EventStore;
    let teardown: (() => Promise<void>) | undefined;
    let prefix: string;

    beforeAll(async () => {
      ({ store, teardown } = await factory());
    });
    afterAll(async () => {
      await teardown?.();
    });

    const stream = (label: string) => `${prefix}-${label}`;
    const ours = (events: RecordedEvent[]) => events.filter((e) => e.streamId.startsWith(prefix));

    beforeEach(() => {
      prefix = `contract_${randomUUID().slice(0, 8)}`;
    });

    describe('appending and reading', () => {
      test('several streams read at once come back each in revision order, an absent one empty', async () => {
        await store.append(stream('a'), [newEvent('A', { n: 0 }), newEvent('A', { n: 1 })], { expectedRevision: 'no_stream' });
        await store.append(stream('b'), [newEvent('B', { n: 0 })], { expectedRevision: 'no_stream' });
        const read = await store.readStreams([stream('a'), stream('b'), stream('none')]);
        expect(read.get(stream('a'))!.map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
        expect(read.get(stream('b'))!.map((e) => e.revision)).toEqual([0]);
        expect(read.get(stream('none'))).toEqual([]);
      });

      test('streams read from a revision come back from it on (the tail after a snapshot), the others whole', async () => {
        await store.append(stream('t'), [newEvent('T', { n: 0 }), newEvent('T', { n: 1 }), newEvent('T', { n: 2 })], { expectedRevision: 'no_stream' });
        await store.append(stream('u'), [newEvent('U', { n: 0 })], { expectedRevision: 'no_stream' });
        const read = await store.readStreams([stream('t'), stream('u'), stream('none')], new Map([[stream('t'), 2], [stream('none'), 4]]));
        expect(read.get(stream('t'))!.map((e) => [e.revision, e.data])).toEqual([[2, { n: 2 }]]);
        expect(read.get(stream('u'))!.map((e) => e.data)).toEqual([{ n: 0 }]);
        expect(read.get(stream('none'))).toEqual([]);
        expect((await store.readStreams([stream('t')], new Map([[stream('t'), 3]]))).get(stream('t'))).toEqual([]);
      });

      test('appends to several streams at once, each at its expected revision', async () => {
        await store.append(stream('x'), [newEvent('X', { n: 0 })], { expectedRevision: 'no_stream' });
        const results = await store.appendMany([
          { streamId: stream('x'), events: [newEvent('X', { n: 1 }), newEvent('X', { n: 2 })], expectedRevision: 0 },
          { streamId: stream('y'), events: [newEvent('Y', { n: 0 })], expectedRevision: 'no_stream' },
        ]);
        expect(results.map((r) => r.nextExpectedRevision)).toEqual([2, 0]);
        expect((await store.readStream(stream('x'))).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
        expect((await store.readStream(stream('y'))).map((e) => e.data)).toEqual([{ n: 0 }]);
      });

      test('a stale revision in a multi-stream append is refused (PostgreSQL: and nothing of it is appended)', async () => {
        await store.append(stream('p'), [newEvent('P')], { expectedRevision: 'no_stream' });
        const attempt = store.appendMany([
          { streamId: stream('q'), events: [newEvent('Q')], expectedRevision: 'no_stream' },
          { streamId: stream('p'), events: [newEvent('P')], expectedRevision: 'no_stream' },
        ]);
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        if (store.kind === 'postgresql') expect(await store.readStream(stream('q'))).toEqual([]);
      });

      test('events appended to a new stream read back in revision order with their data and metadata', async () => {
        const first = [newEvent('ThingOpened', { n: 0 }), newEvent('ThingRenamed', { n: 1, name: 'Lumière' })];
        const opened = await store.append(stream('thing'), first, { expectedRevision: 'no_stream' });
        expect(opened.nextExpectedRevision).toBe(1);
        const closed = await store.append(stream('thing'), [newEvent('ThingClosed', { n: 2 })], { expectedRevision: 1 });
        expect(closed.nextExpectedRevision).toBe(2);

        const events = await store.readStream(stream('thing'));

        expect(events.map((e) => [e.revision, e.type, e.data])).toEqual([
          [0, 'ThingOpened', { n: 0 }],
          [1, 'ThingRenamed', { n: 1, name: 'Lumière' }],
          [2, 'ThingClosed', { n: 2 }],
        ]);
        expect(events[0]).toMatchObject({ id: first[0]!.id, streamId: stream('thing'), metadata: first[0]!.metadata });
        expectStrictlyIncreasing(events.map((e) => e.position));
        expect(events[2]!.position).toEqual(closed.position);
      });

      test('reading a stream that was never written gives no events', async () => {
        expect(await store.readStream(stream('never-written'))).toEqual([]);
      });

      test('the position an append returns is the one readAll and headPosition give its last event', async () => {
        const before = await store.headPosition();
        const result = await store.append(stream('a'), [newEvent(), newEvent()], { expectedRevision: 'no_stream' });

        const read = ours(await readAllAfter(store, before));

        expect(read.map((e) => e.revision)).toEqual([0, 1]);
        expect(read[1]!.position).toEqual(result.position);
        expect(await store.headPosition()).toEqual(result.position);
      });

      test("'any' appends whatever the stream's state and 'stream_exists' appends to an existing stream", async () => {
        await store.append(stream('s'), [newEvent()], { expectedRevision: 'any' });
        await store.append(stream('s'), [newEvent()], { expectedRevision: 'any' });
        const result = await store.append(stream('s'), [newEvent()], { expectedRevision: 'stream_exists' });

        expect(result.nextExpectedRevision).toBe(2);
        expect((await store.readStream(stream('s'))).map((e) => e.revision)).toEqual([0, 1, 2]);
      });
    });

    describe('optimistic concurrency', () => {
      test('an append at a stale revision is refused with WrongExpectedRevisionError and stores nothing', async () => {
        await store.append(stream('s'), [newEvent(), newEvent()], { expectedRevision: 'no_stream' });

        const refused = store.append(stream('s'), [newEvent()], { expectedRevision: 0 });

        await expect(refused).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(refused).rejects.toMatchObject({ streamId: stream('s'), expected: 0, actual: 1 });
        expect(await store.readStream(stream('s'))).toHaveLength(2);
      });

      test("'no_stream' on a stream that exists is refused", async () => {
        await store.append(stream('s'), [newEvent()], { expectedRevision: 'no_stream' });

        const refused = store.append(stream('s'), [newEvent()], { expectedRevision: 'no_stream' });

        await expect(refused).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream('s'))).toHaveLength(1);
      });

      test("a revision or 'stream_exists' on a stream that does not exist is refused", async () => {
        await expect(store.append(stream('missing'), [newEvent()], { expectedRevision: 0 })).rejects.toMatchObject({
          name: 'WrongExpectedRevisionError',
          actual: 'no_stream',
        });
        await expect(store.append(stream('missing'), [newEvent()], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      test('of two writers appending at the same revision at the same time, exactly one succeeds', async () => {
        await store.append(stream('s'), [newEvent()], { expectedRevision: 'no_stream' });

        const outcomes = await Promise.allSettled([
          store.append(stream('s'), [newEvent('ByFirstWriter')], { expectedRevision: 0 }),
          store.append(stream('s'), [newEvent('BySecondWriter')], { expectedRevision: 0 }),
        ]);

        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.filter((o) => o.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect(rejected[0]!.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream('s'))).toHaveLength(2);
      });
    });

    describe('idempotency', () => {
      test.each<[string, ExpectedRevision]>([
        ['no_stream', 'no_stream'],
        ['a revision', 0],
      ])('retrying the same append (same event ids, %s) succeeds and stores nothing new', async (_label, expectedRevision) => {
        if (expectedRevision !== 'no_stream') await store.append(stream('s'), [newEvent()], { expectedRevision: 'no_stream' });
        const before = await store.headPosition();
        const events = [newEvent(), newEvent()];

        const first = await store.append(stream('s'), events, { expectedRevision });
        const retry = await store.append(stream('s'), events, { expectedRevision });

        expect(retry).toEqual(first);
        expect(ours(await readAllAfter(store, before)).map((e) => e.id)).toEqual(events.map((e) => e.id));
      });
    });

    describe('global order', () => {
      test('readAll gives every event once, positions strictly increasing and each stream in revision order', async () => {
        const before = await store.headPosition();
        const streams = ['a', 'b', 'c'].map(stream);
        for (let round = 0; round < 4; round += 1) {
          await Promise.all(
            streams.map((id) => store.append(id, [newEvent(), newEvent()], { expectedRevision: round === 0 ? 'no_stream' : round * 2 - 1 })),
          );
        }

        const all = ours(await readAllAfter(store, before));
        const paged = ours(await readAllAfter(store, before, 5));

        expect(all).toHaveLength(24);
        expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
        expectConsistentGlobalOrder(all);
      });
    });

    describe('subscriptions', () => {
      test('a live subscription receives events appended after it started, in order', async () => {
        const from = await store.headPosition();
        const collector = collect(store, from);
        try {
          const events = [newEvent(), newEvent(), newEvent()];
          await store.append(stream('live'), events.slice(0, 2), { expectedRevision: 'no_stream' });
          await store.append(stream('live'), events.slice(2), { expectedRevision: 1 });

          await collector.waitForIds(events.map((e) => e.id));

          expect(ours(collector.events).map((e) => e.id)).toEqual(events.map((e) => e.id));
        } finally {
          await collector.stop();
        }
      });

      test('a subscription resumed from the last position it handled sees every later event exactly once', async () => {
        const from = await store.headPosition();
        const firstWave = Array.from({ length: 12 }, () => newEvent());
        for (const [index, event] of firstWave.entries()) {
          await store.append(stream(`s${index % 3}`), [event], { expectedRevision: 'any' });
        }

        // The first runner handles a few batches, saving its checkpoint after each, then stops.
        const handled: RecordedEvent[] = [];
        let checkpoint = from;
        let stopSignal!: { resolve(): void; reject(error: unknown): void };
        const handledSome = new Promise<void>((resolve, reject) => (stopSignal = { resolve, reject }));
        const first = store.subscribeToAll({
          after: from,
          batchSize: 2,
          onEvents: async (batch) => {
            await new Promise((resolve) => setTimeout(resolve, 10));
            handled.push(...batch);
            checkpoint = batch[batch.length - 1]!.position;
            if (ours(handled).length >= 4) stopSignal.resolve();
          },
          onError: (error) => stopSignal.reject(error),
        });
        await handledSome;
        await first.stop();
        const handledBeforeStop = ours(handled).length;
        expect(handledBeforeStop).toBeLessThan(firstWave.length);

        const secondWave = Array.from({ length: 5 }, () => newEvent());
        for (const event of secondWave) await store.append(stream('s0'), [event], { expectedRevision: 'any' });
        const resumed = collect(store, checkpoint);
        try {
          const expected = [...firstWave, ...secondWave].map((e) => e.id);
          const stillToSee = expected.slice(handledBeforeStop);
          await resumed.waitForIds(stillToSee);
          await settle();

          expect(ours(handled).length).toBe(handledBeforeStop);
          expect([...ours(handled), ...ours(resumed.events)].map((e) => e.id)).toEqual(expected);
        } finally {
          await resumed.stop();
        }
      });

      test('20 concurrent writers lose nothing: every appended event is seen exactly once by readAll and by a live subscription', async () => {
        const from = await store.headPosition();
        const live = collect(store, from);
        const writers = 20;
        const rounds = 12;
        const sharedStreams = ['shared-0', 'shared-1', 'shared-2'].map(stream);
        const contendedStreams = ['contended-0', 'contended-1', 'contended-2', 'contended-3'].map(stream);
        const appended = new Set<string>();
        const refused = new Set<string>();

        // Read, then append at the revision read; on a conflict start again, as a command handler does.
        const appendAtCurrentRevision = async (streamId: string) => {
          for (;;) {
            const current = await store.readStream(streamId);
            const event = newEvent('Contended');
            try {
              await store.append(streamId, [event], { expectedRevision: current.length === 0 ? 'no_stream' : current.length - 1 });
              appended.add(event.id);
              return;
            } catch (error) {
              if (!(error instanceof WrongExpectedRevisionError)) throw error;
              refused.add(event.id);
            }
          }
        };

        try {
          await Promise.all(
            Array.from({ length: writers }, async (_, writer) => {
              const own = stream(`writer-${writer}`);
              let ownRevision: ExpectedRevision = 'no_stream';
              for (let round = 0; round < rounds; round += 1) {
                const batch = Array.from({ length: 1 + ((writer + round) % 3) }, () => newEvent('OwnEvent'));
                ownRevision = (await store.append(own, batch, { expectedRevision: ownRevision })).nextExpectedRevision;
                batch.forEach((e) => appended.add(e.id));

                const shared = newEvent('SharedEvent');
                await store.append(sharedStreams[(writer + round) % sharedStreams.length]!, [shared], { expectedRevision: 'any' });
                appended.add(shared.id);

                if (round % 3 === 0) await appendAtCurrentRevision(contendedStreams[writer % contendedStreams.length]!);
              }
            }),
          );

          const read = ours(await readAllAfter(store, from));
          expect(read).toHaveLength(appended.size);
          expect(new Set(read.map((e) => e.id))).toEqual(appended);
          expectConsistentGlobalOrder(read);

          await live.waitForIds([...appended], 30_000);
          await settle();
          const seen = ours(live.events);
          expect(seen).toHaveLength(appended.size);
          expect(seen.map((e) => e.id)).toEqual(read.map((e) => e.id));
          expect(seen.some((e) => refused.has(e.id))).toBe(false);
          expect(live.maxConcurrentBatches()).toBe(1);

          for (const streamId of [...sharedStreams, ...contendedStreams]) {
            const revisions = (await store.readStream(streamId)).map((e) => e.revision);
            expect(revisions).toEqual(revisions.map((_, index) => index));
          }
        } finally {
          await live.stop();
        }
      });
    });
  });
}

const metadata = () => ({
  actorId: 'system',
  actorRole: 'system' as const,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});

export function newEvent(type = 'ThingHappened', data: Record<string, unknown> = {}): NewEvent {
  return { id: randomUUID(), type, data, metadata: metadata() };
}

/** Every event after `after`, read in pages of `pageSize`. */
export async function readAllAfter(store: EventStore, after: Position, pageSize = 500): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const page = await store.readAll({ after: position, limit: pageSize });
    events.push(...page);
    if (page.length < pageSize) return events;
    position = page[page.length - 1]!.position;
  }
}

/** Positions strictly increase, and each stream's events come in revision order with no gap. */
function expectConsistentGlobalOrder(events: RecordedEvent[]): void {
  expectStrictlyIncreasing(events.map((e) => e.position));
  const nextRevision = new Map<string, number>();
  for (const event of events) {
    expect(event.revision, `${event.streamId} out of revision order`).toBe(nextRevision.get(event.streamId) ?? 0);
    nextRevision.set(event.streamId, event.revision + 1);
  }
}

function expectStrictlyIncreasing(positions: Position[]): void {
  for (let i = 1; i < positions.length; i += 1) {
    expect(comparePositions(positions[i - 1]!, positions[i]!), `position ${i} does not follow position ${i - 1}`).toBe(-1);
  }
}

export type Collector = {
  readonly events: RecordedEvent[];
  waitForIds(ids: string[], timeoutMs?: number): Promise<void>;
  maxConcurrentBatches(): number;
  stop(): Promise<void>;
};

/** A subscription that keeps what it receives, checking batches never overlap. */
export function collect(store: EventStore, after: Position): Collector {
  const events: RecordedEvent[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let failure: unknown;
  const subscription: Subscription = store.subscribeToAll({
    after,
    batchSize: 50,
    onEvents: async (batch) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Yield, so an adapter that delivered the next batch before this one settled would be caught.
      await new Promise((resolve) => setImmediate(resolve));
      events.push(...batch);
      inFlight -= 1;
    },
    onError: (error) => {
      failure = error;
    },
  });
  return {
    events,
    maxConcurrentBatches: () => maxInFlight,
    async waitForIds(ids, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (failure) throw failure;
        const seen = new Set(events.map((e) => e.id));
        const missing = ids.filter((id) => !seen.has(id));
        if (missing.length === 0) return;
        if (Date.now() > deadline) throw new Error(`The subscription has not delivered ${missing.length} of ${ids.length} events after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: () => subscription.stop(),
  };
}

/** Time for a duplicate or a stray event, if the adapter were to deliver one, to arrive. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
