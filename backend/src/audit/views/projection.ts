import type { RecordedEvent } from '../../eventstore/eventStore';
import { projection } from '../../processing/processor';
import type { AuditViewRecorded } from '../events';
import { auditViewsTable } from './schema';

export const auditViewsProjection = projection({
  name: 'audit-views',
  version: 1,
  tables: [auditViewsTable],
  handles: ['AuditViewRecorded'],
  async apply(events, tx) {
    const rows = (events as (RecordedEvent & AuditViewRecorded)[]).map((e) => ({
      event_id: e.id, viewer_id: e.data.viewer_id, viewer_role: e.data.viewer_role, subject: e.data.subject, subject_id: e.data.subject_id,
      query: e.data.query, viewed_at: e.metadata.occurredAt, seq: e.position.prepare.toString(),
    }));
    await tx.query(
      `INSERT INTO rm_audit_views SELECT * FROM json_populate_recordset(NULL::rm_audit_views, $1::json) ON CONFLICT (event_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  },
});
