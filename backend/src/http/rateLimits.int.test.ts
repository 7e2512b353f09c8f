import { SERVER_MESSAGES } from '@affilux/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { createOffer } from '../../../test/figuresSetup';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { PostgresRateLimitStore } from './rateLimitStore';
import { RATE_LIMITS, WRONG_SECRET_LIMIT } from './rateLimits';

const RATE_LIMITED = { message: SERVER_MESSAGES.rate_limited, code: 'rate_limited' };
const rule = (name: string) => RATE_LIMITS.find((r) => r.name === name)!;

/** Calls as they arrive through a proxy on this machine, from `address` (the server trusts its loopback proxy). */
const from = (address: string) => ({ 'x-forwarded-for': address });

const contactMessage = (n: number) => ({
  name: 'Camille Martin',
  email: `camille.martin+${n}@example.test`,
  subject: `Question numéro ${n}`,
  message: 'Bonjour, je voudrais en savoir plus sur vos offres dating.',
});

describe('per-address rate limits, with the product limits', () => {
  let server: ApiHarness;

  beforeAll(async () => {
    server = await startApiHarness({ rateLimitScale: 1 });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('40 contact messages from one address: the first 5 are recorded as usual, every later one is refused with 429 and the rate_limited message', async () => {
    const statuses: number[] = [];
    const refusedBodies: unknown[] = [];
    for (let n = 1; n <= 40; n++) {
      const { status, body } = await server.call('POST', '/contact/submit', { body: contactMessage(n), headers: from('203.0.113.10') });
      statuses.push(status);
      if (status === 429) refusedBodies.push(body);
    }

    const limit = rule('contact').limit;
    expect(statuses).toEqual([...Array(limit).fill(201), ...Array(40 - limit).fill(429)]);
    expect(new Set(refusedBodies.map((b) => JSON.stringify(b)))).toEqual(new Set([JSON.stringify(RATE_LIMITED)]));
    const { rows } = await server.db.pool.query<{ recorded: number }>("SELECT count(*)::int AS recorded FROM events WHERE type = 'ContactMessageSubmitted'");
    expect(rows[0]!.recorded).toBe(limit);
  });

  it('an answer under the limit is the same as without limits, plus the RateLimit headers; a refusal says when to retry', async () => {
    const url = `${server.url}/api/v1/contact/submit`;
    const post = (n: number) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...from('203.0.113.11') }, body: JSON.stringify(contactMessage(n)) });

    const first = await post(1);

    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ message: 'Message envoyé avec succès !', id: expect.any(String) });
    expect(first.headers.get('ratelimit')).toBe('"contact"; r=4; t=3600');
    expect(first.headers.get('ratelimit-policy')).toMatch(/^"contact"; q=5; w=3600; pk=:[A-Za-z0-9+/=]+:$/);
    for (let n = 2; n <= 5; n++) expect((await post(n)).status).toBe(201);
    const refused = await post(6);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('ratelimit')).toMatch(/^"contact"; r=0; t=\d+$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('a limited address does not limit another one', async () => {
    for (let n = 1; n <= 6; n++) await server.call('POST', '/contact/submit', { body: contactMessage(n), headers: from('203.0.113.12') });

    const other = await server.call('POST', '/contact/submit', { body: contactMessage(7), headers: from('203.0.113.13') });

    expect(other.status).toBe(201);
  });

  it('120 sign-ins across 30 accounts from one address: the first 20 succeed, every later one is refused with 429, right password or not', async () => {
    const affiliates: TestAffiliate[] = [];
    for (let i = 0; i < 30; i++) affiliates.push(await server.createAffiliate({ verified: false, clientAddress: `198.51.100.${i + 1}` }));

    const answers: { status: number; token?: string; message: string; code?: unknown }[] = [];
    for (let attempt = 0; attempt < 120; attempt++) {
      const affiliate = affiliates[attempt % 30]!;
      const { status, body } = await server.call('POST', '/auth/login', { body: { email: affiliate.email, password: affiliate.password }, headers: from('203.0.113.20') });
      answers.push({ status, token: body.token, message: body.message, code: body.code });
    }

    const limit = rule('login').limit;
    expect(answers.slice(0, limit).every((a) => a.status === 200 && typeof a.token === 'string')).toBe(true);
    expect(answers.slice(limit).map((a) => a.status)).toEqual(Array(120 - limit).fill(429));
    expect(answers.slice(limit).every((a) => a.message === RATE_LIMITED.message && a.code === 'rate_limited' && a.token === undefined)).toBe(true);
  }, 180_000); // 30 accounts opened and 120 passwords checked: minutes on a machine busy with other suites

  it.each(RATE_LIMITS.filter((r) => r.name !== 'login' && r.name !== 'contact'))(
    '$method $path allows $limit calls per address, then answers 429 (whatever the calls were)',
    async ({ method, path, limit }) => {
      const address = `203.0.113.${100 + RATE_LIMITS.findIndex((r) => r.path === path)}`;
      const statuses: number[] = [];
      for (let n = 0; n <= limit; n++) {
        statuses.push((await server.call(method.toUpperCase(), path, { body: {}, headers: from(address) })).status);
      }

      expect(statuses.slice(0, limit).every((status) => status !== 429)).toBe(true);
      expect(statuses[limit]).toBe(429);
    },
  );

  it('calls that are not limited carry no RateLimit header', async () => {
    const response = await fetch(`${server.url}/api/v1/health`);

    expect(response.headers.get('ratelimit')).toBeNull();
  });
});

