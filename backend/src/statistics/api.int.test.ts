import {
  expandStatRows, formatAffiliateId, sortStatRows,
  type AffiliateProcessedStats, type GlobalStats, type ProcessedStatRow, type RawStatRowView, type StatsTableAnswer, type TopAffiliate, type UserStatistics,
} from '@affilux/contract';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { expectBackOfficeOnly, outsiders, type Outsiders } from '../../../test/authorizationMatrix';
import { recordVariant } from '../../../test/catalogueEvents';
import { createOffer, importFile, settableClock, statRow } from '../../../test/figuresSetup';

/**
 * Every statistics call over figures brought in the real way (imports and a postback), priced by
 * the real pricing: Paul is paid per essay at the standard 20.00 EUR, Sarah per bill on the
 * evolutionary Gold variant (bills 1-2 at 20.00, 3-4 at 25.00, from 5 at 30.00, counted per ISO week).
 * Today is Wednesday 18 November 2026 in Paris.
 */
const clock = settableClock('2026-10-01T08:00:00Z');
let h: ApiHarness;
let admin: string;
let ppt: TestAffiliate;
let sale: TestAffiliate;
let who: Outsiders;
let loveMatch: { id: string; uniqueId: number };
let camStar: { id: string; uniqueId: number; postbackKey: string };
let oldBrand: { id: string; uniqueId: number };

const source = (a: TestAffiliate) => formatAffiliateId(a.uniqueId);
const get = <T>(path: string, token = admin) => h.call<T>('GET', path, { token });
/** A table answer with its rows expanded to the spec's processed rows, in the table's default order. */
const table = async (path: string, token = admin) => {
  const { status, body } = await get<StatsTableAnswer>(path, token);
  const rows: ProcessedStatRow[] = status === 200 ? sortStatRows(expandStatRows(body), 'date_desc', body.payment_type) : [];
  return { status, body, rows };
};

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  admin = await h.login(h.admin.email, h.admin.password);
  ppt = await h.createAffiliate({ firstName: 'Paul', lastName: 'Essai' });
  sale = await h.createAffiliate({ firstName: 'Sarah', lastName: 'Vente' });
  const gold = await recordVariant(h, {
    payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true,
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 2, amount_cents: 2000 },
      { tier_level: 2, min_sales: 3, max_sales: 4, amount_cents: 2500 },
      { tier_level: 3, min_sales: 5, max_sales: null, amount_cents: 3000 },
    ],
  }, clock.now());
  expect((await h.call('PUT', `/admin/users/${sale.id}/payment-settings`, { token: admin, body: { payment_type: 'sale', variant_id: gold } })).status).toBe(200);
  loveMatch = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
  camStar = await createOffer(h, admin, { brand_name: 'CamStar', intake: 'postback' });
  oldBrand = await createOffer(h, admin, { brand_name: 'OldBrand', intake: 'import' });

  clock.set('2026-11-18T10:00:00Z');
  const A = loveMatch.uniqueId;
  const imported = await importFile(h, { token: admin }, {
    rows: [
      statRow(ppt, '2026-10-20', { siteGroups: { [A]: { click: 10, registered: 12, essay: 2 } } }),
      statRow(ppt, '2026-11-16', { siteGroups: { [A]: { click: 100, registered: 10, essay: 3, bill: 1, trackers: { a: { s1: 'fb', s2: 'c1', click: 40, registered: 4, essay: 1 } } } } }),
      statRow(ppt, '2026-11-17', { siteGroups: { [A]: { registered: 8 } } }),
      statRow(ppt, '2026-11-18', { globals: { click: 5, registered: 2, essay: 1 } }),
      statRow(sale, '2026-11-16', { siteGroups: { [A]: { click: 50, registered: 5, essay: 2, bill: 2 } } }),
      statRow(sale, '2026-11-17', JSON.stringify({ globals: { click: 30, registered: 3, bill: 4 } })),
    ],
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const postback = await h.call('GET', `/postback?${new URLSearchParams({ key: camStar.postbackKey, source: source(sale), event: 'bill', txid: 'T-1', s1: 'tt', date: '2026-11-18' })}`);
  expect(postback.body).toEqual({ status: 'recorded' });
  // The seventh bill of Sarah's week is priced by the pricing reactor, just after the answer.
  await vi.waitFor(async () => expect((await table(`/admin/users/${sale.id}/stats/rows?period=today`)).rows[0]?.revenue).toBe('30.00'), { timeout: 10_000 });
  // Three accounts opened this month: a verified affiliate, an unverified one, a frozen one.
  who = await outsiders(h);
}, 180_000);
afterAll(() => h?.stop());

