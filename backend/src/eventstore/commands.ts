import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
} from './eventStore';

/** An event as domain code produces it; ids and metadata are added when it is appended. */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  type: Type;
  data: Data;
  /** A deterministic id makes the append idempotent when the same command is retried. */
  id?: string;
};

const EVENT_ID_NAMESPACE = '6f1d3c52-8a4e-4f0b-9d6a-2f7c1e5b9a30';

/** The same parts always give the same event id, so re-running a step after a crash appends nothing twice. */
export const deterministicEventId = (...parts: string[]) => uuidv5(parts.join('/'), EVENT_ID_NAMESPACE);

export type Actor = { id: string; role: EventMetadata['actorRole'] };

/** Who asks, when, and under which correlation id: domain code never reads a clock or generates ids. */
export type CommandContext = { actor: Actor; correlationId: string; now: Date };

export const systemContext = (now = new Date()): CommandContext => ({
  actor: { id: 'system', role: 'system' },
  correlationId: randomUUID(),
  now,
});

export type Evolve<State, Event extends DomainEvent> = { initialState: () => State; evolve: (state: State, event: Event) => State };

/**
 * Lets a command answer only once the read models include its events. The wait is bounded: past
 * the bound it resolves false and the command answers anyway, because its events are stored and a
 * client told "error" would retry a command that succeeded.
 */
export type ReadModelSync = { waitFor(position: Position): Promise<boolean> };

export type CommandDeps = { eventStore: EventStore; readModels: ReadModelSync };

export function toNewEvents(events: DomainEvent[], ctx: CommandContext): NewEvent[] {
  return events.map((event) => ({
    id: event.id ?? randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      actorId: ctx.actor.id,
      actorRole: ctx.actor.role,
      correlationId: ctx.correlationId,
      causationId: ctx.correlationId,
      occurredAt: ctx.now.toISOString(),
      schemaVersion: 1,
    },
  }));
}

export async function loadState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  { initialState, evolve }: Evolve<State, Event>,
): Promise<{ state: State; expectedRevision: ExpectedRevision }> {
  const recorded = await eventStore.readStream(streamId);
  const state = recorded.reduce((s, e) => evolve(s, e as unknown as Event), initialState());
  return { state, expectedRevision: recorded.length ? recorded[recorded.length - 1]!.revision : 'no_stream' };
}

/**
 * Loads the stream, decides, appends with the expected revision, and waits for the read models.
 * A concurrent write to the same stream makes it decide once more from fresh state; a second
 * conflict surfaces as WrongExpectedRevisionError (HTTP 409).
 */
export async function executeCommand<State, Event extends DomainEvent>(
  deps: CommandDeps,
  streamId: string,
  evolve: Evolve<State, Event>,
  decide: (state: State) => Event[],
  ctx: CommandContext,
): Promise<{ state: State; events: Event[]; position: Position | null }> {
  for (let attempt = 1; ; attempt++) {
    const { state, expectedRevision } = await loadState(deps.eventStore, streamId, evolve);
    const events = decide(state);
    if (events.length === 0) return { state, events, position: null };
    try {
      const { position } = await deps.eventStore.append(streamId, toNewEvents(events, ctx), { expectedRevision });
      await deps.readModels.waitFor(position);
      return { state: events.reduce(evolve.evolve, state), events, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt === 2) throw error;
    }
  }
}
