import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as FROM_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Direction,
  type JSONType,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './eventStore';

/**
 * Event store on EventStoreDB/KurrentDB (EVENTSTORE_URL, e.g. esdb://localhost:2113?tls=false).
 * Every use of @eventstore/db-client stays in this file.
 */
export function createEventStoreDbEventStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);

  async function append(streamId: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata })),
        { expectedRevision: toExpectedVersion(expectedRevision) },
      );
      // The server's answer locates the write, not necessarily its last event, and has no
      // position at all for an idempotent retry; readers and checkpoints compare with the last
      // event's own position, so that is the one returned.
      const position = await positionOfRevision(streamId, result.nextExpectedRevision);
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
      }
      throw error;
    }
  }

  async function positionOfRevision(streamId: string, revision: bigint): Promise<Position> {
    for await (const { event } of client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      if (event) return toRecorded(event).position;
    }
    throw new Error(`Stream ${streamId} has no event at revision ${revision}`);
  }

  async function readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const { event } of client.readStream(streamId, { fromRevision: fromRevision > 0 ? BigInt(fromRevision) : FROM_START })) {
        if (event) events.push(toRecorded(event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * Every record of $all from `from` (exclusive) in `direction`, page by page. $all may start a
   * page on the event it was asked to start from, so an event equal to the previous one is skipped.
   */
  async function* scanAll(direction: Direction, from: Position | typeof END, pageSize: number): AsyncGenerator<AllStreamRecordedEvent> {
    let previous: Position | undefined = from === END || from.commit < 0n ? undefined : from;
    let fromPosition: ReadPosition = previous ?? (from === END ? END : FROM_START);
    for (;;) {
      let read = 0;
      const page = client.readAll({ direction, fromPosition, maxCount: pageSize });
      try {
        for await (const { event } of page) {
          read += 1;
          if (!event || (previous && comparePositions(event.position, previous) === 0)) continue;
          previous = event.position;
          yield event;
        }
      } finally {
        // The caller may stop early; the rest of the page is not needed.
        await page.cancel();
      }
      if (read < pageSize || !previous) return;
      fromPosition = previous;
    }
  }

  async function readAll({ after, limit }: { after: Position; limit: number }): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    for await (const event of scanAll(FORWARDS, after, Math.max(limit, 100))) {
      if (isSystemEvent(event.type)) continue;
      events.push(toRecorded(event));
      if (events.length === limit) break;
    }
    return events;
  }

  async function headPosition(): Promise<Position> {
    for await (const event of scanAll(BACKWARDS, END, 100)) {
      if (!isSystemEvent(event.type)) return event.position;
    }
    return START;
  }

  function subscribeToAll({ after, onEvents, onError, batchSize = 1000 }: SubscribeOptions): Subscription {
    const subscription = client.subscribeToAll({
      fromPosition: after.commit < 0n ? FROM_START : after,
      filter: excludeSystemEvents(),
    });
    const buffer: RecordedEvent[] = [];
    let lastBuffered = after;
    let stopped = false;
    let delivering: Promise<void> | undefined;

    const fail = (error: unknown) => {
      if (stopped) return;
      stopped = true;
      void subscription.unsubscribe();
      onError(error);
    };

    // One delivery loop at a time: events arriving while a batch is handled wait in the buffer,
    // and the server stream is paused while a full batch is waiting, so nothing is dropped or
    // handed over out of order.
    const deliver = async () => {
      try {
        while (buffer.length > 0 && !stopped) {
          const batch = buffer.splice(0, batchSize);
          if (subscription.isPaused()) subscription.resume();
          await onEvents(batch);
        }
      } catch (error) {
        fail(error);
      } finally {
        delivering = undefined;
      }
    };

    subscription.on('data', ({ event }: AllStreamResolvedEvent) => {
      if (stopped || !event || isSystemEvent(event.type)) return;
      // The subscription starts after `after`; this also guards against a server that repeats it.
      if (comparePositions(event.position, lastBuffered) <= 0) return;
      lastBuffered = event.position;
      buffer.push(toRecorded(event));
      if (buffer.length >= batchSize) subscription.pause();
      delivering ??= deliver();
    });
    subscription.on('error', fail);
    subscription.on('end', () => fail(new Error('The EventStoreDB subscription to $all ended')));

    return {
      async stop() {
        if (!stopped) {
          stopped = true;
          await subscription.unsubscribe();
        }
        await delivering;
      },
    };
  }

  return {
    kind: 'eventstoredb',
    append,
    readStream: (streamId) => readStream(streamId),
    async readStreams(streamIds, fromRevisions) {
      const read = await Promise.all(streamIds.map(async (id) => [id, await readStream(id, fromRevisions?.get(id))] as const));
      return new Map(read);
    },
    async appendMany(appends) {
      const results: AppendResult[] = [];
      for (const { streamId, events, expectedRevision } of appends) if (events.length) results.push(await append(streamId, events, { expectedRevision }));
      return results;
    },
    readAll,
    subscribeToAll,
    headPosition,
    close: () => client.dispose(),
  };
}

function toExpectedVersion(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

const isSystemEvent = (type: string) => type.startsWith('$');

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON`);
  if (!event.position) throw new Error(`EventStoreDB gave no position for event ${event.id} (the server must be 22.6 or later)`);
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: event.position,
  };
}