describe("the affiliate's dashboard: GET /affiliate/stats/processed", () => {
  it("gives the PPT affiliate's revenue of today, yesterday, the day before, the month and the previous month, its month's figures and 30 days", async () => {
    const { status, body } = await get<AffiliateProcessedStats>('/affiliate/stats/processed', ppt.token);
    expect(status).toBe(200);
    expect(body.today).toBe('2026-11-18');
    expect(body.revenue).toEqual({
      today: { earnings: '20.00' }, yesterday: { earnings: '0.00' }, dayBeforeYesterday: { earnings: '60.00' },
      month: { earnings: '80.00' }, previousMonth: { earnings: '40.00' },
    });
    expect(body.performance.month).toEqual({ click: 105, registered: 20, essay: 4, bill: 1, conversions: 4 });
    expect(body.performance.previousMonth).toEqual({ click: 10, registered: 12, essay: 2, bill: 0, conversions: 2 });
    expect(body.performance.today).toEqual({ click: 5, registered: 2, essay: 1, bill: 0, conversions: 1 });
    expect(body.user).toEqual({ payment_type: 'ppt' });
    const chart = body.charts.last30Days;
    expect(chart).toHaveLength(30);
    expect(chart[0]).toEqual({ date: '2026-10-20', revenue: '40.00', registered: 12, conversions: 2 });
    expect(chart.at(-3)).toEqual({ date: '2026-11-16', revenue: '60.00', registered: 10, conversions: 3 });
    expect(chart.at(-1)).toEqual({ date: '2026-11-18', revenue: '20.00', registered: 2, conversions: 1 });
    expect(chart[1]).toEqual({ date: '2026-10-21', revenue: '0.00', registered: 0, conversions: 0 });
  });

  it("counts bills as the SALE affiliate's conversions, tiers priced over the week", async () => {
    const { body } = await get<AffiliateProcessedStats>('/affiliate/stats/processed', sale.token);
    expect(body.revenue.month).toEqual({ earnings: '180.00' });
    expect(body.revenue.yesterday).toEqual({ earnings: '110.00' });
    expect(body.performance.month).toEqual({ click: 80, registered: 8, essay: 2, bill: 7, conversions: 7 });
    expect(body.charts.last30Days.at(-1)).toEqual({ date: '2026-11-18', revenue: '30.00', registered: 0, conversions: 1 });
  });

  it('gives an affiliate with no figures zeros and 30 empty days', async () => {
    const { body } = await get<AffiliateProcessedStats>('/affiliate/stats/processed', who.affiliate);
    expect(body.revenue.month).toEqual({ earnings: '0.00' });
    expect(body.charts.last30Days.every((d) => d.revenue === '0.00' && d.registered === 0)).toBe(true);
  });
});

