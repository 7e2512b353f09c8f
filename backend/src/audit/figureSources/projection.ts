import type { RecordedEvent } from '../../eventstore/eventStore';
import { COUNT_OF_KIND, type FiguresEvent } from '../../figures/events';
import { projection } from '../../processing/processor';
import { auditFiguresTable, auditImportsTable, type AuditFigureRow } from './schema';

type Figured = RecordedEvent & FiguresEvent;

const refOf = (e: RecordedEvent) => ({
  stream_id: e.streamId, revision: e.revision, position_commit: e.position.commit.toString(), position_prepare: e.position.prepare.toString(), event_id: e.id,
  type: e.type, occurred_at: e.metadata.occurredAt, actor_id: e.metadata.actorId, actor_role: e.metadata.actorRole,
  correlation_id: e.metadata.correlationId, causation_id: e.metadata.causationId,
});

/** The rows an event adds: one per imported row, one per postback (its reversal takes it back). */
export function figureRowsOf(event: Figured): AuditFigureRow[] {
  switch (event.type) {
    case 'FiguresImported':
      return event.data.rows.map((row, index) => ({
        ...refOf(event), row_index: index, source: 'import', import_id: event.data.import_id, txid: null, reversal: false,
        user_id: row.user_id, day: row.day, offer_id: row.offer_id, s1: row.s1, s2: row.s2, ...row.delta,
        counted: false, counted_commit: null, counted_prepare: null,
      }));
    case 'ConversionRecorded':
    case 'ConversionReversed': {
      const sign = event.type === 'ConversionRecorded' ? 1 : -1;
      const delta = { click: 0, registered: 0, essay: 0, bill: 0, [COUNT_OF_KIND[event.data.kind]]: sign };
      const { user_id, day, offer_id, s1, s2, txid } = event.data;
      return [{
        ...refOf(event), row_index: 0, source: 'postback', import_id: null, txid, reversal: sign < 0, user_id, day, offer_id, s1, s2, ...delta,
        counted: true, counted_commit: event.position.commit.toString(), counted_prepare: event.position.prepare.toString(),
      }];
    }
    default:
      return [];
  }
}

/** The audit's figures by affiliate and day (see schema.ts). */
export const auditFiguresProjection = projection({
  name: 'audit-figures',
  version: 2,
  tables: [auditFiguresTable, auditImportsTable],
  handles: ['StatsImportStarted', 'FiguresImported', 'StatsImportCompleted', 'StatsImportAbandoned', 'ConversionRecorded', 'ConversionReversed'],
  async apply(events, tx) {
    // In log order: an import's rows are inserted before its completion marks them counted.
    let pending: AuditFigureRow[] = [];
    const flush = async () => {
      if (pending.length) await tx.query('INSERT INTO rm_audit_figures SELECT * FROM jsonb_populate_recordset(NULL::rm_audit_figures, $1::jsonb) ON CONFLICT DO NOTHING', [JSON.stringify(pending)]);
      pending = [];
    };
    for (const event of events as Figured[]) {
      switch (event.type) {
        case 'StatsImportStarted':
          await tx.query('INSERT INTO rm_audit_imports (import_id, file_name, sender_kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
            event.data.import_id, event.data.file_name, event.data.sender.kind,
          ]);
          break;
        case 'StatsImportCompleted':
          await flush();
          await tx.query('UPDATE rm_audit_figures SET counted = true, counted_commit = $2, counted_prepare = $3 WHERE import_id = $1', [
            event.data.import_id, event.position.commit.toString(), event.position.prepare.toString(),
          ]);
          break;
        case 'StatsImportAbandoned':
          break;
        default:
          pending.push(...figureRowsOf(event));
      }
    }
    await flush();
  },
});
