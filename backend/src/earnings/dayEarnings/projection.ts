import type { RecordedEvent } from '../../eventstore/eventStore';
import { projection } from '../../processing/processor';
import type { EarningsEvent } from '../events';
import { dayEarningsTable, type DayEarningsRow } from './schema';

/**
 * The last recorded price of each affiliate-day (a later price of the same day, or a correction of a closed week, replaces it).
 * Version 2: counts and positions are bigint (a day of several offers at the import's largest counts passes 2^31).
 * Version 3: settings and spans are json.
 */
export const dayEarningsProjection = projection({
  name: 'day_earnings',
  version: 3,
  tables: [dayEarningsTable],
  handles: ['WeekEarningsRecorded', 'WeekCorrected'],
  async apply(events, tx) {
    const latest = new Map<string, DayEarningsRow>();
    for (const event of events as (RecordedEvent & Extract<EarningsEvent, { type: 'WeekEarningsRecorded' | 'WeekCorrected' }>)[]) {
      const { user_id, week } = event.data;
      for (const { day, paid_kind, count, first_position, last_position, amount_cents, settings, spans } of event.data.days) {
        latest.set(`${user_id}|${day}`, { user_id, day, week, paid_kind, count, first_position, last_position, amount_cents, settings, spans, event_id: event.id });
      }
    }
    await tx.query(
      `INSERT INTO rm_day_earnings SELECT * FROM json_populate_recordset(NULL::rm_day_earnings, $1::json)
       ON CONFLICT (user_id, day) DO UPDATE SET week = EXCLUDED.week, paid_kind = EXCLUDED.paid_kind, count = EXCLUDED.count,
         first_position = EXCLUDED.first_position, last_position = EXCLUDED.last_position, amount_cents = EXCLUDED.amount_cents,
         settings = EXCLUDED.settings, spans = EXCLUDED.spans, event_id = EXCLUDED.event_id`,
      [JSON.stringify([...latest.values()])],
    );
  },
});
