import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { v5 as uuidv5 } from 'uuid';
import {
  positionToString,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from './eventStore';
import { conflict, STALE_FORM } from '../http/errors';

/** An event as domain code produces it; ids and metadata are added when it is appended. */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  type: Type;
  data: Data;
  /** A deterministic id makes the append idempotent when the same command is retried. */
  id?: string;
};

/**
 * The one decision-maker of a kind of stream (Emmett, Oskar Dudycz's deciders): the state folded
 * from the stream's events, and the events a command adds to it. Pure: time, ids and the actor
 * arrive inside the command; a refused command throws an AppError.
 */
export type Decider<Command, Event extends DomainEvent, State> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
};

const EVENT_ID_NAMESPACE = '6f1d3c52-8a4e-4f0b-9d6a-2f7c1e5b9a30';

/** The same parts always give the same event id, so re-running a step after a crash appends nothing twice. */
export const deterministicEventId = (...parts: string[]) => uuidv5(parts.join('/'), EVENT_ID_NAMESPACE);

export type Actor = { id: string; role: EventMetadata['actorRole'] };

/**
 * Who asks, when, and why: the request or event that caused the command (causationId) and the
 * conversation it belongs to (correlationId). Domain code never reads a clock or generates ids.
 */
export type CommandContext = { actor: Actor; correlationId: string; causationId: string; now: Date };

/** A command started by the system itself (start-up, a job run at `now`). */
export const systemContext = (now: Date, cause = randomUUID()): CommandContext => ({
  actor: { id: 'system', role: 'system' },
  correlationId: cause,
  causationId: cause,
  now,
});

/** A command a reactor sends because of `event`: same conversation, caused by that event, at the event's time. */
export const reactionContext = (event: RecordedEvent): CommandContext => ({
  actor: { id: 'system', role: 'system' },
  correlationId: event.metadata.correlationId,
  causationId: event.id,
  now: new Date(event.metadata.occurredAt),
});

/**
 * Lets a command answer only once the read models include its events. The wait is bounded: past
 * the bound it resolves false and the command answers anyway, because its events are stored and a
 * client told "error" would retry a command that succeeded.
 */
export type ReadModelSync = {
  /** The read models include `position`. */
  waitFor(position: Position): Promise<boolean>;
  /** Also what reactors do because of it: reactors have passed `position` and the read models include what they appended. */
  waitForConsequences(position: Position): Promise<boolean>;
};

/** How long money jobs wait for what they read to be current (a read model rebuilt after an upgrade, a reactor behind). */
const LONG_WAIT_MS = 15 * 60_000;

/**
 * For work that must not decide on anything behind (the week close, the payout run): asks `reached`
 * again, each ask a bounded wait, until it says yes; past `deadlineMs` fails loudly, naming `what`.
 */
export async function keepWaiting(reached: () => Promise<boolean>, what: string, deadlineMs = LONG_WAIT_MS): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await reached())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    // A wait that answers at once (its runner stopping) is not asked again in a tight loop.
    await delay(100);
  }
}

export type CommandDeps = { eventStore: EventStore; readModels: ReadModelSync };

/** Until the read models include `position`, for work that decides from them (`keepWaiting`, naming `what`). */
export const readModelsReach = (deps: Pick<CommandDeps, 'readModels'>, position: Position, what: string): Promise<void> =>
  keepWaiting(() => deps.readModels.waitFor(position), `the read models to reach ${positionToString(position)} (${what})`);

/** Whether a command answers once the read models include its events (the default), also their consequences, or at once (reactors). */
export type Wait = 'readModels' | 'consequences' | 'none';

export function toNewEvents(events: DomainEvent[], ctx: CommandContext): NewEvent[] {
  return events.map((event) => ({
    id: event.id ?? randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      actorId: ctx.actor.id,
      actorRole: ctx.actor.role,
      correlationId: ctx.correlationId,
      causationId: ctx.causationId,
      occurredAt: ctx.now.toISOString(),
      // Stamped with the type's current version by the event store (upcasting.ts); 0 means "today's shape".
      schemaVersion: 0,
    },
  }));
}

/** A stream's state: its recorded events folded through the decider's evolve, from its initial state. */
export const stateOf = <State, Event extends DomainEvent>(decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>, recorded: readonly RecordedEvent[]): State =>
  recorded.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());

export async function loadState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>,
): Promise<{ state: State; expectedRevision: ExpectedRevision; lastPosition: Position | null; lastOccurredAt: Date | null }> {
  const recorded = await eventStore.readStream(streamId);
  const state = stateOf(decider, recorded);
  const last = recorded[recorded.length - 1];
  return { state, expectedRevision: last ? last.revision : 'no_stream', lastPosition: last?.position ?? null, lastOccurredAt: last ? new Date(last.metadata.occurredAt) : null };
}

/**
 * A request's events never go back in time on their stream: decided again after a concurrent write
 * (its retry), or decided on a stream read after it, they are recorded at that write's time if the
 * request came in earlier. (Reactors' batches keep the time of the event they follow from.) Read
 * models that take the latest change by its time (the standard rates) and those that take it by the
 * log's order (the rate periods) then agree.
 */
const notBefore = (ctx: CommandContext, lastOccurredAt: Date | null): CommandContext =>
  lastOccurredAt && lastOccurredAt.getTime() > ctx.now.getTime() ? { ...ctx, now: lastOccurredAt } : ctx;

