import type pg from 'pg';
import type { RecordedEvent } from '../../eventstore/eventStore';
import { projection } from '../../processing/processor';
import type { EarningsEvent } from '../../earnings/events';
import { COUNT_OF_KIND, type FigureChange, type FiguresEvent } from '../events';
import { affiliateDaysTable, affiliateMonthsTable, figureRowsTable, importPendingTable, networkDaysTable, type FigureRowRecord } from './schema';

type Handled = RecordedEvent & (FiguresEvent | Exclude<EarningsEvent, { type: 'WeekClosed' }>);
type Delta = FigureRowRecord;
const FIELDS = ['click', 'registered', 'essay', 'bill', 'revenue_cents'] as const;

const keyOf = (d: Pick<Delta, 'user_id' | 'day' | 'offer_id' | 's1' | 's2'>) => `${d.user_id}|${d.day}|${d.offer_id}|${d.s1}|${d.s2}`;

/** Adds `delta` to the accumulated change of its row. */
function accumulate(deltas: Map<string, Delta>, delta: Delta): void {
  const key = keyOf(delta);
  const current = deltas.get(key);
  if (!current) return void deltas.set(key, { ...delta });
  for (const field of FIELDS) current[field] += delta[field];
}

const fromChange = (row: FigureChange): Delta => ({
  user_id: row.user_id, day: row.day, offer_id: row.offer_id, s1: row.s1, s2: row.s2,
  click: row.delta.click, registered: row.delta.registered, essay: row.delta.essay, bill: row.delta.bill, revenue_cents: 0,
});

const ZERO = { click: 0, registered: 0, essay: 0, bill: 0, revenue_cents: 0 };

/**
 * Every statistics table moves by differences: an import's changes (once it is completed), a
 * conversion (+1) or its reversal (-1), and the revenue the earnings events give each row (a closed
 * week's corrections included). A batch
 * costs a handful of statements whatever its size.
 */
export const statisticsProjection = projection({
  name: 'statistics',
  version: 1,
  tables: [figureRowsTable, affiliateDaysTable, affiliateMonthsTable, networkDaysTable, importPendingTable],
  handles: ['FiguresImported', 'StatsImportCompleted', 'StatsImportAbandoned', 'ConversionRecorded', 'ConversionReversed', 'WeekEarningsRecorded', 'WeekCorrected'],
  async apply(events, tx) {
    const deltas = new Map<string, Delta>();
    const typed = events as Handled[];
    const chunks = typed.filter((e): e is Extract<Handled, { type: 'FiguresImported' }> => e.type === 'FiguresImported');
    if (chunks.length) {
      await tx.query(
        `INSERT INTO rm_import_pending (import_id, chunk, rows) SELECT * FROM unnest($1::uuid[], $2::int[], $3::jsonb[]) ON CONFLICT DO NOTHING`,
        [chunks.map((e) => e.data.import_id), chunks.map((e) => e.data.chunk), chunks.map((e) => JSON.stringify(e.data.rows))],
      );
    }
    for (const event of typed) {
      switch (event.type) {
        case 'StatsImportCompleted': {
          const { rows } = await tx.query<{ rows: FigureChange[] }>('DELETE FROM rm_import_pending WHERE import_id = $1 RETURNING rows', [event.data.import_id]);
          for (const chunk of rows) for (const row of chunk.rows) accumulate(deltas, fromChange(row));
          break;
        }
        case 'StatsImportAbandoned':
          await tx.query('DELETE FROM rm_import_pending WHERE import_id = $1', [event.data.import_id]);
          break;
        case 'ConversionRecorded':
        case 'ConversionReversed': {
          const { user_id, day, offer_id, s1, s2, kind } = event.data;
          accumulate(deltas, { user_id, day, offer_id, s1, s2, ...ZERO, [COUNT_OF_KIND[kind]]: event.type === 'ConversionRecorded' ? 1 : -1 });
          break;
        }
        case 'WeekEarningsRecorded':
        case 'WeekCorrected': {
          const user_id = event.data.user_id;
          for (const day of event.data.days) {
            for (const row of day.rows) {
              if (row.delta_cents !== 0) accumulate(deltas, { user_id, day: day.day, offer_id: row.offer_id, s1: row.s1, s2: row.s2, ...ZERO, revenue_cents: row.delta_cents });
            }
          }
          break;
        }
      }
    }
    if (deltas.size) await applyDeltas(tx, [...deltas.values()].filter((d) => FIELDS.some((f) => d[f] !== 0)));
  },
});

