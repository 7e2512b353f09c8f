import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import type { EarningsEvent } from './events';
import type { RateSettings } from './rateEngine';
import { weekEarningsDecider, type PricedDay } from './weekEarnings';

const settings: RateSettings = { kind: 'standard', payment_type: 'ppt', amount_cents: 2000 };
const monday = (count: number, rows: PricedDay['rows']): PricedDay => ({
  day: '2026-11-16', paid_kind: 'essay', count, first_position: 1, last_position: count, settings,
  spans: count ? [{ tier_level: null, count, rate_cents: 2000, amount_cents: count * 2000 }] : [], amount_cents: count * 2000, rows,
});
const price = (days: PricedDay[]) => ({ type: 'RecordWeekPricing' as const, userId: 'u1', week: '2026-W47', days });
const recorded = (day: PricedDay, previous = 0, deltas?: number[]): EarningsEvent => ({
  type: 'WeekEarningsRecorded',
  data: {
    user_id: 'u1', week: '2026-W47',
    days: [{
      day: day.day, paid_kind: day.paid_kind, count: day.count, first_position: day.first_position, last_position: day.last_position,
      settings: day.settings, spans: day.spans, amount_cents: day.amount_cents, previous_amount_cents: previous,
      rows: day.rows.map((r, i) => ({ ...r, delta_cents: deltas?.[i] ?? r.amount_cents })),
    }],
  },
});
const { given } = deciderSpec(weekEarningsDecider);
const twoRows = monday(3, [{ offer_id: 'o1', s1: '', s2: '', count: 2, amount_cents: 4000 }, { offer_id: 'o1', s1: 'fb', s2: '', count: 1, amount_cents: 2000 }]);

describe("an affiliate's week of earnings", () => {
  it('records a newly priced day with its explanation and each row as a difference', () => {
    given().when(price([twoRows])).then([recorded(twoRows)]);
  });

  it('records nothing when the week is priced the same again', () => {
    given(recorded(twoRows)).when(price([twoRows])).then([]);
  });

  it('records the new price of a day sent again with a lower count, rows as differences, a vanished row at zero', () => {
    const lower = monday(2, [{ offer_id: 'o1', s1: '', s2: '', count: 2, amount_cents: 4000 }]);
    const [event] = weekEarningsDecider.decide(price([lower]), [recorded(twoRows)].reduce(weekEarningsDecider.evolve, weekEarningsDecider.initialState()));
    expect(event!.data.days[0]).toMatchObject({ amount_cents: 4000, previous_amount_cents: 6000, count: 2 });
    expect(event!.data.days[0]!.rows).toEqual([
      { offer_id: 'o1', s1: '', s2: '', count: 2, amount_cents: 4000, delta_cents: 0 },
      { offer_id: 'o1', s1: 'fb', s2: '', count: 0, amount_cents: 0, delta_cents: -2000 },
    ]);
  });

  it('records a recorded day whose figures all went away as worth nothing', () => {
    const [event] = weekEarningsDecider.decide(price([]), [recorded(twoRows)].reduce(weekEarningsDecider.evolve, weekEarningsDecider.initialState()));
    expect(event!.data.days[0]).toMatchObject({ day: '2026-11-16', count: 0, amount_cents: 0, previous_amount_cents: 6000, settings });
    expect(event!.data.days[0]!.rows.map((r) => r.delta_cents)).toEqual([-4000, -2000]);
  });

  it('records nothing for a day with figures that earn nothing and were never priced', () => {
    given().when(price([monday(0, [{ offer_id: 'o1', s1: '', s2: '', count: 0, amount_cents: 0 }])])).then([]);
  });
});