describe("the statistics table's rows: GET /affiliate/stats/rows", () => {
  it('gives the last 7 days by default: every figure row with its offer, trackers, revenue and conversion rate, newest first', async () => {
    const { status, body, rows } = await table('/affiliate/stats/rows', ppt.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ period: '7days', from: '2026-11-12', to: '2026-11-18', today: '2026-11-18', payment_type: 'ppt', offers: { [loveMatch.uniqueId]: 'LoveMatch' } });
    const offer = { offer: 'LoveMatch', offerId: loveMatch.uniqueId };
    expect(rows).toEqual([
      { date: '2026-11-18', offer: '', offerId: null, tracker1: '', tracker2: '', clicks: 5, registered: 2, essays: 1, bills: 0, revenue: '20.00', conversionRate: 50 },
      { date: '2026-11-17', ...offer, tracker1: '', tracker2: '', clicks: 0, registered: 8, essays: 0, bills: 0, revenue: '0.00', conversionRate: 0 },
      { date: '2026-11-16', ...offer, tracker1: '', tracker2: '', clicks: 60, registered: 6, essays: 2, bills: 1, revenue: '40.00', conversionRate: 33.33 },
      { date: '2026-11-16', ...offer, tracker1: 'fb', tracker2: 'c1', clicks: 40, registered: 4, essays: 1, bills: 0, revenue: '20.00', conversionRate: 25 },
    ]);
  });

  it('covers each period of the spec from the network day', async () => {
    const range = async (query: string) => {
      const { body, rows } = await table(`/affiliate/stats/rows?${query}`, ppt.token);
      return [body.from, body.to, rows.length];
    };
    expect(await range('period=today')).toEqual(['2026-11-18', '2026-11-18', 1]);
    expect(await range('period=yesterday')).toEqual(['2026-11-17', '2026-11-17', 1]);
    expect(await range('period=15days')).toEqual(['2026-11-04', '2026-11-18', 4]);
    expect(await range('period=thisMonth')).toEqual(['2026-11-01', '2026-11-18', 4]);
    expect(await range('period=lastMonth')).toEqual(['2026-10-01', '2026-10-31', 1]);
    expect(await range('period=thisYear')).toEqual(['2026-01-01', '2026-11-18', 5]);
    expect(await range('period=custom&from=2026-10-20&to=2026-11-16')).toEqual(['2026-10-20', '2026-11-16', 3]);
    expect(await range('period=custom')).toEqual(['2026-11-12', '2026-11-18', 4]);
  });

  it("counts bills for a SALE affiliate's rates, postback rows included", async () => {
    const { rows } = await table('/affiliate/stats/rows?period=today', sale.token);
    expect(rows).toEqual([
      { date: '2026-11-18', offer: 'CamStar', offerId: camStar.uniqueId, tracker1: 'tt', tracker2: '', clicks: 0, registered: 0, essays: 0, bills: 1, revenue: '30.00', conversionRate: 0 },
    ]);
    const week = await table('/affiliate/stats/rows', sale.token);
    expect(week.rows.find((r) => r.date === '2026-11-16')).toMatchObject({ registered: 5, essays: 2, bills: 2, conversionRate: 40, revenue: '40.00' });
  });

  it.each([
    ['period=week', 'Période inconnue'],
    ['period=custom&from=2026-11-17&to=2026-11-16', 'La date de début doit être antérieure à la date de fin'],
    ['period=custom&from=2026-02-30&to=2026-03-01', 'Date invalide (AAAA-MM-JJ)'],
    ['period=custom&from=18/11/2026', 'Date invalide (AAAA-MM-JJ)'],
    ['period=today&period=yesterday', 'Période inconnue'],
  ])('refuses %s with a 400: %s', async (query, message) => {
    const { status, body } = await get<{ message: string }>(`/affiliate/stats/rows?${query}`, ppt.token);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });
});

describe('raw stat rows: GET /affiliate/stats/raw', () => {
  it("gives the affiliate's own rows as brands send them, which imported again change nothing", async () => {
    const { status, body } = await get<RawStatRowView[]>(`/affiliate/stats/raw?source=${source(ppt)}&period=thisYear`, ppt.token);
    expect(status).toBe(200);
    expect(body.map((r) => r.stat_date)).toEqual(['2026-10-20', '2026-11-16', '2026-11-17', '2026-11-18']);
    const A = formatAffiliateId(loveMatch.uniqueId);
    expect(JSON.parse(body[1]!.data)).toEqual({
      siteGroups: { [A]: { click: 100, registered: 10, essay: 3, bill: 1, trackers: { t1: { s1: 'fb', s2: 'c1', click: 40, registered: 4, essay: 1, bill: 0 } } } },
    });
    expect(JSON.parse(body[3]!.data)).toEqual({ globals: { click: 5, registered: 2, essay: 1, bill: 0 } });
    const head = await h.eventHead();
    const again = await importFile(h, { token: admin }, { rows: body.map((r) => ({ source: source(ppt), ...r })) });
    expect(again.body).toMatchObject({ ok: true, rows_changed: 0 });
    expect(await h.eventHead()).toBe(head);
  });

  it("refuses another affiliate's source with a 403, and a source that is not 5 digits with a 400", async () => {
    expect((await get(`/affiliate/stats/raw?source=${source(sale)}`, ppt.token)).status).toBe(403);
    expect((await get('/affiliate/stats/raw?source=42', ppt.token)).status).toBe(400);
    expect((await get('/affiliate/stats/raw', ppt.token)).status).toBe(400);
  });
});