const SUMS = FIELDS.map((f) => `${f} = t.${f} + EXCLUDED.${f}`).join(', ');
const RECORDSET = `jsonb_to_recordset($1::jsonb) AS d(user_id uuid, day date, offer_id text, s1 text, s2 text,
  click bigint, registered bigint, essay bigint, bill bigint, revenue_cents bigint)`;
const activeOf = (row: Pick<Delta, 'click' | 'registered' | 'essay' | 'bill'>) => row.click > 0 || row.registered > 0 || row.essay > 0 || row.bill > 0;

async function applyDeltas(tx: pg.PoolClient, deltas: Delta[]): Promise<void> {
  if (!deltas.length) return;
  const json = JSON.stringify(deltas);
  await tx.query(
    `INSERT INTO rm_figure_rows AS t (user_id, day, offer_id, s1, s2, click, registered, essay, bill, revenue_cents)
     SELECT * FROM ${RECORDSET} ON CONFLICT (user_id, day, offer_id, s1, s2) DO UPDATE SET ${SUMS}`,
    [json],
  );
  await tx.query(
    `DELETE FROM rm_figure_rows t USING ${RECORDSET}
      WHERE (t.user_id, t.day, t.offer_id, t.s1, t.s2) = (d.user_id, d.day, d.offer_id, d.s1, d.s2)
        AND t.click = 0 AND t.registered = 0 AND t.essay = 0 AND t.bill = 0 AND t.revenue_cents = 0`,
    [json],
  );
  // Per affiliate and day: the new totals tell whether the affiliate became active that day, or stopped being.
  const { rows: days } = await tx.query<Delta & { was: boolean }>(
    `WITH sums AS (
       SELECT user_id, day, sum(click) AS click, sum(registered) AS registered, sum(essay) AS essay, sum(bill) AS bill, sum(revenue_cents) AS revenue_cents
         FROM ${RECORDSET} GROUP BY user_id, day)
     INSERT INTO rm_affiliate_days AS t SELECT * FROM sums
     ON CONFLICT (user_id, day) DO UPDATE SET ${SUMS}
     RETURNING t.user_id, t.day::text AS day, t.click, t.registered, t.essay, t.bill, t.revenue_cents`,
    [json],
  );
  const byDay = new Map<string, Delta>();
  for (const d of deltas) {
    const key = `${d.user_id}|${d.day}`;
    const sum = byDay.get(key) ?? { ...d, offer_id: '', s1: '', s2: '', ...ZERO };
    for (const f of FIELDS) sum[f] += d[f];
    byDay.set(key, sum);
  }
  const activeChange = new Map<string, number>();
  for (const after of days) {
    const change = byDay.get(`${after.user_id}|${after.day}`)!;
    const before = { click: after.click - change.click, registered: after.registered - change.registered, essay: after.essay - change.essay, bill: after.bill - change.bill };
    const move = Number(activeOf(after)) - Number(activeOf(before));
    if (move) activeChange.set(after.day, (activeChange.get(after.day) ?? 0) + move);
  }
  await tx.query(`DELETE FROM rm_affiliate_days WHERE click = 0 AND registered = 0 AND essay = 0 AND bill = 0 AND revenue_cents = 0 AND (user_id, day) IN (SELECT user_id, day FROM ${RECORDSET})`, [json]);
  await tx.query(
    `INSERT INTO rm_affiliate_months AS t
     SELECT user_id, date_trunc('month', day)::date, sum(click), sum(registered), sum(essay), sum(bill), sum(revenue_cents) FROM ${RECORDSET} GROUP BY 1, 2
     ON CONFLICT (user_id, month) DO UPDATE SET ${SUMS}`,
    [json],
  );
  await tx.query(
    `INSERT INTO rm_network_days AS t (day, click, registered, essay, bill, revenue_cents, active_affiliates)
     SELECT s.day, s.click, s.registered, s.essay, s.bill, s.revenue_cents, coalesce(a.change, 0)
       FROM (SELECT day, sum(click) AS click, sum(registered) AS registered, sum(essay) AS essay, sum(bill) AS bill, sum(revenue_cents) AS revenue_cents
               FROM ${RECORDSET} GROUP BY day) s
       LEFT JOIN jsonb_to_recordset($2::jsonb) AS a(day date, change integer) ON a.day = s.day
     ON CONFLICT (day) DO UPDATE SET ${SUMS}, active_affiliates = t.active_affiliates + EXCLUDED.active_affiliates`,
    [json, JSON.stringify([...activeChange].map(([day, change]) => ({ day, change })))],
  );
}