/**
 * Loads the stream, decides, appends with the expected revision ("no stream" for a creation), and
 * waits for the read models. A concurrent write to the same stream makes it decide once more from
 * fresh state; a second conflict surfaces as WrongExpectedRevisionError (HTTP 409).
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  deps: { eventStore: EventStore; readModels?: ReadModelSync },
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command,
  ctx: CommandContext,
  options: {
    wait?: Wait;
    assumeNew?: boolean;
    /** The stream's revision the request's form was filled from: a change recorded since is not overwritten (409), whoever made it. */
    seenRevision?: number;
  } = {},
): Promise<{ state: State; events: Event[]; position: Position | null }> {
  const wait = options.wait ?? 'readModels';
  for (let attempt = 1; ; attempt++) {
    // A stream that is nearly always new (one per postback) is decided on its initial state and
    // created with "no stream" expected, without reading it first; if it exists, the conflict
    // makes the second attempt read it and decide again.
    const { state, expectedRevision, lastPosition, lastOccurredAt } =
      options.assumeNew && attempt === 1 ? { state: decider.initialState(), expectedRevision: 'no_stream' as const, lastPosition: null, lastOccurredAt: null } : await loadState(deps.eventStore, streamId, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      // Nothing to record: what the stream holds (perhaps just written by a concurrent request) is the answer, so the read models must show it too.
      if (lastPosition && wait !== 'none' && deps.readModels) await deps.readModels.waitFor(lastPosition);
      return { state, events, position: null };
    }
    if (options.seenRevision !== undefined && expectedRevision !== options.seenRevision) throw conflict(STALE_FORM);
    try {
      const { position } = await deps.eventStore.append(streamId, toNewEvents(events, notBefore(ctx, lastOccurredAt)), { expectedRevision });
      if (wait !== 'none') {
        if (!deps.readModels) throw new Error('handleCommand: waiting for read models needs readModels');
        await (wait === 'consequences' ? deps.readModels.waitForConsequences(position) : deps.readModels.waitFor(position));
      }
      return { state: events.reduce(decider.evolve, state), events, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt === 2) throw error;
    }
  }
}

/**
 * The last known state of streams a single writer keeps deciding for (the pricing reactor and its
 * affiliate-weeks), so it does not read them again at every batch. A stale entry is harmless: the
 * append states the cached revision, fails if another writer moved the stream, and the stream is
 * then read afresh.
 */
export type StreamStateCache<State> = { get(streamId: string): { state: State; revision: number } | undefined; set(streamId: string, entry: { state: State; revision: number }): void; delete(streamId: string): void };

export function streamStateCache<State>(maxEntries: number): StreamStateCache<State> {
  const entries = new Map<string, { state: State; revision: number }>();
  return {
    get(streamId) {
      const entry = entries.get(streamId);
      if (entry) {
        entries.delete(streamId);
        entries.set(streamId, entry);
      }
      return entry;
    },
    set(streamId, entry) {
      entries.delete(streamId);
      entries.set(streamId, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    delete: (streamId) => void entries.delete(streamId),
  };
}

/**
 * The same command handling for many streams at once (a reactor deciding for thousands of
 * affiliate-weeks): the streams not in `cache` are read in one call, all are decided, and the
 * events are appended in one call. A stale revision anywhere (another writer got there, a cached
 * state behind) makes the batch read every stream afresh and decide again, once; a second conflict
 * falls back to handling each stream on its own. Deciders that record nothing the second time make
 * every path safe. Never waits for read models. Answers how many of the commands recorded something.
 */
export async function handleCommandBatch<Command, Event extends DomainEvent, State>(
  deps: { eventStore: EventStore },
  decider: Decider<Command, Event, State>,
  commands: readonly { streamId: string; command: Command; ctx: CommandContext }[],
  cache?: StreamStateCache<State>,
): Promise<number> {
  if (!commands.length) return 0;
  for (const readFrom of [cache, undefined]) {
    try {
      return await decideAndAppend(deps, decider, commands, readFrom, cache);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  let recorded = 0;
  for (const { streamId, command, ctx } of commands) {
    cache?.delete(streamId);
    if ((await handleCommand(deps, decider, streamId, command, ctx, { wait: 'none' })).events.length) recorded++;
  }
  return recorded;
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  deps: { eventStore: EventStore },
  decider: Decider<Command, Event, State>,
  commands: readonly { streamId: string; command: Command; ctx: CommandContext }[],
  readFrom: StreamStateCache<State> | undefined,
  writeTo: StreamStateCache<State> | undefined,
): Promise<number> {
  const unknown = commands.filter((c) => !readFrom?.get(c.streamId)).map((c) => c.streamId);
  const streams = await deps.eventStore.readStreams(unknown);
  const decided = commands.map(({ streamId, command, ctx }) => {
    const cached = readFrom?.get(streamId);
    let state: State;
    let revision: number;
    if (cached) {
      ({ state, revision } = cached);
    } else {
      const recorded = streams.get(streamId) ?? [];
      state = stateOf(decider, recorded);
      revision = recorded.length ? recorded[recorded.length - 1]!.revision : -1;
    }
    const events = decider.decide(command, state);
    return { streamId, events, ctx, state, revision };
  });
  const appends = decided.filter((d) => d.events.length > 0);
  const results = await deps.eventStore.appendMany(
    appends.map((d) => ({ streamId: d.streamId, events: toNewEvents(d.events, d.ctx), expectedRevision: d.revision < 0 ? ('no_stream' as const) : d.revision })),
  );
  if (writeTo) {
    appends.forEach((d, i) => writeTo.set(d.streamId, { state: d.events.reduce(decider.evolve, d.state), revision: results[i]!.nextExpectedRevision }));
    for (const d of decided) if (!d.events.length) writeTo.set(d.streamId, { state: d.state, revision: d.revision });
  }
  return appends.length;
}
