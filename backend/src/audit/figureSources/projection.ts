import type pg from 'pg';
import type { RecordedEvent } from '../../eventstore/eventStore';
import { COUNT_FIELDS, COUNT_OF_KIND, type ConversionKind, type Counts, type FiguresEvent } from '../../figures/events';
import { projection } from '../../processing/processor';
import { auditFiguresTable, auditImportsTable } from './schema';

type Figured = RecordedEvent & FiguresEvent;

const refOf = (e: RecordedEvent) => [
  e.streamId, e.revision, e.position.commit.toString(), e.position.prepare.toString(), e.id, e.type,
  e.metadata.occurredAt, e.metadata.actorId, e.metadata.actorRole, e.metadata.correlationId, e.metadata.causationId,
];
const FIGURE_COLUMNS = ['user_id', 'day', 'offer_id', 's1', 's2', ...COUNT_FIELDS] as const;

/** An imported chunk's rows, in the event's order (`row_index`), the event's reference given once. */
async function insertImportedRows(tx: pg.PoolClient, event: Figured & { type: 'FiguresImported' }): Promise<void> {
  // Each row with the difference it made, not the day's new counts.
  const rows = event.data.rows.map((row) => ({ ...row, ...row.delta }));
  await tx.query(
    `INSERT INTO rm_audit_figures
     SELECT $1, $2, r.n - 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'import', $12, NULL, false, r.user_id, r.day, r.offer_id, r.s1, r.s2, r.click, r.registered, r.essay, r.bill
       FROM unnest($13::uuid[], $14::date[], $15::text[], $16::text[], $17::text[], $18::bigint[], $19::bigint[], $20::bigint[], $21::bigint[])
            WITH ORDINALITY AS r(user_id, day, offer_id, s1, s2, click, registered, essay, bill, n)
     ON CONFLICT DO NOTHING`,
    [...refOf(event), event.data.import_id, ...FIGURE_COLUMNS.map((c) => rows.map((row) => row[c]))],
  );
}

/** A batch's postbacks and reversals, one row each (a reversal takes its conversion back out). */
async function insertPostbacks(tx: pg.PoolClient, events: (Figured & { type: 'ConversionRecorded' | 'ConversionReversed' })[]): Promise<void> {
  if (!events.length) return;
  const refs = events.map(refOf);
  const column = (i: number) => refs.map((r) => r[i]);
  const delta = (kind: ConversionKind, field: keyof Counts, sign: number) => (COUNT_OF_KIND[kind] === field ? sign : 0);
  const sign = (e: Figured) => (e.type === 'ConversionRecorded' ? 1 : -1);
  await tx.query(
    `INSERT INTO rm_audit_figures
     SELECT r.stream_id, r.revision, 0, r.pc, r.pp, r.event_id, r.type, r.occurred_at, r.actor_id, r.actor_role, r.correlation_id, r.causation_id, 'postback', NULL, r.txid, r.reversal,
            r.user_id, r.day, r.offer_id, r.s1, r.s2, r.click, r.registered, r.essay, r.bill
       FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[], $5::uuid[], $6::text[], $7::timestamptz[], $8::text[], $9::text[], $10::text[], $11::text[],
                   $12::text[], $13::boolean[], $14::uuid[], $15::date[], $16::text[], $17::text[], $18::text[], $19::bigint[], $20::bigint[], $21::bigint[], $22::bigint[])
            AS r(stream_id, revision, pc, pp, event_id, type, occurred_at, actor_id, actor_role, correlation_id, causation_id, txid, reversal, user_id, day, offer_id, s1, s2, click, registered, essay, bill)
     ON CONFLICT DO NOTHING`,
    [
      ...refs[0]!.map((_, i) => column(i)),
      events.map((e) => e.data.txid), events.map((e) => sign(e) < 0),
      ...(['user_id', 'day', 'offer_id', 's1', 's2'] as const).map((c) => events.map((e) => e.data[c])),
      ...COUNT_FIELDS.map((field) => events.map((e) => delta(e.data.kind, field, sign(e)))),
    ],
  );
}

/** The audit's figures by affiliate and day (see schema.ts). */
export const auditFiguresProjection = projection({
  name: 'audit-figures',
  version: 3,
  tables: [auditFiguresTable, auditImportsTable],
  handles: ['StatsImportStarted', 'FiguresImported', 'StatsImportCompleted', 'StatsImportAbandoned', 'ConversionRecorded', 'ConversionReversed'],
  async apply(events, tx) {
    const postbacks: (Figured & { type: 'ConversionRecorded' | 'ConversionReversed' })[] = [];
    for (const event of events as Figured[]) {
      switch (event.type) {
        case 'StatsImportStarted':
          await tx.query('INSERT INTO rm_audit_imports (import_id, file_name, sender_kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
            event.data.import_id, event.data.file_name, event.data.sender.kind,
          ]);
          break;
        case 'FiguresImported':
          await insertImportedRows(tx, event);
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
          postbacks.push(event);
          break;
      }
    }
    await insertPostbacks(tx, postbacks);
  },
});
