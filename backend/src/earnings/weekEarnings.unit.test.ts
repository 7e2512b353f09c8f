import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import { earningsUpcasters, type DayEarnings, type EarningsEvent, type WeekLine } from './events';
import { priceWeek, type RateSettings } from './rateEngine';
import { closeTimeOf, weekEarningsDecider, type PricedDay, type WeekEarningsCommand } from './weekEarnings';

const settings: RateSettings = { kind: 'standard', payment_type: 'ppt', amount_cents: 2000 };
const span = (count: number) => (count ? [{ tier_level: null, count, rate_cents: 2000, amount_cents: count * 2000 }] : []);
const monday = (count: number, rows: Omit<PricedDay['rows'][number], 'spans'>[]): PricedDay => ({
  day: '2026-11-16', paid_kind: 'essay', count, first_position: 1, last_position: count, settings,
  spans: span(count), amount_cents: count * 2000, rows: rows.map((r) => ({ ...r, spans: span(r.count) })),
});
const BEFORE_CLOSE = new Date('2026-11-20T10:00:00Z');
const AFTER_CLOSE = new Date('2026-11-25T10:00:00Z');
const price = (days: PricedDay[], at = BEFORE_CLOSE): WeekEarningsCommand => ({ type: 'RecordWeekPricing', userId: 'u1', week: '2026-W47', days, at });
const close = (at: Date): WeekEarningsCommand => ({ type: 'CloseWeek', userId: 'u1', week: '2026-W47', at });
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
const decide = (history: EarningsEvent[], command: WeekEarningsCommand) => weekEarningsDecider.decide(command, history.reduce(weekEarningsDecider.evolve, weekEarningsDecider.initialState()));
const twoRows = monday(3, [{ offer_id: 'o1', s1: '', s2: '', count: 2, amount_cents: 4000 }, { offer_id: 'o1', s1: 'fb', s2: '', count: 1, amount_cents: 2000 }]);
const standardLine = (count: number): WeekLine => ({
  offer_id: 'o1', paid_kind: 'essay', rate_kind: 'standard', tier_level: null, rate_cents: 2000, variant_id: null, variant_version: null, variant_name: null, count, amount_cents: count * 2000,
});
const closedId = expect.any(String);

describe("an affiliate's week of earnings", () => {
  it('records a newly priced day with its explanation and each row as a difference', () => {
    given().when(price([twoRows])).then([recorded(twoRows)]);
  });

  it('records nothing when the week is priced the same again', () => {
    given(recorded(twoRows)).when(price([twoRows])).then([]);
  });

  it('records the new price of a day sent again with a lower count, rows as differences, a vanished row at zero', () => {
    const lower = monday(2, [{ offer_id: 'o1', s1: '', s2: '', count: 2, amount_cents: 4000 }]);
    const [event] = decide([recorded(twoRows)], price([lower]));
    expect(event!.type).toBe('WeekEarningsRecorded');
    const day = (event!.data as { days: DayEarnings[] }).days[0]!;
    expect(day).toMatchObject({ amount_cents: 4000, previous_amount_cents: 6000, count: 2 });
    expect(day.rows).toEqual([
      { offer_id: 'o1', s1: '', s2: '', count: 2, amount_cents: 4000, delta_cents: 0, spans: span(2) },
      { offer_id: 'o1', s1: 'fb', s2: '', count: 0, amount_cents: 0, delta_cents: -2000, spans: [] },
    ]);
  });

  it('records a recorded day whose figures all went away as worth nothing', () => {
    const [event] = decide([recorded(twoRows)], price([]));
    const day = (event!.data as { days: DayEarnings[] }).days[0]!;
    expect(day).toMatchObject({ day: '2026-11-16', count: 0, amount_cents: 0, previous_amount_cents: 6000, settings });
    expect(day.rows.map((r) => r.delta_cents)).toEqual([-4000, -2000]);
  });

  it('records nothing for a day with figures that earn nothing and were never priced', () => {
    given().when(price([monday(0, [{ offer_id: 'o1', s1: '', s2: '', count: 0, amount_cents: 0 }])])).then([]);
  });
});

