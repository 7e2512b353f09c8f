import type { Decider } from '../eventstore/commands';
import type { Day, IsoWeek } from '../time/calendar';
import type { DayEarnings, EarningsEvent, EarningsRow } from './events';
import type { DayPricing } from './rateEngine';

/** A day as the rate engine priced it, its rows named by offer and tracker pair. */
export type PricedDay = Omit<DayPricing, 'rows'> & { rows: Omit<EarningsRow, 'delta_cents'>[] };

type RecordedDay = Pick<PricedDay, 'paid_kind' | 'settings' | 'amount_cents'> & { signature: string; rows: Map<string, number> };
export type WeekEarnings = { days: Map<Day, RecordedDay> };

export type RecordWeekPricing = { type: 'RecordWeekPricing'; userId: string; week: IsoWeek; days: PricedDay[] };

const rowKey = (row: Pick<EarningsRow, 'offer_id' | 's1' | 's2'>) => `${row.offer_id}|${row.s1}|${row.s2}`;
/** Everything a recorded price says, but the previous amount and deltas: equal signatures mean nothing to record. */
const signatureOf = (day: Pick<PricedDay, 'paid_kind' | 'count' | 'first_position' | 'settings' | 'spans' | 'amount_cents' | 'rows'>) =>
  JSON.stringify([day.paid_kind, day.count, day.first_position, day.settings, day.spans, day.amount_cents, day.rows.map((r) => [rowKey(r), r.count, r.amount_cents])]);

/**
 * The one decider of `earnings-<user>-<week>` streams: given the week priced anew, it records (in one
 * event) the days whose price changed (and a day whose figures all went away, at zero), with each row's
 * difference from what was recorded; a price identical to the recorded one records nothing, so
 * pricing the same week twice is harmless.
 */
export const weekEarningsDecider: Decider<RecordWeekPricing, EarningsEvent, WeekEarnings> = {
  initialState: () => ({ days: new Map() }),
  evolve(state, event) {
    const days = new Map(state.days);
    for (const data of event.data.days) {
      days.set(data.day, {
        paid_kind: data.paid_kind,
        settings: data.settings,
        amount_cents: data.amount_cents,
        signature: signatureOf(data),
        rows: new Map(data.rows.filter((r) => r.count > 0 || r.amount_cents !== 0).map((r) => [rowKey(r), r.amount_cents])),
      });
    }
    return { days };
  },
  decide({ userId, week, days }, state) {
    const priced = new Map(days.map((d) => [d.day, d]));
    // A recorded day that no longer has figures is worth nothing now.
    for (const [day, recorded] of state.days) {
      if (!priced.has(day) && recorded.amount_cents !== 0) {
        priced.set(day, { day, paid_kind: recorded.paid_kind, count: 0, first_position: 1, last_position: 0, settings: recorded.settings, spans: [], amount_cents: 0, rows: [] });
      }
    }
    const changed: DayEarnings[] = [];
    for (const day of [...priced.values()].sort((a, b) => (a.day < b.day ? -1 : 1))) {
      const recorded = state.days.get(day.day);
      if (recorded?.signature === signatureOf(day)) continue;
      if (!recorded && day.amount_cents === 0 && day.rows.every((r) => r.amount_cents === 0)) continue;
      const previous = recorded?.rows ?? new Map<string, number>();
      const rows: EarningsRow[] = day.rows.map((r) => ({ ...r, delta_cents: r.amount_cents - (previous.get(rowKey(r)) ?? 0) }));
      const present = new Set(day.rows.map(rowKey));
      for (const [key, amount] of previous) {
        if (present.has(key) || amount === 0) continue;
        const [offer_id, s1, s2] = key.split('|') as [string, string, string];
        rows.push({ offer_id, s1, s2, count: 0, amount_cents: 0, delta_cents: -amount });
      }
      changed.push({
        day: day.day, paid_kind: day.paid_kind, count: day.count, first_position: day.first_position, last_position: day.last_position,
        settings: day.settings, spans: day.spans, amount_cents: day.amount_cents, previous_amount_cents: recorded?.amount_cents ?? 0, rows,
      });
    }
    return changed.length ? [{ type: 'WeekEarningsRecorded', data: { user_id: userId, week, days: changed } }] : [];
  },
};
