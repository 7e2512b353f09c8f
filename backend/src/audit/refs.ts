import type { AuditEventRef } from '@affilux/contract';
import { positionToString, type Position, type RecordedEvent } from '../eventstore/eventStore';

/** Where an event is in the log, and who caused it. */
export const refOf = (e: RecordedEvent): AuditEventRef => ({
  event_id: e.id, stream_id: e.streamId, revision: e.revision, type: e.type, position: positionToString(e.position), occurred_at: e.metadata.occurredAt,
  actor_id: e.metadata.actorId, actor_role: e.metadata.actorRole, causation_id: e.metadata.causationId, correlation_id: e.metadata.correlationId,
});

/** `commit/prepare` back to a position. */
export function parsePosition(text: string): Position | null {
  const match = /^(-?\d+)\/(-?\d+)$/.exec(text);
  return match ? { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) } : null;
}
