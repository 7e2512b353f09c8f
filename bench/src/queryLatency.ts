import { addDaysToDay } from '@affilux/contract';
import autocannon from 'autocannon';
import type pg from 'pg';
import { userStream } from '../../backend/src/accounts/events';
import { systemContext, toNewEvents } from '../../backend/src/eventstore/commands';
import type { RunningServer } from '../../backend/src/server';
import { dayOf, type Day } from '../../backend/src/time/calendar';
import { createOffer, settled, startBenchServer } from './benchServer';

export type QueryLoad = {
  /** Affiliates in the network, the few real ones included. */
  affiliates: number;
  offers: number;
  /** Tracker pairs per offer and day of the table's affiliate (each offer also has its default row). */
  trackerPairs: number;
  days: number;
  /** Share of days (in %) on which each other affiliate has figures. */
  activeDaysPercent: number;
  warmupSeconds: number;
  durationSeconds: number;
};

export type Endpoint = { screen: string; path: string; as: 'affiliate' | 'admin'; connections: number };
export type EndpointLatency = Endpoint & { requests: number; requestsPerSecond: number; p50Ms: number; p99Ms: number; failures: number; answerBytes: number };
/** An endpoint alone (one connection: its own latency) and under its concurrent load. */
export type EndpointLatencies = { alone: EndpointLatency; loaded: EndpointLatency };
export type ExplainedQuery = { sql: string; executionMs: number; plan: string };
export type QueryResult = { fillSeconds: number; rows: Record<string, number>; endpoints: EndpointLatencies[]; explained: ExplainedQuery[] };

/** How many affiliates are opened for real (application, approval, sign-in through the API); the rest are read-model rows. */
const REAL_AFFILIATES = 3;

/**
 * The statistics screens' calls, over HTTP through the whole server, on a network of realistic size:
 * an affiliate's statistics table over a year (365 days x 20 offers x 10 tracker pairs and each
 * offer's default row: 80,300 figure rows) and its dashboard, and the back office's dashboard (global
 * stats and the month's top 10) over 10,000 affiliates and a year. Each endpoint is loaded on its own
 * by an autocannon worker thread, first with one connection (its own latency), then with several
 * (screens opened at once); GET /auth/me as the same affiliate, under the same loads, is the
 * reference: what any authenticated call costs on this machine at that moment. Then every SQL
 * statement those calls ran is EXPLAINed (ANALYZE, BUFFERS), slowest first.
 *
 * What is real and what is synthetic:
 * - real, through the API or the event log: the 20 offers (the back office's form, so rm_stat_offers
 *   and the offer lists are the projections'), and REAL_AFFILIATES affiliates (application, approval
 *   and sign-in through the API; the email verification appended as its event, as the mail's code
 *   would); the table's affiliate is the first of them, a PPT one;
 * - synthetic, written with generate_series straight into the read models after the projections
 *   caught up: the other affiliates' rm_users rows (and rm_email_verifications), every rm_figure_rows
 *   row, and rm_affiliate_days, rm_affiliate_months and rm_network_days summed from those rows as
 *   the statistics projection sums them (so the tables agree with each other). Counts are a
 *   deterministic hash of affiliate, day and row; revenue is a flat rate (15.00 EUR an essay for
 *   PPT, 25.00 EUR a bill for SALE) rather than the rate engine's tiers, and no earnings events
 *   exist (rm_day_earnings stays empty: none of these calls read it). Figures are not clipped to an
 *   account's opening day. Tables are VACUUM ANALYZEd afterwards, as autovacuum would have by then.
 */
export async function measureQueries(databaseUrl: string, dataDir: string, load: QueryLoad, connections: { table: number; dashboard: number }): Promise<QueryResult> {
  const server = await startBenchServer(databaseUrl, dataDir);
  try {
    const today = dayOf(new Date());
    const from = addDaysToDay(today, -(load.days - 1));
    const offers: string[] = [];
    for (let i = 1; i <= load.offers; i++) offers.push((await createOffer(server, `Bench offer ${i}`, 'import')).id);
    const affiliates = await openRealAffiliates(server, REAL_AFFILIATES);
    const table = affiliates[0]!;

    const started = performance.now();
    const rows = await fillReadModels(server.deps.pool, { load, from, today, offers, tableUserId: table.id });
    const fillSeconds = (performance.now() - started) / 1000;

    const endpoints: Endpoint[] = [
      { screen: 'Reference: GET /auth/me', path: '/auth/me', as: 'affiliate', connections: connections.dashboard },
      { screen: 'Affiliate statistics table, a year', path: `/affiliate/stats/rows?period=custom&from=${from}&to=${today}`, as: 'affiliate', connections: connections.table },
      { screen: 'Affiliate dashboard', path: '/affiliate/stats/processed', as: 'affiliate', connections: connections.dashboard },
      { screen: 'Admin dashboard: global stats', path: '/admin/stats/global', as: 'admin', connections: connections.dashboard },
      { screen: 'Admin dashboard: top 10 of the month', path: '/admin/stats/top-affiliates?period=month&limit=10', as: 'admin', connections: connections.dashboard },
    ];
    const tokenOf = (e: Endpoint) => (e.as === 'admin' ? server.adminToken : table.token);
    const explained = await explainStatements(server, endpoints.map((e) => ({ url: `${server.url}/api/v1${e.path}`, token: tokenOf(e) })));

    const measure = async (endpoint: Endpoint): Promise<EndpointLatency> => {
      const options = {
        url: `${server.url}/api/v1${endpoint.path}`, connections: endpoint.connections, headers: { authorization: `Bearer ${tokenOf(endpoint)}` }, workers: 1, timeout: 60,
      };
      await autocannon({ ...options, duration: load.warmupSeconds });
      const result = await autocannon({ ...options, duration: load.durationSeconds });
      return {
        ...endpoint,
        requests: result.requests.total,
        requestsPerSecond: result.requests.total / result.duration,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
        answerBytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
      };
    };
    const measured: EndpointLatencies[] = [];
    for (const endpoint of endpoints) measured.push({ alone: await measure({ ...endpoint, connections: 1 }), loaded: await measure(endpoint) });
    return { fillSeconds, rows, endpoints: measured, explained };
  } finally {
    await server.stop();
  }
}

