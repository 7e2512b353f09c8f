import {
  addDaysToDay, centsToDecimal, decimalToCents, DEFAULT_STATS_SORT, expandStatRows, statsTableView,
  type BulkRevenueResult, type ProcessedStatRow, type StatsTableAnswer, type UserStatistics,
} from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { recordVariant } from '../../../test/catalogueEvents';
import { createOffer, importFile, settableClock, statRow } from '../../../test/figuresSetup';

/**
 * A whole year of one affiliate's figures at the volume the issue names (365 days x 20 offers x 10
 * tracker pairs plus each offer's default row: 80,300 rows), brought in through the real import and
 * priced by the real pricing, comes back whole: the table's answer (spliced as JSON text by
 * PostgreSQL) holds every row with its exact counts and revenue and nobody else's, the back office
 * sees the same rows, and the bulk revenues of every shown row match. Correctness at volume only:
 * timings belong to the benchmark (bench/).
 *
 * Vera is paid per essay on a fixed 25.00 EUR variant since December 2025, so each row earns its
 * essays x 25.00. Today is Thursday 31 December 2026 in Paris.
 */
const clock = settableClock('2025-12-01T08:00:00Z');
const DAYS = 365;
const OFFERS = 20;
const PAIRS = 10;
const RATE_CENTS = 2500;
const YEAR_START = '2026-01-01';

let h: ApiHarness;
let admin: string;
let vera: TestAffiliate;
let other: TestAffiliate;
let offers: number[];

type Counts = { click: number; registered: number; essay: number; bill: number };
const ZERO: Counts = { click: 0, registered: 0, essay: 0, bill: 0 };
const add = (a: Counts, b: Counts): Counts => ({ click: a.click + b.click, registered: a.registered + b.registered, essay: a.essay + b.essay, bill: a.bill + b.bill });

/** Tracker pair t of offer o on day d; the tenth pair is empty one day in five (a row the table skips). */
function pairCounts(d: number, o: number, t: number): Counts {
  if (t === PAIRS - 1 && d % 5 === 0) return ZERO;
  return { click: 1 + ((d * 7 + o * 3 + t * 5) % 41), registered: (d + 2 * o + t) % 7, essay: (d + o + 3 * t) % 4 === 0 ? 1 : 0, bill: (d + o + t) % 9 === 0 ? 1 : 0 };
}

/** The offer's part outside any tracker: shown with clicks, shown with 11 registrations and no click, skipped with 10. */
function defaultCounts(d: number, o: number): Counts {
  const kind = (d + o) % 6;
  if (kind === 0) return { click: 0, registered: 11, essay: 0, bill: 0 };
  if (kind === 3) return { click: 0, registered: 10, essay: 0, bill: 0 };
  return { click: 4, registered: 2, essay: d % 2, bill: 0 };
}

const sum = (counts: Iterable<Counts>) => [...counts].reduce(add, ZERO);
const key = (day: string, offerId: number | null, s1: string, s2: string) => `${day}|${offerId}|${s1}|${s2}`;
const pair = (t: number) => ({ s1: `src${t}`, s2: `camp${t % 3}` });

/** What the file says, written independently of the code under test: every row, and the rows the spec's skipping rule keeps. */
const expected = { all: new Map<string, Counts>(), shown: new Map<string, Counts>() };

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  admin = await h.login(h.admin.email, h.admin.password);
  vera = await h.createAffiliate({ firstName: 'Vera', lastName: 'Volume' });
  other = await h.createAffiliate({ firstName: 'Otto', lastName: 'Autre' });
  const fixed = await recordVariant(h, { payment_type: 'ppt', name: 'Fixe 25', base_amount_cents: RATE_CENTS, is_evolutionary: false, tiers: [] }, clock.now());
  expect((await h.call('PUT', `/admin/users/${vera.id}/payment-settings`, { token: admin, body: { payment_type: 'ppt', variant_id: fixed } })).status).toBe(200);
  offers = [];
  for (let o = 0; o < OFFERS; o++) offers.push((await createOffer(h, admin, { brand_name: `Brand ${o}`, intake: 'import' })).uniqueId);

  clock.set('2026-12-31T12:00:00Z');
  const rows = [];
  for (let d = 0; d < DAYS; d++) {
    const day = addDaysToDay(YEAR_START, d);
    const siteGroups: Record<string, unknown> = {};
    offers.forEach((offerId, o) => {
      const trackers: Record<string, Counts & { s1: string; s2: string }> = {};
      let total = defaultCounts(d, o);
      for (let t = 0; t < PAIRS; t++) {
        const counts = pairCounts(d, o, t);
        trackers[`k${t}`] = { ...pair(t), ...counts };
        total = add(total, counts);
        expected.all.set(key(day, offerId, pair(t).s1, pair(t).s2), counts);
        if (counts.click + counts.registered + counts.essay + counts.bill > 0) expected.shown.set(key(day, offerId, pair(t).s1, pair(t).s2), counts);
      }
      const rest = defaultCounts(d, o);
      expected.all.set(key(day, offerId, '', ''), rest);
      if (rest.click > 0 || rest.essay > 0 || rest.bill > 0 || rest.registered > 10) expected.shown.set(key(day, offerId, '', ''), rest);
      siteGroups[offerId] = { ...total, trackers };
    });
    rows.push(statRow(vera, day, { siteGroups }));
  }
  // Otto's figures on the same offers and days must never show in Vera's answers.
  for (const day of ['2026-03-02', '2026-07-14', '2026-12-30']) rows.push(statRow(other, day, { siteGroups: { [offers[0]!]: { click: 999, registered: 99, essay: 9 } } }));
  const answer = await importFile(h, { token: admin }, { rows });
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
  expect(answer.body).toMatchObject({ ok: true, affiliates: 2 });
  // The import answers once the counts are in; the pricing reactor prices the year's weeks just after.
  const priced = centsToDecimal(sum(expected.all.values()).essay * RATE_CENTS);
  await vi.waitFor(async () => {
    const { body } = await h.call<UserStatistics>('GET', `/admin/users/${vera.id}/statistics`, { token: admin });
    expect(body.revenue.total.earnings).toBe(priced);
  }, { timeout: 120_000, interval: 500 });
}, 600_000);

