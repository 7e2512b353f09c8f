import { describe, expect, it } from 'vitest';
import { isoWeekOfDay } from '../time/calendar';
import { priceWeek, settingsOnDay, type FigureRow, type RateSettings, type SettingsPeriod, type WeekDay } from './rateEngine';

const standardPpt: RateSettings = { kind: 'standard', payment_type: 'ppt', amount_cents: 2000 };
const fixedSale: RateSettings = { kind: 'fixed', payment_type: 'sale', variant_id: 'v-fixed', variant_version: 1, variant_name: 'Vente 30', amount_cents: 3000 };
const tiers = (version: number, rates: [number, number, number]): RateSettings => ({
  kind: 'tiers', payment_type: 'sale', variant_id: 'v-gold', variant_version: version, variant_name: 'Gold',
  tiers: [
    { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: rates[0] },
    { tier_level: 2, min_sales: 200, max_sales: 399, amount_cents: rates[1] },
    { tier_level: 3, min_sales: 400, max_sales: null, amount_cents: rates[2] },
  ],
});
const gold = tiers(1, [2000, 2500, 3000]);
const row = (essay: number, bill: number, key = 'a'): FigureRow => ({ key, essay, bill });

/** Given the week's figures and the settings of each day, when the week is priced, then each day earns... */
function given(...days: WeekDay[]) {
  const priced = priceWeek(days);
  return {
    thenAmounts: (expected: Record<string, number>) => expect(Object.fromEntries(priced.map((d) => [d.day, d.amount_cents]))).toEqual(expected),
    priced,
    total: priced.reduce((t, d) => t + d.amount_cents, 0),
  };
}

describe('pricing a week', () => {
  it('pays a PPT affiliate its essays at the standard rate, and nothing for bills', () => {
    given({ day: '2026-11-16', settings: standardPpt, rows: [row(3, 5)] }).thenAmounts({ '2026-11-16': 6000 });
  });

  it('pays a SALE affiliate its bills at its fixed variant, and nothing for essays', () => {
    const { priced } = given({ day: '2026-11-16', settings: fixedSale, rows: [row(9, 2)] });
    expect(priced[0]).toMatchObject({ paid_kind: 'bill', count: 2, amount_cents: 6000, spans: [{ tier_level: null, count: 2, rate_cents: 3000, amount_cents: 6000 }] });
  });

  it('pays the 199th bill of the week at tier 1 and the 200th at tier 2, across days', () => {
    const { priced } = given(
      { day: '2026-11-16', settings: gold, rows: [row(0, 199)] },
      { day: '2026-11-17', settings: gold, rows: [row(0, 2)] },
    );
    expect(priced.map((d) => [d.first_position, d.last_position, d.amount_cents])).toEqual([[1, 199, 199 * 2000], [200, 201, 2 * 2500]]);
    expect(priced[1]!.spans).toEqual([{ tier_level: 2, count: 2, rate_cents: 2500, amount_cents: 5000 }]);
  });

  it('splits one day across tiers, and pays everything past the last tier at the open-ended tier', () => {
    const { priced } = given({ day: '2026-11-16', settings: gold, rows: [row(0, 450)] });
    expect(priced[0]!.spans).toEqual([
      { tier_level: 1, count: 199, rate_cents: 2000, amount_cents: 398_000 },
      { tier_level: 2, count: 200, rate_cents: 2500, amount_cents: 500_000 },
      { tier_level: 3, count: 51, rate_cents: 3000, amount_cents: 153_000 },
    ]);
  });

  it('gives the week the same total whatever day the figures fall on (order does not matter)', () => {
    const spread = given(
      { day: '2026-11-16', settings: gold, rows: [row(0, 150)] },
      { day: '2026-11-18', settings: gold, rows: [row(0, 150)] },
      { day: '2026-11-22', settings: gold, rows: [row(0, 150)] },
    );
    const oneDay = given({ day: '2026-11-20', settings: gold, rows: [row(0, 450)] });
    expect(spread.total).toBe(oneDay.total);
  });

  it('uses each day the version of the variant in force that day, when the variant is edited mid-week', () => {
    const edited = tiers(2, [2200, 2700, 3200]);
    const { priced } = given(
      { day: '2026-11-16', settings: gold, rows: [row(0, 190)] },
      { day: '2026-11-19', settings: edited, rows: [row(0, 20)] },
    );
    expect(priced[1]).toMatchObject({ first_position: 191, last_position: 210, settings: { variant_version: 2 } });
    expect(priced[1]!.spans).toEqual([
      { tier_level: 1, count: 9, rate_cents: 2200, amount_cents: 19_800 },
      { tier_level: 2, count: 11, rate_cents: 2700, amount_cents: 29_700 },
    ]);
  });

  it('counts bills from Monday when the payment type changes from PPT to SALE mid-week, and pays essays only on PPT days', () => {
    const { priced } = given(
      { day: '2026-11-16', settings: standardPpt, rows: [row(4, 198)] },
      { day: '2026-11-18', settings: gold, rows: [row(6, 3)] },
    );
    expect(priced.map((d) => [d.paid_kind, d.count, d.amount_cents])).toEqual([['essay', 4, 8000], ['bill', 3, 1 * 2000 + 2 * 2500]]);
    expect(priced[1]).toMatchObject({ first_position: 199, last_position: 201 });
  });

  it('reprices the rest of the week when a day is sent again with a lower count', () => {
    const week = (monday: number) => given(
      { day: '2026-11-16', settings: gold, rows: [row(0, monday)] },
      { day: '2026-11-17', settings: gold, rows: [row(0, 10)] },
    );
    expect(week(195).priced.map((d) => d.amount_cents)).toEqual([195 * 2000, 4 * 2000 + 6 * 2500]);
    expect(week(180).priced.map((d) => d.amount_cents)).toEqual([180 * 2000, 10 * 2000]);
  });

  it('takes a reversed sale back out at exactly one tier amount: the week total drops by the rate of its last position', () => {
    const before = given({ day: '2026-11-16', settings: gold, rows: [row(0, 150)] }, { day: '2026-11-17', settings: gold, rows: [row(0, 50)] });
    const after = given({ day: '2026-11-16', settings: gold, rows: [row(0, 149)] }, { day: '2026-11-17', settings: gold, rows: [row(0, 50)] });
    expect(before.total - after.total).toBe(2500);
  });

  it('shares a day among its rows in key order, each row paid the price of its own positions', () => {
    const { priced } = given({ day: '2026-11-16', settings: gold, rows: [row(0, 100, '10002|default'), row(0, 150, '10001|default')] });
    expect(priced[0]!.rows).toEqual([
      { key: '10001|default', count: 150, amount_cents: 150 * 2000, spans: [{ tier_level: 1, count: 150, rate_cents: 2000, amount_cents: 150 * 2000 }] },
      {
        key: '10002|default', count: 100, amount_cents: 49 * 2000 + 51 * 2500,
        spans: [{ tier_level: 1, count: 49, rate_cents: 2000, amount_cents: 49 * 2000 }, { tier_level: 2, count: 51, rate_cents: 2500, amount_cents: 51 * 2500 }],
      },
    ]);
    expect(priced[0]!.rows.reduce((t, r) => t + r.amount_cents, 0)).toBe(priced[0]!.amount_cents);
  });

  it('keeps counting through ISO week 53 across the new year', () => {
    const days = ['2026-12-28', '2026-12-31', '2027-01-01', '2027-01-03'];
    expect(new Set(days.map(isoWeekOfDay))).toEqual(new Set(['2026-W53']));
    const { priced } = given(...days.map((day) => ({ day, settings: gold, rows: [row(0, 60)] })));
    expect(priced.map((d) => d.first_position)).toEqual([1, 61, 121, 181]);
    expect(priced[3]!.spans.map((s) => [s.tier_level, s.count])).toEqual([[1, 19], [2, 41]]);
  });
});

