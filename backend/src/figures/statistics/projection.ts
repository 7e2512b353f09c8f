import type pg from 'pg';
import type { RecordedEvent } from '../../eventstore/eventStore';
import { projection } from '../../processing/processor';
import type { EarningsEvent } from '../../earnings/events';
import { COUNT_OF_KIND, type FigureKey, type FiguresEvent } from '../events';
import { affiliateDaysTable, affiliateMonthsTable, figureRowsTable, importPendingTable, networkDaysTable, type FigureRowRecord } from './schema';

type Handled = RecordedEvent & (FiguresEvent | Exclude<EarningsEvent, { type: 'WeekClosed' }>);
const FIELDS = ['click', 'registered', 'essay', 'bill', 'revenue_cents'] as const;
/** The share of a figure row's counts that imports brought (schema.ts). */
const IMPORTED = ['imported_click', 'imported_registered', 'imported_essay', 'imported_bill'] as const;
const ZERO = { click: 0, registered: 0, essay: 0, bill: 0, revenue_cents: 0, imported_click: 0, imported_registered: 0, imported_essay: 0, imported_bill: 0 };

/**
 * Every statistics table moves by differences: an import's changes (once it is completed), a
 * conversion (+1) or its reversal (-1), and the revenue the earnings events give each row (a closed
 * week's corrections included). The differences of a batch are gathered in a temporary table and
 * applied with a handful of set-based statements, whatever the batch's size: an import of 100,000
 * days never passes through memory.
 */
export const statisticsProjection = projection({
  name: 'statistics',
  version: 4,
  tables: [figureRowsTable, affiliateDaysTable, affiliateMonthsTable, networkDaysTable, importPendingTable],
  handles: ['FiguresImported', 'StatsImportCompleted', 'StatsImportAbandoned', 'ConversionRecorded', 'ConversionReversed', 'WeekEarningsRecorded', 'WeekCorrected'],
  async apply(events, tx) {
    await tx.query(`CREATE TEMP TABLE IF NOT EXISTS stat_deltas (
      user_id uuid, day date, offer_id text, s1 text, s2 text, click bigint, registered bigint, essay bigint, bill bigint, revenue_cents bigint,
      imported_click bigint, imported_registered bigint, imported_essay bigint, imported_bill bigint
    ) ON COMMIT DELETE ROWS`);
    const small: (FigureRowRecord & typeof ZERO)[] = [];
    // The earnings' rows move the revenue alone: six fields each, not fourteen (a year's file prices 300,000 of them).
    const revenue: (FigureKey & { revenue_cents: number })[] = [];
    let any = false;
    for (const event of events as Handled[]) {
      switch (event.type) {
        case 'FiguresImported':
          await tx.query('INSERT INTO rm_import_pending (import_id, chunk, changes) VALUES ($1, $2, $3::json)', [
            event.data.import_id, event.data.chunk, JSON.stringify(event.data.rows.map(({ user_id, day, offer_id, s1, s2, delta }) => ({ user_id, day, offer_id, s1, s2, ...delta }))),
          ]);
          break;
        case 'StatsImportCompleted':
          await tx.query(
            `WITH done AS (DELETE FROM rm_import_pending WHERE import_id = $1 RETURNING changes)
             INSERT INTO stat_deltas SELECT c.*, 0, c.click, c.registered, c.essay, c.bill FROM done, json_to_recordset(done.changes)
               AS c(user_id uuid, day date, offer_id text, s1 text, s2 text, click bigint, registered bigint, essay bigint, bill bigint)`,
            [event.data.import_id],
          );
          any = true;
          break;
        case 'StatsImportAbandoned':
          await tx.query('DELETE FROM rm_import_pending WHERE import_id = $1', [event.data.import_id]);
          break;
        case 'ConversionRecorded':
        case 'ConversionReversed': {
          const { user_id, day, offer_id, s1, s2, kind } = event.data;
          small.push({ user_id, day, offer_id, s1, s2, ...ZERO, [COUNT_OF_KIND[kind]]: event.type === 'ConversionRecorded' ? 1 : -1 });
          break;
        }
        case 'WeekEarningsRecorded':
        case 'WeekCorrected':
          for (const day of event.data.days) {
            for (const row of day.rows) {
              if (row.delta_cents !== 0) revenue.push({ user_id: event.data.user_id, day: day.day, offer_id: row.offer_id, s1: row.s1, s2: row.s2, revenue_cents: row.delta_cents });
            }
          }
          break;
      }
    }
    if (small.length) {
      await tx.query(
        `INSERT INTO stat_deltas SELECT * FROM json_to_recordset($1::json) AS d(user_id uuid, day date, offer_id text, s1 text, s2 text,
           click bigint, registered bigint, essay bigint, bill bigint, revenue_cents bigint, imported_click bigint, imported_registered bigint, imported_essay bigint, imported_bill bigint)`,
        [JSON.stringify(small)],
      );
      any = true;
    }
    if (revenue.length) {
      await tx.query(
        `INSERT INTO stat_deltas SELECT user_id, day, offer_id, s1, s2, 0, 0, 0, 0, revenue_cents, 0, 0, 0, 0
           FROM json_to_recordset($1::json) AS d(user_id uuid, day date, offer_id text, s1 text, s2 text, revenue_cents bigint)`,
        [JSON.stringify(revenue)],
      );
      any = true;
    }
    if (any) await applyDeltas(tx);
  },
});