afterAll(() => h?.stop());

const countsOf = (row: ProcessedStatRow): Counts => ({ click: row.clicks, registered: row.registered, essay: row.essays, bill: row.bills });

async function yearTable(path: string, token: string) {
  const { status, body } = await h.call<StatsTableAnswer>('GET', path, { token });
  expect(status).toBe(200);
  expect(body).toMatchObject({ period: 'thisYear', from: YEAR_START, to: '2026-12-31', today: '2026-12-31', payment_type: 'ppt' });
  return { body, rows: expandStatRows(body) };
}

describe('a year of figures at volume (365 days x 20 offers x 10 tracker pairs)', () => {
  it("the affiliate's table answer holds every row of the year exactly, each earning its essays at 25.00, and none of another affiliate's", async () => {
    const { rows } = await yearTable('/affiliate/stats/rows?period=thisYear', vera.token);
    // Rows of the read model may leave out empty pairs; every count of the file is there, once.
    const byKey = new Map(rows.map((row) => [key(row.date, row.offerId, row.tracker1, row.tracker2), row]));
    expect(byKey.size, 'one row per day, offer and tracker pair').toBe(rows.length);
    expect(sum(rows.map(countsOf))).toEqual(sum(expected.all.values()));
    for (const [k, counts] of expected.shown) {
      const row = byKey.get(k);
      expect(row && countsOf(row), k).toEqual(counts);
      expect(row!.revenue, k).toBe(centsToDecimal(counts.essay * RATE_CENTS));
    }
    for (const row of rows) expect(expected.all.has(key(row.date, row.offerId, row.tracker1, row.tracker2)), `unexpected row ${key(row.date, row.offerId, row.tracker1, row.tracker2)}`).toBe(true);
    expect(new Set(rows.map((row) => row.offer)).size).toBe(OFFERS);
  });

  it('the table shows exactly the rows the skipping rule keeps, with totals equal to the sums of the file', async () => {
    const { rows } = await yearTable('/affiliate/stats/rows?period=thisYear', vera.token);
    const view = statsTableView(rows, { paymentType: 'ppt', search: '', sort: DEFAULT_STATS_SORT });
    expect(view.rows.length).toBe(expected.shown.size);
    expect(new Set(view.rows.map((row) => key(row.date, row.offerId, row.tracker1, row.tracker2)))).toEqual(new Set(expected.shown.keys()));
    const totals = sum(expected.shown.values());
    expect(view.totals).toMatchObject({ clicks: totals.click, registered: totals.registered, essays: totals.essay, bills: totals.bill, revenue: centsToDecimal(totals.essay * RATE_CENTS) });
  });

  it("the back office's table of the affiliate is the same answer", async () => {
    const mine = await yearTable('/affiliate/stats/rows?period=thisYear', vera.token);
    const seen = await yearTable(`/admin/users/${vera.id}/stats/rows?period=thisYear`, admin);
    // The answer's rows come in no order (the screens sort them): the same rows, whatever their order.
    const sorted = (answer: StatsTableAnswer) => ({ ...answer, rows: answer.rows.map((row) => JSON.stringify(row)).sort() });
    expect(sorted(seen.body)).toEqual(sorted(mine.body));
  });

  it('the bulk revenues of every shown row of the year (some 75,000) match the table, row by row', async () => {
    const { rows } = await yearTable('/affiliate/stats/rows?period=thisYear', vera.token);
    const shown = statsTableView(rows, { paymentType: 'ppt', search: '', sort: DEFAULT_STATS_SORT }).rows;
    const statsRows = shown.map((row) => ({ date: row.date, offerId: row.offerId, tracker1: row.tracker1, tracker2: row.tracker2 }));
    const { status, body } = await h.call<{ results: BulkRevenueResult[] }>('POST', '/affiliate/stats/calculate-bulk-revenues', { token: vera.token, body: { statsRows } });
    expect(status).toBe(200);
    expect(body.results.length).toBe(shown.length);
    body.results.forEach((result, i) => {
      const row = shown[i]!;
      expect([result.date, result.offerId, result.tracker1, result.tracker2, result.revenue]).toEqual([row.date, row.offerId, row.tracker1, row.tracker2, row.revenue]);
    });
    const total = body.results.reduce((cents, result) => cents + decimalToCents(result.revenue)!, 0);
    expect(total).toBe(sum(expected.shown.values()).essay * RATE_CENTS);
  });
});
