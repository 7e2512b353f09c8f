import { describe, expect, it } from 'vitest';
import type { TableRowRecord } from '../figures/statistics/reports';
import { affiliateChart, networkChart, performanceOf, rawStatRows, sumOfDays, topAffiliate } from './views';

const figures = { click: 0, registered: 0, essay: 0, bill: 0, revenue_cents: 0 };
const record = (fields: Partial<TableRowRecord>): TableRowRecord => ({ day: '2026-11-16', offer_unique_id: 12, brand_name: 'LoveMatch', s1: '', s2: '', ...figures, ...fields });

describe('the statistics answers', () => {
  it('count paid conversions by payment type', () => {
    const counts = { ...figures, essay: 3, bill: 2 };
    expect(performanceOf(counts, 'ppt').conversions).toBe(3);
    expect(performanceOf(counts, 'sale').conversions).toBe(2);
    expect(performanceOf(undefined, 'sale')).toEqual({ click: 0, registered: 0, essay: 0, bill: 0, conversions: 0 });
  });

  it('give a chart point to every day of the range, zeros where there is no figure', () => {
    const days = [{ day: '2026-11-17', ...figures, registered: 4, bill: 1, essay: 5, revenue_cents: 2550 }];
    expect(affiliateChart(days, '2026-11-16', '2026-11-18', 'sale')).toEqual([
      { date: '2026-11-16', revenue: '0.00', registered: 0, conversions: 0 },
      { date: '2026-11-17', revenue: '25.50', registered: 4, conversions: 1 },
      { date: '2026-11-18', revenue: '0.00', registered: 0, conversions: 0 },
    ]);
    expect(networkChart(days, '2026-11-17', '2026-11-17')).toEqual([{ date: '2026-11-17', revenue: '25.50', essays: 5, bills: 1, clicks: 0, registered: 4 }]);
    expect(sumOfDays([...days, { ...days[0]!, day: '2026-11-19' }], '2026-11-17', '2026-11-18')).toMatchObject({ registered: 4, revenue_cents: 2550 });
  });

  it("give raw rows per day: offers' totals with their tracker pairs, figures without an offer as globals", () => {
    const raw = rawStatRows([
      record({ day: '2026-11-17', offer_unique_id: null, brand_name: '', click: 2 }),
      record({ click: 60, essay: 2 }),
      record({ s1: 'fb', s2: 'c1', click: 40, essay: 1 }),
      record({ s1: 'ab', s2: '', click: 1 }),
      record({ offer_unique_id: 3, click: 5 }),
    ]);
    expect(raw.map((r) => r.stat_date)).toEqual(['2026-11-16', '2026-11-17']);
    expect(JSON.parse(raw[0]!.data)).toEqual({
      siteGroups: {
        '00003': { click: 5, registered: 0, essay: 0, bill: 0 },
        '00012': { click: 101, registered: 0, essay: 3, bill: 0, trackers: { t1: { s1: 'ab', s2: '', click: 1, registered: 0, essay: 0, bill: 0 }, t2: { s1: 'fb', s2: 'c1', click: 40, registered: 0, essay: 1, bill: 0 } } },
      },
    });
    expect(JSON.parse(raw[1]!.data)).toEqual({ globals: { click: 2, registered: 0, essay: 0, bill: 0 } });
  });

  it('name a top affiliate and rate its conversions', () => {
    const top = topAffiliate({ id: 'u', first_name: 'Sarah', last_name: 'Vente', unique_id: 42, payment_type: 'sale', last_connection: null, ...figures, registered: 8, bill: 7, revenue_cents: 18000, conversions: 7 }, false);
    expect(top).toMatchObject({ name: 'Sarah Vente', revenue: '180.00', conversions: 7, conversionRate: 87.5, lastConnection: null, isActive: false });
  });
});