const SUMS = FIELDS.map((f) => `${f} = t.${f} + EXCLUDED.${f}`).join(', ');
const SUMMED = FIELDS.map((f) => `sum(${f})`).join(', ');
const IMPORTED_SUMS = IMPORTED.map((f) => `${f} = t.${f} + EXCLUDED.${f}`).join(', ');
const IMPORTED_SUMMED = IMPORTED.map((f) => `sum(${f})`).join(', ');
const ACTIVE = (r: string) => `(${r}.click > 0 OR ${r}.registered > 0 OR ${r}.essay > 0 OR ${r}.bill > 0)`;
const ALL_ZERO = (r: string) => FIELDS.map((f) => `${r}.${f} = 0`).join(' AND ');
/**
 * The differences that may leave a row at zero: every stored figure is at least 0, so a row whose
 * differences are all at least 0, one of them above, stays above 0 and needs no look.
 */
const MAY_EMPTY = `least(${FIELDS.join(', ')}) < 0 OR greatest(${FIELDS.join(', ')}) = 0`;

async function applyDeltas(tx: pg.PoolClient): Promise<void> {
  // A temporary table has no statistics until analysed: without them, large batches get nested loops.
  await tx.query('ANALYZE stat_deltas');
  await tx.query(
    `INSERT INTO rm_figure_rows AS t SELECT user_id, day, offer_id, s1, s2, ${SUMMED}, ${IMPORTED_SUMMED} FROM stat_deltas GROUP BY 1, 2, 3, 4, 5
     ON CONFLICT (user_id, day, offer_id, s1, s2) DO UPDATE SET ${SUMS}, ${IMPORTED_SUMS}`,
  );
  await tx.query(
    `DELETE FROM rm_figure_rows t USING (SELECT DISTINCT user_id, day, offer_id, s1, s2 FROM stat_deltas WHERE ${MAY_EMPTY}) d
      WHERE (t.user_id, t.day, t.offer_id, t.s1, t.s2) = (d.user_id, d.day, d.offer_id, d.s1, d.s2) AND ${ALL_ZERO('t')} AND ${IMPORTED.map((f) => `t.${f} = 0`).join(' AND ')}`,
  );
  // Per affiliate and day; a day's new totals against its change tell whether the affiliate became active that day, or stopped being.
  await tx.query(
    `WITH sums AS (SELECT user_id, day, ${SUMMED.split(', ').map((s, i) => `${s} AS ${FIELDS[i]}`).join(', ')} FROM stat_deltas GROUP BY 1, 2),
     after AS (
       INSERT INTO rm_affiliate_days AS t SELECT * FROM sums ON CONFLICT (user_id, day) DO UPDATE SET ${SUMS}
       RETURNING t.user_id, t.day, t.click, t.registered, t.essay, t.bill),
     moves AS (
       SELECT a.day, ${ACTIVE('a')}::int - ((a.click - s.click) > 0 OR (a.registered - s.registered) > 0 OR (a.essay - s.essay) > 0 OR (a.bill - s.bill) > 0)::int AS move
         FROM after a JOIN sums s USING (user_id, day)),
     moved AS (SELECT day, sum(move)::int AS active_affiliates FROM moves GROUP BY day),
     per_day AS (
       SELECT d.*, coalesce(m.active_affiliates, 0) AS active_affiliates
         FROM (SELECT day, ${SUMMED.split(', ').map((sum, i) => `${sum} AS ${FIELDS[i]}`).join(', ')} FROM sums GROUP BY day) d
         LEFT JOIN moved m USING (day))
     INSERT INTO rm_network_days AS t SELECT * FROM per_day
     ON CONFLICT (day) DO UPDATE SET ${SUMS}, active_affiliates = t.active_affiliates + EXCLUDED.active_affiliates`,
  );
  await tx.query(
    `DELETE FROM rm_affiliate_days t USING (SELECT DISTINCT user_id, day FROM stat_deltas WHERE ${MAY_EMPTY}) d
      WHERE t.user_id = d.user_id AND t.day = d.day AND ${ALL_ZERO('t')}`,
  );
  await tx.query(
    `INSERT INTO rm_affiliate_months AS t SELECT user_id, date_trunc('month', day)::date, ${SUMMED} FROM stat_deltas GROUP BY 1, 2
     ON CONFLICT (user_id, month) DO UPDATE SET ${SUMS}`,
  );
}