describe('wrong postback and API keys, per address, with the product limit', () => {
  let server: ApiHarness;
  let admin: string;
  let source: string;
  let offer: { id: string; postbackKey: string };
  const limit = WRONG_SECRET_LIMIT.limit;
  const postback = (key: string, txid: string, address: string) =>
    server.call<{ status?: string; message?: string; code?: string }>('GET', `/postback?${new URLSearchParams({ key, source, event: 'bill', txid })}`, { headers: from(address) });
  const recorded = async () => Number((await server.db.pool.query("SELECT count(*) AS n FROM events WHERE type = 'ConversionRecorded'")).rows[0].n);

  beforeAll(async () => {
    server = await startApiHarness({ rateLimitScale: 1 });
    admin = await server.login(server.admin.email, server.admin.password);
    source = String((await server.createAffiliate({})).uniqueId).padStart(5, '0');
    offer = await createOffer(server, admin, { brand_name: 'CamLive', intake: 'postback' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('a brand sending many postbacks with its key is never limited; 30 wrong keys are answered 401, then the address is refused everything, right key or not', async () => {
    for (let n = 1; n <= limit + 10; n++) expect((await postback(offer.postbackKey, `OK-${n}`, '203.0.113.40')).body).toEqual({ status: 'recorded' });

    const wrong: number[] = [];
    for (let n = 1; n <= limit; n++) wrong.push((await postback(`guess-${n}`, `W-${n}`, '203.0.113.40')).status);
    expect(wrong).toEqual(Array(limit).fill(401));
    const before = await recorded();
    const url = `${server.url}/api/v1/postback?${new URLSearchParams({ key: offer.postbackKey, source, event: 'bill', txid: 'AFTER' })}`;
    const refused = await fetch(url, { headers: from('203.0.113.40') });

    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(RATE_LIMITED);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await postback('guess-x', 'W-x', '203.0.113.40')).body).toEqual(RATE_LIMITED);
    expect((await server.call('POST', '/postback', { body: { key: offer.postbackKey, source, event: 'bill', txid: 'AFTER' }, headers: from('203.0.113.40') })).status).toBe(429);
    expect(await recorded()).toBe(before);
    expect((await postback(offer.postbackKey, 'OTHER', '203.0.113.41')).body).toEqual({ status: 'recorded' });
  });

  it("wrong API keys on the statistics import count the same way; an admin's import from that address is not refused", async () => {
    const created = await server.call<{ key: string }>('POST', '/admin/api-keys', { token: admin, body: { name: 'LoveMatch BI', offer_ids: [offer.id] } });
    const importWith = (headers: Record<string, string>) => server.call('POST', '/stats/import', { body: { rows: [] }, headers: { ...from('203.0.113.42'), ...headers } });
    expect((await importWith({ 'x-api-key': created.body.key })).status).toBe(400);

    for (let n = 1; n <= limit; n++) expect((await importWith({ 'x-api-key': `afx_wrong${n}` })).status).toBe(401);

    expect((await importWith({ 'x-api-key': created.body.key })).body).toEqual(RATE_LIMITED);
    expect((await importWith({ authorization: `Bearer ${admin}` })).status).toBe(400);
  });
});

describe('the PostgreSQL rate-limit store', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db?.drop();
  });

  /** A store as a limiter of one server process builds it. */
  const storeOf = (windowMs: number) => {
    const store = new PostgresRateLimitStore(db.pool, 'contact');
    store.init({ windowMs } as Parameters<PostgresRateLimitStore['init']>[0]);
    return store;
  };

  it('shares the counts of two server processes on the same database', async () => {
    const [first, second] = [storeOf(60_000), storeOf(60_000)];

    await first.increment('192.0.2.1');
    await second.increment('192.0.2.1');
    const third = await first.increment('192.0.2.1');

    expect(third.totalHits).toBe(3);
    expect((await second.get('192.0.2.1'))?.totalHits).toBe(3);
    expect((await new PostgresRateLimitStore(db.pool, 'newsletter').get('192.0.2.1'))).toBeUndefined();
  });

  it('starts a new window once the previous one has ended', async () => {
    const store = storeOf(300);
    await store.increment('192.0.2.2');
    const second = await store.increment('192.0.2.2');
    expect(second.totalHits).toBe(2);

    await sleep(400);
    const afterWindow = await store.increment('192.0.2.2');

    expect(afterWindow.totalHits).toBe(1);
    expect(afterWindow.resetTime!.getTime()).toBeGreaterThan(Date.now());
  });

  it('decrements and resets a key', async () => {
    const store = storeOf(60_000);
    await store.increment('192.0.2.3');
    await store.increment('192.0.2.3');

    await store.decrement('192.0.2.3');
    expect((await store.get('192.0.2.3'))?.totalHits).toBe(1);
    await store.resetKey('192.0.2.3');
    expect(await store.get('192.0.2.3')).toBeUndefined();
  });
});
