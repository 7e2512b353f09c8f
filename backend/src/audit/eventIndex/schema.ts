import type { AuditEventKind } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';

/**
 * rm_audit_events: the events of every affiliate's streams (account, sign-ins, rate settings,
 * earnings weeks, ledger, payouts) and of the rate streams (variants, standard rates), whole, with
 * their place in the log and their metadata: the audit's index by affiliate and by cause. `data` is
 * json, as in the log: stored as written (jsonb would take a year of payout lines apart on every
 * insert), and read whole.
 */
export const auditEventsTable: TableDefinition = {
  name: 'rm_audit_events',
  ddl: `CREATE TABLE rm_audit_events (
    stream_id        text        NOT NULL,
    revision         integer     NOT NULL,
    position_commit  bigint      NOT NULL,
    position_prepare bigint      NOT NULL,
    event_id         uuid        NOT NULL,
    type             text        NOT NULL,
    kind             text        NOT NULL,
    user_id          uuid,
    week             text,
    occurred_at      timestamptz NOT NULL,
    actor_id         text        NOT NULL,
    actor_role       text        NOT NULL,
    correlation_id   text        NOT NULL,
    causation_id     text        NOT NULL,
    schema_version   integer     NOT NULL,
    data             json        NOT NULL,
    PRIMARY KEY (stream_id, revision)
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_audit_events_user ON rm_audit_events (user_id, position_commit, position_prepare)',
    'CREATE INDEX IF NOT EXISTS rm_audit_events_cause ON rm_audit_events (causation_id)',
    'CREATE INDEX IF NOT EXISTS rm_audit_events_kind ON rm_audit_events (kind, position_commit, position_prepare)',
    'CREATE INDEX IF NOT EXISTS rm_audit_events_id ON rm_audit_events (event_id)',
  ],
};

/** Rate streams' kinds, beside the affiliate's. */
export type IndexedKind = AuditEventKind | 'variant' | 'standard_rate';

export type AuditEventRow = {
  stream_id: string;
  revision: number;
  position_commit: string;
  position_prepare: string;
  event_id: string;
  type: string;
  kind: IndexedKind;
  user_id: string | null;
  week: string | null;
  occurred_at: string | Date;
  actor_id: string;
  actor_role: string;
  correlation_id: string;
  causation_id: string;
  schema_version: number;
  data: unknown;
};