describe('the settings in force on a day', () => {
  const period = (started: string, ended: string | null, settings: RateSettings): SettingsPeriod => ({
    started_at: new Date(started), ended_at: ended ? new Date(ended) : null, settings,
  });

  it('are those at the end of the day: a change during the day applies to the whole day', () => {
    const periods = [period('2026-11-01T08:00:00Z', '2026-11-18T15:00:00Z', standardPpt), period('2026-11-18T15:00:00Z', null, gold)];
    expect(settingsOnDay(periods, '2026-11-17')).toBe(standardPpt);
    expect(settingsOnDay(periods, '2026-11-18')).toBe(gold);
    expect(settingsOnDay(periods, '2026-10-31')).toBeNull();
  });

  it('place a change on the Paris day across the spring daylight-saving change', () => {
    // 29 March 2026: clocks go to summer time; 21:30Z is 23:30 in Paris (still the 29th), 22:30Z is 00:30 on the 30th.
    const lateOn29 = [period('2026-03-01T00:00:00Z', '2026-03-29T21:30:00Z', standardPpt), period('2026-03-29T21:30:00Z', null, gold)];
    const earlyOn30 = [period('2026-03-01T00:00:00Z', '2026-03-29T22:30:00Z', standardPpt), period('2026-03-29T22:30:00Z', null, gold)];
    expect(settingsOnDay(lateOn29, '2026-03-29')).toBe(gold);
    expect(settingsOnDay(earlyOn30, '2026-03-29')).toBe(standardPpt);
    expect(settingsOnDay(earlyOn30, '2026-03-30')).toBe(gold);
  });

  it('place a change on the Paris day across the autumn daylight-saving change', () => {
    // 25 October 2026: back to winter time; 22:30Z is 23:30 in Paris (still the 25th), 23:30Z is 00:30 on the 26th.
    const lateOn25 = [period('2026-10-01T00:00:00Z', '2026-10-25T22:30:00Z', standardPpt), period('2026-10-25T22:30:00Z', null, gold)];
    const earlyOn26 = [period('2026-10-01T00:00:00Z', '2026-10-25T23:30:00Z', standardPpt), period('2026-10-25T23:30:00Z', null, gold)];
    expect(settingsOnDay(lateOn25, '2026-10-25')).toBe(gold);
    expect(settingsOnDay(earlyOn26, '2026-10-25')).toBe(standardPpt);
  });

  it('apply a change made exactly at midnight to the day it starts', () => {
    const periods = [period('2026-11-01T00:00:00Z', '2026-11-17T23:00:00Z', standardPpt), period('2026-11-17T23:00:00Z', null, gold)];
    expect(settingsOnDay(periods, '2026-11-17')).toBe(standardPpt);
    expect(settingsOnDay(periods, '2026-11-18')).toBe(gold);
  });
});
