import type { DomainEvent } from '../backend/src/eventstore/commands';
import type { RecordedEvent } from '../backend/src/eventstore/eventStore';

/** Events as the log gives them back to a read model: on `streamId`, at `occurredAt`, one after the other. */
export function recorded<E extends DomainEvent>(streamId: string, events: E[], occurredAt = '2026-11-16T09:00:00.000Z'): (RecordedEvent & E)[] {
  return events.map((event, revision) => ({
    ...event,
    id: event.id ?? `00000000-0000-4000-8000-${String(revision).padStart(12, '0')}`,
    metadata: { actorId: 'system', actorRole: 'system', correlationId: 'c', causationId: 'c', occurredAt, schemaVersion: 0 },
    streamId,
    revision,
    position: { commit: 1n, prepare: BigInt(revision) },
  })) as (RecordedEvent & E)[];
}

/** The row a pure read model (rowProjection) makes of these events. */
export function fold<R, E>(projection: { evolve(row: R | null, event: E): R | null }, events: E[]): R | null {
  return events.reduce<R | null>((row, event) => projection.evolve(row, event), null);
}