describe('revenues of rows: POST /affiliate/stats/calculate-bulk-revenues', () => {
  it('gives each row the revenue recorded for it, in order, and 0 for rows with no figures', async () => {
    const statsRows = [
      { date: '2026-11-16', offerId: loveMatch.uniqueId, tracker1: 'fb', tracker2: 'c1', clicks: 40 },
      { date: '2026-11-16', offerId: formatAffiliateId(loveMatch.uniqueId), tracker1: '', tracker2: '' },
      { date: '2026-11-18', offerId: null },
      { date: '2026-11-15', offerId: loveMatch.uniqueId, tracker1: '', tracker2: '' },
      { date: '2026-11-16', offerId: 99_999, tracker1: '', tracker2: '' },
    ];
    const { status, body } = await h.call<{ results: { revenue: string; offerId: number | null }[] }>('POST', '/affiliate/stats/calculate-bulk-revenues', { token: ppt.token, body: { statsRows } });
    expect(status).toBe(200);
    expect(body.results.map((r) => r.revenue)).toEqual(['20.00', '40.00', '20.00', '0.00', '0.00']);
    expect(body.results[1]).toEqual({ date: '2026-11-16', offerId: loveMatch.uniqueId, tracker1: '', tracker2: '', revenue: '40.00' });
  });

  it("reads only the caller's figures: another affiliate's rows are worth 0 to it", async () => {
    const { body } = await h.call<{ results: { revenue: string }[] }>('POST', '/affiliate/stats/calculate-bulk-revenues', { token: sale.token, body: { statsRows: [{ date: '2026-11-18', offerId: null }] } });
    expect(body.results[0]!.revenue).toBe('0.00');
  });

  it('takes a year of rows in one call, and refuses bad rows with a 400', async () => {
    const year = Array.from({ length: 20_000 }, (_, i) => ({ date: '2026-11-16', offerId: loveMatch.uniqueId, tracker1: i === 0 ? 'fb' : `x${i}`, tracker2: 'c1' }));
    const big = await h.call<{ results: { revenue: string }[] }>('POST', '/affiliate/stats/calculate-bulk-revenues', { token: ppt.token, body: { statsRows: year } });
    expect(big.status).toBe(200);
    expect(big.body.results).toHaveLength(20_000);
    expect(big.body.results[0]!.revenue).toBe('20.00');
    for (const statsRows of [[{ date: '2026-13-01' }], [{ date: '2026-11-16', offerId: 'abc' }], 'rows', [{ date: '2026-11-16', tracker1: 'x'.repeat(101) }]]) {
      expect((await h.call('POST', '/affiliate/stats/calculate-bulk-revenues', { token: ppt.token, body: { statsRows } })).status, JSON.stringify(statsRows)).toBe(400);
    }
    expect((await h.call('POST', '/affiliate/stats/calculate-bulk-revenues', { token: ppt.token, body: {} })).status).toBe(400);
  });

  it('names a wrong row by its place in the whole list, past the first slice of rows', async () => {
    const statsRows = Array.from({ length: 4_600 }, (_, i) => ({ date: i === 4_500 ? '16/11/2026' : '2026-11-16', offerId: null }));
    const answer = await h.call('POST', '/affiliate/stats/calculate-bulk-revenues', { token: ppt.token, body: { statsRows } });
    expect([answer.status, answer.body]).toEqual([400, { message: 'date doit être une date AAAA-MM-JJ', errors: [{ field: 'statsRows.4500.date', msg: 'date doit être une date AAAA-MM-JJ' }] }]);
  });

  it('takes one request at a time per caller (another meanwhile is a 429); callers still sending their bodies hold up nobody else', async () => {
    const path = '/api/v1/affiliate/stats/calculate-bulk-revenues';
    const row = '{"date":"2026-11-16","offerId":null}';
    /** A request whose body is still coming: it holds its turn until `finish`. */
    const opened = (token: string) => {
      const req = http.request(`${h.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
      const answer = new Promise<number>((resolve) => {
        req.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode!)));
        req.on('error', () => resolve(0));
      });
      req.write('{"statsRows":[');
      return { answer, finish: () => req.end(`${row}]}`), abort: () => req.destroy() };
    };
    const call = (token: string, url = path) => fetch(`${h.url}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: `{"statsRows":[${row}]}` }).then((r) => r.status);
    /** An open request holding the caller's turn: another call of the caller then gets a 429 (tried again when the other call came first). */
    const holding = async (token: string) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const held = opened(token);
        await new Promise((resolve) => setTimeout(resolve, 100 + 100 * attempt));
        if ((await call(token)) === 429) return held;
        held.abort();
        await held.answer;
      }
      throw new Error('the open request never held its turn');
    };
    const paul = await holding(ppt.token);
    const sarah = await holding(sale.token);
    // Two bodies still coming (as many as the server computes at once): the admin's request is answered meanwhile.
    const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000));
    expect(await Promise.race([call(admin, `/api/v1/admin/users/${ppt.id}/calculate-bulk-revenues`), waited])).toBe(200);
    paul.finish();
    expect(await paul.answer).toBe(200);
    sarah.finish();
    expect(await sarah.answer).toBe(200);
    // Their turns given back.
    expect(await call(ppt.token)).toBe(200);
  });

  it("names each wrong field once, in French (never zod's English), on the affiliate's and the back office's calls", async () => {
    const offerId = "offerId doit être un identifiant d'offre à 5 chiffres au plus, ou null";
    const cases: [unknown, { field: string; msg: string }[]][] = [
      [{ statsRows: [{ date: '2026-11-20', offerId: 'abc' }] }, [{ field: 'statsRows.0.offerId', msg: offerId }]],
      [{ statsRows: [{ date: '2026-11-20', offerId: 99999999999999999999 }] }, [{ field: 'statsRows.0.offerId', msg: offerId }]],
      [{ statsRows: [{ date: '2026-11-20', offerId: 123456 }] }, [{ field: 'statsRows.0.offerId', msg: offerId }]],
      [{ statsRows: [{ date: '2026-11-20', offerId: 1.5 }, { date: '2026-11-20', offerId: true }] }, [{ field: 'statsRows.0.offerId', msg: offerId }, { field: 'statsRows.1.offerId', msg: offerId }]],
      [{ statsRows: [{ date: '20/11/2026', offerId: null }, { offerId: null }] }, [{ field: 'statsRows.0.date', msg: 'date doit être une date AAAA-MM-JJ' }, { field: 'statsRows.1.date', msg: 'date doit être une date AAAA-MM-JJ' }]],
      [{ statsRows: [42] }, [{ field: 'statsRows.0', msg: 'Chaque ligne de statsRows doit être un objet { date, offerId, tracker1, tracker2 }' }]],
      [{ statsRows: 'rows' }, [{ field: 'statsRows', msg: 'statsRows doit être une liste de lignes' }]],
      [[], [{ field: 'body', msg: 'Le corps doit être un objet { statsRows: [...] }' }]],
    ];
    for (const [body, errors] of cases) {
      for (const [path, token] of [['/affiliate/stats/calculate-bulk-revenues', ppt.token], [`/admin/users/${ppt.id}/calculate-bulk-revenues`, admin]] as const) {
        const answer = await h.call('POST', path, { token, body });
        expect.soft([answer.status, answer.body], `${path} ${JSON.stringify(body)}`).toEqual([400, { message: errors[0]!.msg, errors }]);
      }
    }
  });
});

