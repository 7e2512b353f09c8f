import type pg from 'pg';
import type { RecordedEvent } from '../../eventstore/eventStore';
import { COUNT_FIELDS, COUNT_OF_KIND, type Counts, type FiguresEvent } from '../../figures/events';
import { projection } from '../../processing/processor';
import { auditFigureEventsTable, auditFiguresTable, auditImportsTable, type AuditFigureRow } from './schema';

type Figured = RecordedEvent & FiguresEvent;

type FigureEventRow = Pick<AuditFigureRow, 'event_id' | 'stream_id' | 'revision' | 'position_commit' | 'position_prepare' | 'type' | 'occurred_at' | 'actor_id' | 'actor_role' | 'correlation_id' | 'causation_id' | 'source' | 'import_id' | 'txid' | 'reversal'>;
type FigureRow = Pick<AuditFigureRow, 'event_id' | 'row_index' | 'user_id' | 'day' | 'offer_id' | 's1' | 's2' | 'click' | 'registered' | 'essay' | 'bill'>;

const referenceOf = (e: RecordedEvent, source: FigureEventRow['source'], more: Pick<FigureEventRow, 'import_id' | 'txid' | 'reversal'>): FigureEventRow => ({
  event_id: e.id, stream_id: e.streamId, revision: e.revision, position_commit: e.position.commit.toString(), position_prepare: e.position.prepare.toString(), type: e.type,
  occurred_at: e.metadata.occurredAt, actor_id: e.metadata.actorId, actor_role: e.metadata.actorRole, correlation_id: e.metadata.correlationId, causation_id: e.metadata.causationId,
  source, ...more,
});

/** A postback's (or its reversal's) one row: the difference it made to its count. */
function postbackRow(event: Figured & { type: 'ConversionRecorded' | 'ConversionReversed' }): FigureRow {
  const { user_id, day, offer_id, s1, s2, kind } = event.data;
  const sign = event.type === 'ConversionRecorded' ? 1 : -1;
  const counts = Object.fromEntries(COUNT_FIELDS.map((field) => [field, COUNT_OF_KIND[kind] === field ? sign : 0])) as Counts;
  return { event_id: event.id, row_index: 0, user_id, day, offer_id, s1, s2, ...counts };
}

/** Figure rows per statement: a batch's rows are sent in slices, never as one huge parameter. */
const ROWS_PER_STATEMENT = 10_000;
const FIGURE_COLUMNS = ['user_id', 'day', 'event_id', 'row_index', 'offer_id', 's1', 's2', ...COUNT_FIELDS] as const;

/** A batch's figure events and their rows: a few statements whatever their number. */
async function insertFigures(tx: pg.PoolClient, references: FigureEventRow[], rows: FigureRow[]): Promise<void> {
  if (!references.length) return;
  await tx.query(
    `INSERT INTO rm_audit_figure_events SELECT * FROM json_populate_recordset(NULL::rm_audit_figure_events, $1::json) ON CONFLICT DO NOTHING`,
    [JSON.stringify(references)],
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const slice = rows.slice(i, i + ROWS_PER_STATEMENT);
    await tx.query(
      `INSERT INTO rm_audit_figures SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[])
       ON CONFLICT DO NOTHING`,
      FIGURE_COLUMNS.map((c) => slice.map((row) => row[c])),
    );
  }
}

/** The audit's figures by affiliate and day (see schema.ts). */
export const auditFiguresProjection = projection({
  name: 'audit-figures',
  version: 4,
  tables: [auditFiguresTable, auditFigureEventsTable, auditImportsTable],
  handles: ['StatsImportStarted', 'FiguresImported', 'StatsImportCompleted', 'StatsImportAbandoned', 'ConversionRecorded', 'ConversionReversed'],
  async apply(events, tx) {
    const references: FigureEventRow[] = [];
    const rows: FigureRow[] = [];
    for (const event of events as Figured[]) {
      switch (event.type) {
        case 'StatsImportStarted':
          await tx.query('INSERT INTO rm_audit_imports (import_id, file_name, sender_kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
            event.data.import_id, event.data.file_name, event.data.sender.kind,
          ]);
          break;
        case 'FiguresImported':
          references.push(referenceOf(event, 'import', { import_id: event.data.import_id, txid: null, reversal: false }));
          // Each row with the difference it made, not the day's new counts, in the event's order (`row_index`).
          event.data.rows.forEach(({ user_id, day, offer_id, s1, s2, delta }, row_index) => rows.push({ event_id: event.id, row_index, user_id, day, offer_id, s1, s2, ...delta }));
          break;
        case 'StatsImportCompleted':
          // The import's rows count from here: its one row says so for all of them.
          await tx.query('UPDATE rm_audit_imports SET counted_commit = $2, counted_prepare = $3 WHERE import_id = $1', [
            event.data.import_id, event.position.commit.toString(), event.position.prepare.toString(),
          ]);
          break;
        case 'StatsImportAbandoned':
          break;
        case 'ConversionRecorded':
        case 'ConversionReversed':
          references.push(referenceOf(event, 'postback', { import_id: null, txid: event.data.txid, reversal: event.type === 'ConversionReversed' }));
          rows.push(postbackRow(event));
          break;
      }
    }
    await insertFigures(tx, references, rows);
  },
});
