import type { AuditViewSubject } from '@affilux/contract';
import type { DomainEvent } from '../eventstore/commands';
import type { Day } from '../time/calendar';

/**
 * What an audit call showed, and to whom (issue 11: "each auditor's views are themselves recorded").
 * An audit trail is a list of facts nobody may change, so it is an event, not a table row: it
 * carries ids only (the viewer, the affiliate or payout looked at, the date or filter asked for),
 * nothing personal. Stream `audit-views-<viewer>-<day>`: short streams, one per viewer and day.
 */
export type AuditViewRecorded = DomainEvent<
  'AuditViewRecorded',
  { viewer_id: string; viewer_role: string; subject: AuditViewSubject; subject_id: string | null; query: Record<string, string> }
>;

export const auditViewsStream = (viewerId: string, day: Day) => `audit-views-${viewerId}-${day}`;
