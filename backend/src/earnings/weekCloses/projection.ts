import type pg from 'pg';
import type { RecordedEvent } from '../../eventstore/eventStore';
import { projection } from '../../processing/processor';
import type { WeekClosed, WeekCorrected, WeekEarningsRecorded } from '../events';
import { openWeeksTable, weekClosesTable, type WeekCloseRow } from './schema';

type Handled = RecordedEvent & (WeekClosed | WeekCorrected);

/** The closed week's row after an event. */
export function evolveWeekClose(row: WeekCloseRow | null, event: Handled): WeekCloseRow {
  if (event.type === 'WeekClosed') {
    return { user_id: event.data.user_id, week: event.data.week, total_cents: event.data.total_cents, corrected_cents: 0, corrections: 0, closed_at: event.metadata.occurredAt };
  }
  // A correction alone closes a week that had nothing recorded (weekEarnings.ts): it closed at zero.
  const closed = row ?? { user_id: event.data.user_id, week: event.data.week, total_cents: 0, corrected_cents: 0, corrections: 0, closed_at: event.metadata.occurredAt };
  return { ...closed, corrected_cents: closed.corrected_cents + event.data.delta_cents, corrections: closed.corrections + 1 };
}

/**
 * Which affiliate-weeks are closed, with their totals, and which have earnings and are still open
 * (what the close job closes). A week's earnings are never recorded after its close (weekEarnings.ts).
 * Version 2: the open weeks.
 */
export const weekClosesProjection = projection({
  name: 'week_closes',
  version: 2,
  tables: [weekClosesTable, openWeeksTable],
  handles: ['WeekEarningsRecorded', 'WeekClosed', 'WeekCorrected'],
  async apply(events, tx) {
    const all = events as (Handled | (RecordedEvent & WeekEarningsRecorded))[];
    const typed = all.filter((e): e is Handled => e.type !== 'WeekEarningsRecorded');
    await recordOpenWeeks(tx, all.filter((e): e is RecordedEvent & WeekEarningsRecorded => e.type === 'WeekEarningsRecorded'), typed);
    if (!typed.length) return;
    const keys = [...new Set(typed.map((e) => `${e.data.user_id}|${e.data.week}`))].map((k) => k.split('|'));
    const { rows } = await tx.query<WeekCloseRow>(
      `SELECT user_id, week, total_cents, corrected_cents, corrections, closed_at
         FROM rm_week_closes WHERE (user_id, week) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
      [keys.map((k) => k[0]), keys.map((k) => k[1])],
    );
    const current = new Map<string, WeekCloseRow>(rows.map((r) => [`${r.user_id}|${r.week}`, { ...r, total_cents: Number(r.total_cents), corrected_cents: Number(r.corrected_cents) }]));
    for (const event of typed) {
      const key = `${event.data.user_id}|${event.data.week}`;
      current.set(key, evolveWeekClose(current.get(key) ?? null, event));
    }
    const kept = [...current.values()];
    if (kept.length) {
      await tx.query(
        `INSERT INTO rm_week_closes SELECT * FROM json_populate_recordset(NULL::rm_week_closes, $1::json)
         ON CONFLICT (user_id, week) DO UPDATE SET total_cents = EXCLUDED.total_cents, corrected_cents = EXCLUDED.corrected_cents,
           corrections = EXCLUDED.corrections, closed_at = EXCLUDED.closed_at`,
        [JSON.stringify(kept)],
      );
    }
  },
});

/**
 * A week priced in this batch is open unless it was closed before, or later in the batch; a closed
 * week is no longer open (a correction closes too: it may be the week's first event, weekEarnings.ts).
 */
async function recordOpenWeeks(tx: pg.PoolClient, priced: WeekEarningsRecorded[], closed: Handled[]): Promise<void> {
  if (priced.length) {
    await tx.query(
      `INSERT INTO rm_open_weeks (user_id, week)
       SELECT DISTINCT o.user_id, o.week FROM unnest($1::uuid[], $2::text[]) AS o(user_id, week)
        WHERE NOT EXISTS (SELECT 1 FROM rm_week_closes c WHERE c.user_id = o.user_id AND c.week = o.week)
       ON CONFLICT DO NOTHING`,
      [priced.map((e) => e.data.user_id), priced.map((e) => e.data.week)],
    );
  }
  if (closed.length) {
    await tx.query('DELETE FROM rm_open_weeks WHERE (user_id, week) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))', [closed.map((e) => e.data.user_id), closed.map((e) => e.data.week)]);
  }
}
