import type { Role } from '@affilux/contract';

/**
 * The event store port. Two adapters implement it: PostgreSQL (default, postgresEventStore.ts)
 * and EventStoreDB (eventStoreDbEventStore.ts, when EVENTSTORE_URL is set). The contract suite
 * (eventStore.contract.ts) runs the same assertions against both.
 */

/**
 * A position in the global log. EventStoreDB gives { commit, prepare }; the PostgreSQL adapter uses
 * { commit: transaction id, prepare: global sequence }, which orders events the way readers may
 * safely see them (see postgresEventStore.ts).
 */
export type Position = { readonly commit: bigint; readonly prepare: bigint };

export const START: Position = { commit: -1n, prepare: -1n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export const positionToString = (p: Position) => `${p.commit}/${p.prepare}`;

/** 'no_stream': the stream must not exist; a number: the revision of the stream's last event. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export type EventMetadata = {
  /** Who caused the event: a user id, or 'system'. */
  actorId: string;
  actorRole: Role | 'anonymous' | 'system';
  /** The conversation the event belongs to (the request that started it, carried through reactors). */
  correlationId: string;
  /** What caused it: the request id, or the id of the event a reactor reacted to. */
  causationId: string;
  occurredAt: string;
  schemaVersion: number;
};

export type NewEvent<Type extends string = string, Data = unknown> = {
  /** A UUID. Appending an event whose id is already stored in the same stream does nothing. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
};

export type RecordedEvent<Type extends string = string, Data = unknown> = NewEvent<Type, Data> & {
  streamId: string;
  revision: number;
  position: Position;
  /** The fields of `data` put back from the personal data table (personalData.ts): the log itself never held them. */
  personal?: readonly string[];
};

export type AppendResult = { nextExpectedRevision: number; position: Position };

export type StreamAppend = { streamId: string; events: NewEvent[]; expectedRevision: ExpectedRevision };

export type Subscription = { stop(): Promise<void> };

export type ReadAllOptions = {
  after: Position;
  limit: number;
  maxBytes?: number;
  /** As for a subscription: only these types' events are read whole (every event still counts in `limit`). */
  types?: readonly string[];
};

export type SubscribeOptions = {
  /** Deliver only events after this position (exclusive); START for everything. */
  after: Position;
  /** Called with events in global order; the next batch waits until the promise settles. */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /** Called when the subscription fails; it stops after this. */
  onError(error: unknown): void;
  batchSize?: number;
  /** The types the subscriber acts on: only these get their personal fields back (personalData.ts); others may come whole or as positions alone. */
  types?: readonly string[];
};

export interface EventStore {
  readonly kind: 'postgresql' | 'eventstoredb';
  /** Appends atomically. Throws WrongExpectedRevisionError when the stream has moved on. */
  append(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** The whole stream in revision order; [] when it does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * Several streams at once (a reactor deciding for many streams): each in revision order, [] when
   * absent; whole, or from the revision `fromRevisions` gives it (the tail after a snapshot).
   */
  readStreams(streamIds: readonly string[], fromRevisions?: ReadonlyMap<string, number>): Promise<Map<string, RecordedEvent[]>>;
  /**
   * Appends to several streams, each with its expected revision. PostgreSQL: one statement, all or
   * nothing (a stale revision anywhere appends nothing and throws WrongExpectedRevisionError).
   * EventStoreDB has no such statement: the appends are made one by one, so callers must be
   * idempotent (deciders that record nothing the second time).
   */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** Up to `limit` events after `after`, in global order (and, where the adapter can tell, not much more than `maxBytes` of the data read). */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catches up from `after`, then keeps delivering new events as they are committed. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** The position of the last committed event (readers reach it once the transactions before it have ended), or START when the log is empty. */
  headPosition(): Promise<Position>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} is at ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