describe("the back office's dashboard: GET /admin/stats/global", () => {
  it("gives the network's affiliates, figures of today, yesterday and the month, revenue and 30 days", async () => {
    const { status, body } = await get<GlobalStats>('/admin/stats/global');
    expect(status).toBe(200);
    expect(body.overview).toEqual({ totalAffiliates: 5, activeAffiliates: 2, inactiveAffiliates: 3, newAffiliatesThisMonth: 3, totalEssays: 8, conversionsThisMonth: 11 });
    expect(body.performance).toEqual({
      today: { click: 5, registered: 2, emailVerified: 2, essay: 1, bill: 1 },
      yesterday: { click: 30, registered: 11, emailVerified: 0, essay: 0, bill: 4 },
      month: { click: 185, registered: 28, emailVerified: 2, essay: 6, bill: 8 },
    });
    expect(body.revenue).toEqual({ today: '50.00', yesterday: '110.00', month: '260.00', total: '300.00' });
    expect(body.charts.last30Days).toHaveLength(30);
    expect(body.charts.last30Days.at(-3)).toEqual({ date: '2026-11-16', revenue: '100.00', essays: 5, bills: 3, clicks: 150, registered: 15 });
    expect(body.charts.last30Days[0]).toEqual({ date: '2026-10-20', revenue: '40.00', essays: 2, bills: 0, clicks: 10, registered: 12 });
  });
});

