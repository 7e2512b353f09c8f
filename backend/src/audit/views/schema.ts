import type { TableDefinition } from '../../processing/processor';

/** rm_audit_views: who looked at what in the audit, when (from AuditViewRecorded). */
export const auditViewsTable: TableDefinition = {
  name: 'rm_audit_views',
  ddl: `CREATE TABLE rm_audit_views (
    event_id    uuid PRIMARY KEY,
    viewer_id   text        NOT NULL,
    viewer_role text        NOT NULL,
    subject     text        NOT NULL,
    subject_id  text,
    query       jsonb       NOT NULL,
    viewed_at   timestamptz NOT NULL,
    seq         bigint      NOT NULL
  );
  CREATE INDEX rm_audit_views_seq ON rm_audit_views (seq DESC);`,
};

export type AuditViewRow = { event_id: string; viewer_id: string; viewer_role: string; subject: string; subject_id: string | null; query: Record<string, string>; viewed_at: string; seq: string };
