import type { RecordedEvent } from '../../eventstore/eventStore';
import { projection } from '../../processing/processor';
import type { WeekClosed, WeekCorrected } from '../events';
import { weekClosesTable, type WeekCloseRow } from './schema';

type Handled = RecordedEvent & (WeekClosed | WeekCorrected);

/** The closed week's row after an event (null: the week is not closed, nothing to show). */
export function evolveWeekClose(row: WeekCloseRow | null, event: Handled): WeekCloseRow | null {
  if (event.type === 'WeekClosed') {
    return { user_id: event.data.user_id, week: event.data.week, total_cents: event.data.total_cents, corrected_cents: 0, corrections: 0, closed_at: event.metadata.occurredAt };
  }
  return row && { ...row, corrected_cents: row.corrected_cents + event.data.delta_cents, corrections: row.corrections + 1 };
}

/** Which affiliate-weeks are closed (the close job skips them), with their totals. */
export const weekClosesProjection = projection({
  name: 'week_closes',
  version: 1,
  tables: [weekClosesTable],
  handles: ['WeekClosed', 'WeekCorrected'],
  async apply(events, tx) {
    const typed = events as Handled[];
    const keys = [...new Set(typed.map((e) => `${e.data.user_id}|${e.data.week}`))].map((k) => k.split('|'));
    const { rows } = await tx.query<WeekCloseRow>(
      `SELECT user_id, week, total_cents, corrected_cents, corrections, closed_at
         FROM rm_week_closes WHERE (user_id, week) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
      [keys.map((k) => k[0]), keys.map((k) => k[1])],
    );
    const current = new Map<string, WeekCloseRow | null>(rows.map((r) => [`${r.user_id}|${r.week}`, { ...r, total_cents: Number(r.total_cents), corrected_cents: Number(r.corrected_cents) }]));
    for (const event of typed) {
      const key = `${event.data.user_id}|${event.data.week}`;
      current.set(key, evolveWeekClose(current.get(key) ?? null, event));
    }
    const kept = [...current.values()].filter((r): r is WeekCloseRow => r !== null);
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