type RealAffiliate = { id: string; token: string };

/** Affiliates as the product opens them: an application, its approval by the admin, a sign-in; the verified email appended as its event. */
async function openRealAffiliates(server: RunningServer & { adminToken: string }, count: number): Promise<RealAffiliate[]> {
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const opened: RealAffiliate[] = [];
  for (let i = 0; i < count; i++) {
    const email = `table${i}@example.test`;
    const password = `bench-affiliate-${i}-password`;
    const { id } = await call<{ id: string }>('/applications/submit', {
      first_name: 'Table', last_name: `Affiliate${i}`, username: `table${i}`, email, password, profile_type: 'individual', contact_method: `@table${i}`,
      country: 'France', experience_description: 'Media buyer on dating offers since 2019', affiliate_niches: [], traffic_sources: ['SEO'], terms_accepted: true,
    });
    const approved = await call<{ user_id: string }>(`/applications/${id}/approve`, { payment_type: i % 2 ? 'sale' : 'ppt' }, server.adminToken);
    await server.deps.eventStore.append(userStream(approved.user_id), toNewEvents([{ type: 'EmailVerified', data: { email } }], systemContext(new Date())), { expectedRevision: 'stream_exists' });
    const { token } = await call<{ token: string }>('/auth/login', { email, password });
    opened.push({ id: approved.user_id, token });
  }
  await settled(server);
  return opened;
}

/**
 * Four counts from a non-negative bigint SQL expression `h`: clicks 1 to 120, about one
 * registration in sixteen clicks, fewer essays, fewer bills; and the flat revenue of the row for the
 * affiliate's payment type (the SQL expression `paymentType`).
 */
const countsOf = (h: string, paymentType: string) => {
  const click = `(1 + (${h}) % 120)`;
  const registered = `((${h}) / 120 % (${click} / 8 + 1))`;
  const essay = `((${h}) / 7 % (${registered} / 2 + 1))`;
  const bill = `((${h}) / 11 % (${essay} / 2 + 1))`;
  return `${click}, ${registered}, ${essay}, ${bill}, CASE WHEN ${paymentType} = 'sale' THEN ${bill} * 2500 ELSE ${essay} * 1500 END`;
};
const hashOf = (key: string) => `(hashint8(${key}) & 2147483647)::bigint`;