describe('top affiliates: GET /admin/stats/top-affiliates', () => {
  it("ranks the month's affiliates by revenue, with their figures, conversions (bills for SALE), rate and activity", async () => {
    const { status, body } = await get<TopAffiliate[]>('/admin/stats/top-affiliates?period=month&limit=10');
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: sale.id, name: 'Sarah Vente', unique_id: sale.uniqueId, payment_type: 'sale', isActive: false, lastConnection: '2026-10-01T08:00:00.000Z',
        revenue: '180.00', stats: { click: 80, registered: 8, essay: 2, bill: 7 }, conversions: 7, conversionRate: 87.5,
      },
      {
        id: ppt.id, name: 'Paul Essai', unique_id: ppt.uniqueId, payment_type: 'ppt', isActive: false, lastConnection: '2026-10-01T08:00:00.000Z',
        revenue: '80.00', stats: { click: 105, registered: 20, essay: 4, bill: 1 }, conversions: 4, conversionRate: 20,
      },
    ]);
  });

  it('takes the other periods and a limit', async () => {
    const first = async (query: string) => (await get<TopAffiliate[]>(`/admin/stats/top-affiliates?${query}`)).body.map((a) => [a.name, a.revenue]);
    expect(await first('period=month&limit=1')).toEqual([['Sarah Vente', '180.00']]);
    expect(await first('period=today')).toEqual([['Sarah Vente', '30.00'], ['Paul Essai', '20.00']]);
    expect(await first('period=yesterday')).toEqual([['Sarah Vente', '110.00'], ['Paul Essai', '0.00']]);
    expect(await first('period=lastMonth')).toEqual([['Paul Essai', '40.00']]);
    expect(await first('period=year')).toEqual([['Sarah Vente', '180.00'], ['Paul Essai', '120.00']]);
    expect(await first('')).toEqual([['Sarah Vente', '180.00'], ['Paul Essai', '80.00']]);
  });

  it.each(['period=week', 'limit=0', 'limit=101', 'limit=ten', 'limit=2.5'])('refuses %s with a 400', async (query) => {
    expect((await get(`/admin/stats/top-affiliates?${query}`)).status).toBe(400);
  });
});

describe("a user's statistics in the back office", () => {
  it('GET /admin/users/{id}/statistics: the user, registrations, revenue, activity and 30 days', async () => {
    const { status, body } = await get<UserStatistics>(`/admin/users/${ppt.id}/statistics`);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: ppt.id, unique_id: ppt.uniqueId, first_name: 'Paul', last_name: 'Essai', payment_type: 'ppt', created_at: '2026-10-01T08:00:00.000Z' });
    expect(body.performance).toEqual({ today: { click: 5, registered: 2, essay: 1, bill: 0, conversions: 1 }, month: { click: 105, registered: 20, essay: 4, bill: 1, conversions: 4 } });
    expect(body.revenue).toEqual({ today: { earnings: '20.00' }, yesterday: { earnings: '0.00' }, month: { earnings: '80.00' }, total: { earnings: '120.00' } });
    expect(body.activity).toEqual({ lastConnection: '2026-10-01T08:00:00.000Z', status: 'inactive', accountCreated: '2026-10-01T08:00:00.000Z', totalDays: 4 });
    expect(body.charts.last30Days).toHaveLength(30);
  });

  it('records the last connection at sign-in: the affiliate signing in again is active, as of now', async () => {
    await h.login(ppt.email, ppt.password);
    await expect.poll(async () => (await get<UserStatistics>(`/admin/users/${ppt.id}/statistics`)).body.activity, { timeout: 10_000 })
      .toMatchObject({ lastConnection: '2026-11-18T10:00:00.000Z', status: 'active' });
    const top = await get<TopAffiliate[]>('/admin/stats/top-affiliates?period=month');
    expect(top.body.find((a) => a.id === ppt.id)).toMatchObject({ isActive: true, lastConnection: '2026-11-18T10:00:00.000Z' });
  });

  it("GET /admin/users/{id}/stats/rows, /stats/raw and POST /calculate-bulk-revenues answer as the affiliate's own calls", async () => {
    const own = await table('/affiliate/stats/rows?period=thisYear', ppt.token);
    const admins = await table(`/admin/users/${ppt.id}/stats/rows?period=thisYear`);
    expect(admins.rows).toEqual(own.rows);
    expect(admins.rows).toHaveLength(5);
    const raw = await get<RawStatRowView[]>(`/admin/users/${ppt.id}/stats/raw?source=${source(ppt)}`);
    expect(raw.body.map((r) => r.stat_date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);
    expect((await get(`/admin/users/${ppt.id}/stats/raw?source=${source(sale)}`)).status).toBe(400);
    const bulk = await h.call<{ results: { revenue: string }[] }>('POST', `/admin/users/${sale.id}/calculate-bulk-revenues`, { token: admin, body: { statsRows: [{ date: '2026-11-17', offerId: null }] } });
    expect(bulk.body.results).toEqual([{ date: '2026-11-17', offerId: null, tracker1: '', tracker2: '', revenue: '110.00' }]);
    expect((await get(`/admin/users/${ppt.id}/stats/rows?period=custom&from=2026-11-18&to=2026-11-01`)).status).toBe(400);
  });

  it("answers 'User not found' for an unknown user, an admin or a malformed id", async () => {
    const { rows } = await h.db.pool.query<{ id: string }>("SELECT id FROM rm_users WHERE role = 'admin'");
    for (const id of ['00000000-0000-4000-8000-000000000000', rows[0]!.id, 'not-a-uuid']) {
      for (const path of [`/admin/users/${id}/statistics`, `/admin/users/${id}/stats/rows`, `/admin/users/${id}/stats/raw?source=00010`]) {
        const { status, body } = await get<{ message: string }>(path);
        expect([status, body.message], path).toEqual([404, 'User not found']);
      }
      expect((await h.call('POST', `/admin/users/${id}/calculate-bulk-revenues`, { token: admin, body: { statsRows: [] } })).status).toBe(404);
    }
  });
});

