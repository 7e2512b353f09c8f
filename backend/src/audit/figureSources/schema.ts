import type { TableDefinition } from '../../processing/processor';

/**
 * rm_audit_figures: every figure that reached an affiliate's day, with the event that brought it: a
 * daily import's row (which counts from its import's completion, kept once per import in
 * rm_audit_imports; an abandoned import's rows never count) or a postback (and its reversal, each
 * counting from its own position), each with the difference it made. The event's reference is kept
 * once per event in rm_audit_figure_events (an import's chunk brings thousands of rows), and the
 * rows are keyed by affiliate and day, the way they are read.
 */
export const auditFiguresTable: TableDefinition = {
  name: 'rm_audit_figures',
  ddl: `CREATE TABLE rm_audit_figures (
    user_id    uuid    NOT NULL,
    day        date    NOT NULL,
    event_id   uuid    NOT NULL,
    row_index  integer NOT NULL,
    offer_id   text    NOT NULL,
    s1         text    NOT NULL,
    s2         text    NOT NULL,
    click      bigint  NOT NULL,
    registered bigint  NOT NULL,
    essay      bigint  NOT NULL,
    bill       bigint  NOT NULL,
    PRIMARY KEY (user_id, day, event_id, row_index)
  )`,
};

export const auditFigureEventsTable: TableDefinition = {
  name: 'rm_audit_figure_events',
  ddl: `CREATE TABLE rm_audit_figure_events (
    event_id         uuid        PRIMARY KEY,
    stream_id        text        NOT NULL,
    revision         integer     NOT NULL,
    position_commit  bigint      NOT NULL,
    position_prepare bigint      NOT NULL,
    type             text        NOT NULL,
    occurred_at      timestamptz NOT NULL,
    actor_id         text        NOT NULL,
    actor_role       text        NOT NULL,
    correlation_id   text        NOT NULL,
    causation_id     text        NOT NULL,
    source           text        NOT NULL,
    import_id        uuid,
    txid             text,
    reversal         boolean     NOT NULL
  )`,
};

/** rm_audit_imports: each import's file name and who sent it, for the figures' sources, and the position of its completion (null until completed). */
export const auditImportsTable: TableDefinition = {
  name: 'rm_audit_imports',
  ddl: `CREATE TABLE rm_audit_imports (import_id uuid PRIMARY KEY, file_name text, sender_kind text NOT NULL, counted_commit bigint, counted_prepare bigint)`,
};

export type AuditFigureRow = {
  stream_id: string;
  revision: number;
  row_index: number;
  position_commit: string;
  position_prepare: string;
  event_id: string;
  type: string;
  occurred_at: string | Date;
  actor_id: string;
  actor_role: string;
  correlation_id: string;
  causation_id: string;
  source: 'import' | 'postback';
  import_id: string | null;
  txid: string | null;
  reversal: boolean;
  user_id: string;
  day: string;
  offer_id: string;
  s1: string;
  s2: string;
  click: number;
  registered: number;
  essay: number;
  bill: number;
};

/** A figure that counts, with the position it counts from (its import's completion, or the postback itself). */
export type CountedFigureRow = AuditFigureRow & { counted_commit: string; counted_prepare: string; file_name: string | null; offer_name: string | null };