describe('closing a week', () => {
  it('closes on the Tuesday 00:00 in Paris after the week (23:00 UTC the day before in winter)', () => {
    expect(closeTimeOf('2026-W47').toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(closeTimeOf('2026-W14').toISOString()).toBe('2026-04-06T22:00:00.000Z');
  });

  it('is refused before the close time', () => {
    given(recorded(twoRows)).when(close(new Date('2026-11-23T22:59:59Z'))).thenThrows(409, "La semaine 2026-W47 n'est pas encore close : elle se clôt le mardi suivant à 00:00");
  });

  it("fixes the week's earnings line by line (offer, kind, rate) with their total, once", () => {
    given(recorded(twoRows)).when(close(AFTER_CLOSE)).then([{ type: 'WeekClosed', id: closedId, data: { user_id: 'u1', week: '2026-W47', lines: [standardLine(3)], total_cents: 6000 } }]);
    const closed = decide([recorded(twoRows)], close(AFTER_CLOSE));
    given(recorded(twoRows), ...closed).when(close(AFTER_CLOSE)).then([]);
  });

  it('records nothing, before or after the close, when only rows that earn nothing came or went (clicks, registrations)', () => {
    const withClicksOnly = monday(3, [...twoRows.rows, { offer_id: 'o2', s1: '', s2: '', count: 0, amount_cents: 0 }]);
    given(recorded(twoRows)).when(price([withClicksOnly])).then([]);
    const closed = decide([recorded(twoRows)], close(AFTER_CLOSE));
    given(recorded(twoRows), ...closed).when(price([withClicksOnly], AFTER_CLOSE)).then([]);
    given(recorded(withClicksOnly), ...closed).when(price([twoRows], AFTER_CLOSE)).then([]);
  });

  it('closes a week without earnings at zero', () => {
    given().when(close(AFTER_CLOSE)).then([{ type: 'WeekClosed', id: closedId, data: { user_id: 'u1', week: '2026-W47', lines: [], total_cents: 0 } }]);
  });
});

describe('late figures for a week', () => {
  const gold: RateSettings = {
    kind: 'tiers', payment_type: 'sale', variant_id: 'v-gold', variant_version: 2, variant_name: 'Gold',
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 2, amount_cents: 2000 },
      { tier_level: 2, min_sales: 3, max_sales: 4, amount_cents: 2500 },
      { tier_level: 3, min_sales: 5, max_sales: null, amount_cents: 3000 },
    ],
  };
  /** The week priced as the pricing reactor prices it: bills per day on offer o1. */
  const sales = (...bills: number[]): PricedDay[] =>
    priceWeek(bills.map((count, i) => ({ day: `2026-11-${16 + i}`, settings: gold, rows: [{ key: 'o1', essay: 0, bill: count }] }))).map((d) => ({
      ...d, rows: d.rows.map((r) => ({ offer_id: 'o1', s1: '', s2: '', count: r.count, amount_cents: r.amount_cents, spans: r.spans })),
    }));
  const tierLine = (tier_level: number, rate_cents: number, count: number): WeekLine => ({
    offer_id: 'o1', paid_kind: 'bill', rate_kind: 'tiers', tier_level, rate_cents, variant_id: 'v-gold', variant_version: 2, variant_name: 'Gold', count, amount_cents: count * rate_cents,
  });
  const history = () => {
    const first = decide([], price(sales(2, 2)));
    return [...first, ...decide(first, close(AFTER_CLOSE))];
  };

  it('closes the week with one line per tier', () => {
    const [, closed] = history();
    expect(closed).toMatchObject({ type: 'WeekClosed', data: { lines: [tierLine(1, 2000, 2), tierLine(2, 2500, 2)], total_cents: 9000 } });
  });

  it('never reopens it: the difference is a correction, recomputed with the week’s own tiers, labelled with its week and cause', () => {
    const events = decide(history(), price(sales(2, 4), AFTER_CLOSE));
    expect(events.map((e) => e.type)).toEqual(['WeekCorrected']);
    expect(events[0]!.data).toMatchObject({
      week: '2026-W47',
      delta_cents: 2 * 3000,
      lines: [tierLine(3, 3000, 2)],
      label: '2026-W47 : +2 ventes, palier 2 → 3, +60,00 EUR',
    });
    expect((events[0]!.data as { days: DayEarnings[] }).days.map((d) => [d.day, d.amount_cents, d.previous_amount_cents])).toEqual([['2026-11-17', 2 * 2500 + 2 * 3000, 2 * 2500]]);
  });

  it('labels a reversal after the close as a negative correction', () => {
    const [event] = decide(history(), price(sales(2, 1), AFTER_CLOSE));
    expect(event!.data).toMatchObject({ delta_cents: -2500, lines: [tierLine(2, 2500, -1)], label: '2026-W47 : -1 vente, -25,00 EUR' });
  });

  it('records a correction even when the pricing came from before the close time but the week was closed first', () => {
    expect(decide(history(), price(sales(2, 3), BEFORE_CLOSE)).map((e) => e.type)).toEqual(['WeekCorrected']);
  });

  it('closes a week priced again after its close time first, as it stood, then records the correction', () => {
    const before = decide([], price(sales(2, 2)));
    const events = decide(before, price(sales(3, 2), AFTER_CLOSE));
    expect(events.map((e) => e.type)).toEqual(['WeekClosed', 'WeekCorrected']);
    expect(events[0]!.data).toMatchObject({ total_cents: 9000 });
    expect(events[1]!.data).toMatchObject({ delta_cents: 3000, label: '2026-W47 : +1 vente, palier 2 → 3, +30,00 EUR' });
  });

  it('records a week with nothing recorded, priced for the first time after its close time, as a correction alone, which closes it', () => {
    const events = decide([], price(sales(2, 2), AFTER_CLOSE));
    expect(events.map((e) => e.type)).toEqual(['WeekCorrected']);
    expect(events[0]!.data).toMatchObject({ delta_cents: 9000, lines: [tierLine(1, 2000, 2), tierLine(2, 2500, 2)], label: '2026-W47 : +4 ventes, +90,00 EUR' });
    // Closed by it: the close records nothing, and a later pricing is a correction again.
    expect(decide(events, close(AFTER_CLOSE))).toEqual([]);
    expect(decide(events, price(sales(2, 3), AFTER_CLOSE)).map((e) => e.type)).toEqual(['WeekCorrected']);
  });

  it('records nothing when a closed week is priced the same again', () => {
    given(...history()).when(price(sales(2, 2), AFTER_CLOSE)).then([]);
  });
});