describe('a deleted offer', () => {
  it('keeps its name and id in the statistics', async () => {
    await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-10', { siteGroups: { [oldBrand.uniqueId]: { click: 3, registered: 1, essay: 1 } } })] });
    expect((await h.call('DELETE', `/offers/${oldBrand.id}`, { token: admin })).status).toBe(200);
    const { rows } = await table('/affiliate/stats/rows?period=custom&from=2026-11-10&to=2026-11-10', ppt.token);
    expect(rows).toEqual([expect.objectContaining({ offer: 'OldBrand', offerId: oldBrand.uniqueId, essays: 1, revenue: '20.00' })]);
    const raw = await get<RawStatRowView[]>(`/affiliate/stats/raw?source=${source(ppt)}&period=custom&from=2026-11-10&to=2026-11-10`, ppt.token);
    expect(Object.keys(JSON.parse(raw.body[0]!.data).siteGroups)).toEqual([formatAffiliateId(oldBrand.uniqueId)]);
  });
});

describe('who may call', () => {
  const affiliateCalls: [string, string, unknown?][] = [
    ['GET', '/affiliate/stats/processed'],
    ['GET', '/affiliate/stats/rows'],
    ['GET', '/affiliate/stats/raw?source=00010'],
    ['POST', '/affiliate/stats/calculate-bulk-revenues', { statsRows: [] }],
  ];

  it.each(affiliateCalls)("%s %s: a verified, unfrozen affiliate only (anonymous 401; unverified, frozen and admin 403)", async (method, path, body) => {
    const head = await h.eventHead();
    expect((await h.call(method, path, { body })).status).toBe(401);
    for (const token of [who.unverified, who.frozen, admin]) expect((await h.call(method, path, { token, body })).status).toBe(403);
    expect((await h.call(method, path.replace('00010', source(ppt)), { token: ppt.token, body })).status).toBe(200);
    expect(await h.eventHead()).toBe(head);
  });

  it.each([
    ['GET', '/admin/stats/global'],
    ['GET', '/admin/stats/top-affiliates?period=month&limit=10'],
    ['GET', '/admin/users/:id/statistics'],
    ['GET', '/admin/users/:id/stats/rows'],
    ['GET', '/admin/users/:id/stats/raw?source=:source'],
    ['POST', '/admin/users/:id/calculate-bulk-revenues', { statsRows: [] }],
  ] as [string, string, unknown?][])('%s %s: the back office only', async (method, template, body) => {
    const path = template.replace(':id', ppt.id).replace(':source', source(ppt));
    await expectBackOfficeOnly(h, { ...who, affiliate: ppt.token }, method, path, body);
    expect((await h.call(method, path, { token: admin, body })).status).toBe(200);
  });
});
