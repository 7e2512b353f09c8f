import {
  centsToDecimal, conversionRate, daysBetween, formatAffiliateId, paidConversions,
  type AffiliateChartPoint, type NetworkChartPoint, type PaymentType, type PerformanceCounts, type RawStatData,
  type RawStatGroup, type RawStatRowView, type TopAffiliate,
} from '@affilux/contract';
import type { DayRecord, TableRowRecord, TopAffiliateRecord } from '../figures/statistics/reports';
import type { CountsWithRevenue } from '../figures/statistics/schema';
import type { Day } from '../time/calendar';

/** How the statistics read models' records become the API's answers: pure, so each rule is tested without a database. */

const NO_FIGURES: CountsWithRevenue = { click: 0, registered: 0, essay: 0, bill: 0, revenue_cents: 0 };

/** Counts with the paid conversions of the payment type (zeros when there is no record). */
export function performanceOf(record: CountsWithRevenue | undefined, paymentType: PaymentType): PerformanceCounts {
  const { click, registered, essay, bill } = record ?? NO_FIGURES;
  return { click, registered, essay, bill, conversions: paidConversions({ essays: essay, bills: bill }, paymentType) };
}

export const earningsOf = (record: Pick<CountsWithRevenue, 'revenue_cents'> | undefined) => ({ earnings: centsToDecimal(record?.revenue_cents ?? 0) });

/** The records by day, and each day from `from` to `to` with its record or zeros. */
export function everyDay<R extends { day: Day }>(records: readonly R[], from: Day, to: Day): { day: Day; record: R | undefined }[] {
  const byDay = new Map(records.map((r) => [r.day, r]));
  return daysBetween(from, to).map((day) => ({ day, record: byDay.get(day) }));
}

/** An affiliate's chart: every day from `from` to `to`, its revenue, registrations and paid conversions. */
export function affiliateChart(days: readonly DayRecord[], from: Day, to: Day, paymentType: PaymentType): AffiliateChartPoint[] {
  return everyDay(days, from, to).map(({ day, record }) => {
    const counts = performanceOf(record, paymentType);
    return { date: day, revenue: centsToDecimal(record?.revenue_cents ?? 0), registered: counts.registered, conversions: counts.conversions };
  });
}

/** The network's chart: every day from `from` to `to`. */
export function networkChart(days: readonly DayRecord[], from: Day, to: Day): NetworkChartPoint[] {
  return everyDay(days, from, to).map(({ day, record }) => {
    const r = record ?? { ...NO_FIGURES, day };
    return { date: day, revenue: centsToDecimal(r.revenue_cents), essays: r.essay, bills: r.bill, clicks: r.click, registered: r.registered };
  });
}

/** The sums of the records from `from` to `to`. */
export function sumOfDays(days: readonly DayRecord[], from: Day, to: Day): CountsWithRevenue {
  const sum = { ...NO_FIGURES };
  for (const record of days) {
    if (record.day < from || record.day > to) continue;
    sum.click += record.click;
    sum.registered += record.registered;
    sum.essay += record.essay;
    sum.bill += record.bill;
    sum.revenue_cents += record.revenue_cents;
  }
  return sum;
}

/**
 * The raw stat rows of the spec, one per day (oldest first), as brands send them: `siteGroups` per
 * offer (its 5-digit id) with the offer's totals and its tracker pairs, `globals` for figures without
 * an offer. Sent back to POST /stats/import, they change nothing.
 */
export function rawStatRows(records: readonly TableRowRecord[]): RawStatRowView[] {
  const days = new Map<Day, Map<number | null, TableRowRecord[]>>();
  for (const record of records) {
    const groups = days.get(record.day) ?? new Map<number | null, TableRowRecord[]>();
    groups.set(record.offer_unique_id, [...(groups.get(record.offer_unique_id) ?? []), record]);
    days.set(record.day, groups);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, groups]) => {
      const data: RawStatData = {};
      const offers = [...groups.keys()].filter((id): id is number => id !== null).sort((a, b) => a - b);
      if (groups.has(null)) data.globals = rawGroup(groups.get(null)!);
      if (offers.length) data.siteGroups = Object.fromEntries(offers.map((id) => [formatAffiliateId(id), rawGroup(groups.get(id)!)]));
      return { stat_date: day, data: JSON.stringify(data) };
    });
}

function rawGroup(rows: readonly TableRowRecord[]): RawStatGroup {
  const group: RawStatGroup = { click: 0, registered: 0, essay: 0, bill: 0 };
  for (const row of rows) {
    group.click += row.click;
    group.registered += row.registered;
    group.essay += row.essay;
    group.bill += row.bill;
  }
  const trackers = rows
    .filter((row) => row.s1 !== '' || row.s2 !== '')
    .sort((a, b) => (a.s1 === b.s1 ? (a.s2 < b.s2 ? -1 : 1) : a.s1 < b.s1 ? -1 : 1));
  if (trackers.length) {
    group.trackers = Object.fromEntries(trackers.map((row, i) => [`t${i + 1}`, { s1: row.s1, s2: row.s2, click: row.click, registered: row.registered, essay: row.essay, bill: row.bill }]));
  }
  return group;
}

/** A line of the top affiliates. */
export function topAffiliate(record: TopAffiliateRecord, isActive: boolean): TopAffiliate {
  const { id, first_name, last_name, unique_id, payment_type, last_connection, click, registered, essay, bill, revenue_cents, conversions } = record;
  return {
    id, name: `${first_name} ${last_name}`.trim(), unique_id, payment_type, isActive,
    lastConnection: last_connection === null ? null : new Date(last_connection).toISOString(),
    revenue: centsToDecimal(revenue_cents),
    stats: { click, registered, essay, bill },
    conversions,
    conversionRate: conversionRate(conversions, registered),
  };
}