describe('week earnings recorded before rows had their own tier spans', () => {
  it("split the day's spans among the rows, in their recorded order", () => {
    const [upcaster] = earningsUpcasters;
    const day = {
      day: '2026-11-16', paid_kind: 'bill', count: 4, first_position: 2, last_position: 5, settings,
      spans: [{ tier_level: 1, count: 2, rate_cents: 2000, amount_cents: 4000 }, { tier_level: 2, count: 2, rate_cents: 2500, amount_cents: 5000 }],
      amount_cents: 9000, previous_amount_cents: 0,
      rows: [{ offer_id: 'a', s1: '', s2: '', count: 3, amount_cents: 6500, delta_cents: 6500 }, { offer_id: 'b', s1: '', s2: '', count: 1, amount_cents: 2500, delta_cents: 2500 }],
    };
    const upcast = upcaster!.upcast({ user_id: 'u1', week: '2026-W47', days: [day] } as never) as { days: DayEarnings[] };
    expect(upcast.days[0]!.rows.map((r) => r.spans)).toEqual([
      [{ tier_level: 1, count: 2, rate_cents: 2000, amount_cents: 4000 }, { tier_level: 2, count: 1, rate_cents: 2500, amount_cents: 2500 }],
      [{ tier_level: 2, count: 1, rate_cents: 2500, amount_cents: 2500 }],
    ]);
  });
});