async function fillReadModels(
  pool: pg.Pool,
  fill: { load: QueryLoad; from: Day; today: Day; offers: string[]; tableUserId: string },
): Promise<Record<string, number>> {
  const { load, from, today, offers, tableUserId } = fill;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: existing } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM rm_users WHERE role = 'affiliate'`);
    await client.query(
      `INSERT INTO rm_users (id, unique_id, role, first_name, last_name, username, email, email_verified, contact_method, country, payment_type, created_at, last_connection)
       SELECT gen_random_uuid(), 50000 + g, 'affiliate', 'Synth', 'N' || g, 'synth' || g, 'synth' || g || '@example.test', true, '@synth' || g, 'France',
              CASE WHEN g % 2 = 0 THEN 'ppt' ELSE 'sale' END,
              -- one in twenty opened in the last 30 days, the others more than a year ago
              now() - CASE WHEN g % 20 = 0 THEN (g % 30) * interval '1 day' ELSE interval '400 days' END,
              CASE WHEN g % 3 = 0 THEN NULL ELSE now() - (g % 45) * interval '1 day' END
         FROM generate_series(1, $1::int) g`,
      [Math.max(0, load.affiliates - existing[0]!.count)],
    );
    await client.query(
      `INSERT INTO rm_email_verifications SELECT id, (created_at AT TIME ZONE 'Europe/Paris')::date FROM rm_users WHERE unique_id > 50000 ON CONFLICT DO NOTHING`,
    );
    // The table's affiliate: every day, every offer, its default row and its tracker pairs.
    await client.query(
      `INSERT INTO rm_figure_rows (user_id, day, offer_id, s1, s2, click, registered, essay, bill, revenue_cents)
       SELECT $1::uuid, $2::date + d, o.offer_id, t.s1, t.s2, ${countsOf(hashOf('d * 100000 + o.n * 100 + t.n'), 'u.payment_type')}
         FROM generate_series(0, $3::int - 1) d
        CROSS JOIN unnest($4::text[]) WITH ORDINALITY AS o(offer_id, n)
        CROSS JOIN (SELECT 0 AS n, '' AS s1, '' AS s2 UNION ALL SELECT p, 'src' || (p % 5), 'camp' || p FROM generate_series(1, $5::int) p) t
        CROSS JOIN (SELECT payment_type FROM rm_users WHERE id = $1) u`,
      [tableUserId, from, load.days, offers, load.trackerPairs],
    );
    // Every other affiliate: on some days, an offer's default row and one tracker pair.
    await client.query(
      `INSERT INTO rm_figure_rows (user_id, day, offer_id, s1, s2, click, registered, essay, bill, revenue_cents)
       SELECT u.id, $2::date + d, ($4::text[])[1 + u.i % cardinality($4::text[])], t.s1, t.s2, ${countsOf('x.h / (t.n + 1)', 'u.payment_type')}
         FROM (SELECT id, payment_type, row_number() OVER (ORDER BY unique_id) AS i FROM rm_users WHERE role = 'affiliate' AND id <> $1::uuid) u
        CROSS JOIN generate_series(0, $3::int - 1) d
        CROSS JOIN LATERAL (SELECT ${hashOf('u.i * 1000 + d')} AS h) x
        CROSS JOIN (VALUES (0, '', ''), (1, 'fb', 'camp1')) t(n, s1, s2)
        WHERE x.h % 100 < $5`,
      [tableUserId, from, load.days, offers, load.activeDaysPercent],
    );
    // What the statistics projection keeps beside the rows: their sums per affiliate-day, affiliate-month and network day.
    await client.query(
      `INSERT INTO rm_affiliate_days (user_id, day, click, registered, essay, bill, revenue_cents)
       SELECT user_id, day, sum(click), sum(registered), sum(essay), sum(bill), sum(revenue_cents) FROM rm_figure_rows GROUP BY 1, 2`,
    );
    await client.query(
      `INSERT INTO rm_affiliate_months (user_id, month, click, registered, essay, bill, revenue_cents)
       SELECT user_id, date_trunc('month', day)::date, sum(click), sum(registered), sum(essay), sum(bill), sum(revenue_cents) FROM rm_affiliate_days GROUP BY 1, 2`,
    );
    await client.query(
      `INSERT INTO rm_network_days (day, click, registered, essay, bill, revenue_cents, active_affiliates)
       SELECT day, sum(click), sum(registered), sum(essay), sum(bill), sum(revenue_cents), count(*) FILTER (WHERE click > 0 OR registered > 0 OR essay > 0 OR bill > 0)
         FROM rm_affiliate_days GROUP BY day`,
    );
    await client.query('COMMIT');
    const tables = ['rm_users', 'rm_email_verifications', 'rm_stat_offers', 'rm_figure_rows', 'rm_affiliate_days', 'rm_affiliate_months', 'rm_network_days'];
    for (const t of tables) await client.query(`VACUUM ANALYZE ${t}`);
    const counted: Record<string, number> = {};
    for (const t of tables) counted[t] = (await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${t}`)).rows[0]!.count;
    counted['rm_figure_rows of the table affiliate'] = (
      await client.query<{ count: number }>('SELECT count(*)::int AS count FROM rm_figure_rows WHERE user_id = $1 AND day BETWEEN $2 AND $3', [tableUserId, from, today])
    ).rows[0]!.count;
    return counted;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

type Statement = { text: string; values: unknown[] };

/**
 * Calls each URL once while recording every statement the server's pool runs (the endpoints' own
 * SQL, authentication included), then EXPLAINs (ANALYZE, BUFFERS) each distinct statement with the
 * values it ran with. Slowest first.
 */
async function explainStatements(server: RunningServer, calls: { url: string; token: string }[]): Promise<ExplainedQuery[]> {
  const pool = server.deps.pool;
  const seen = new Map<string, Statement>();
  const original = pool.query;
  pool.query = ((config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
    const statement = typeof config === 'string' ? { text: config, values: values ?? [] } : { text: config.text, values: config.values ?? values ?? [] };
    if (!seen.has(statement.text)) seen.set(statement.text, statement);
    return (original as (...args: unknown[]) => unknown).call(pool, config, values);
  }) as typeof pool.query;
  try {
    for (const { url, token } of calls) {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }
  } finally {
    pool.query = original;
  }
  const explained: ExplainedQuery[] = [];
  for (const { text, values } of seen.values()) {
    if (!/^\s*(SELECT|WITH)/i.test(text)) continue;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    explained.push({ sql: text, executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0), plan });
  }
  return explained.sort((a, b) => b.executionMs - a.executionMs);
}
