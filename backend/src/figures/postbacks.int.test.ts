import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { recordVariant } from '../../../test/catalogueEvents';
import { createOffer, importFile, settableClock, statRow, updateOffer } from '../../../test/figuresSetup';

const clock = settableClock('2026-11-02T09:00:00Z');
let h: ApiHarness;
let admin: string;
let seller: TestAffiliate;
let offer: { id: string; uniqueId: number; postbackKey: string };
let importOffer: { id: string; uniqueId: number; postbackKey: string };
const source = () => String(seller.uniqueId).padStart(5, '0');

const postback = (params: Record<string, string>, method: 'GET' | 'POST' = 'GET') =>
  method === 'GET'
    ? h.call<{ status?: string; message?: string }>('GET', `/postback?${new URLSearchParams({ key: offer.postbackKey, source: source(), ...params })}`)
    : fetch(`${h.url}/api/v1/postback`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key: offer.postbackKey, source: source(), ...params }) })
        .then(async (r) => ({ status: r.status, body: (await r.json()) as { status?: string; message?: string } }));
/** A postback's answer does not wait for the statistics: they are read once everything recorded so far has been processed. */
const settled = async () => h.server.deps.readModels.waitForConsequences(await h.server.deps.eventStore.headPosition());
const bills = async () => (await settled(), Number((await h.db.pool.query('SELECT coalesce(sum(bill), 0) AS n FROM rm_figure_rows WHERE user_id = $1', [seller.id])).rows[0].n));
const earned = async () => (await settled(), Number((await h.db.pool.query('SELECT coalesce(sum(amount_cents), 0) AS n FROM rm_day_earnings WHERE user_id = $1', [seller.id])).rows[0].n));

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  admin = await h.login(h.admin.email, h.admin.password);
  seller = await h.createAffiliate({ firstName: 'Sarah', lastName: 'Vente' });
  const gold = await recordVariant(h, {
    payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true,
    tiers: [{ tier_level: 1, min_sales: 0, max_sales: 9, amount_cents: 2000 }, { tier_level: 2, min_sales: 10, max_sales: null, amount_cents: 3000 }],
  }, clock.now());
  await h.call('PUT', `/admin/users/${seller.id}/payment-settings`, { token: admin, body: { payment_type: 'sale', variant_id: gold } });
  offer = await createOffer(h, admin, { brand_name: 'CamLive', intake: 'postback' });
  importOffer = await createOffer(h, admin, { brand_name: 'Dailies', intake: 'import' });
  clock.set('2026-11-18T10:00:00Z');
}, 120_000);
afterAll(() => h?.stop());

describe('postbacks', () => {
  it('records a conversion once, by GET or POST, and prices it', async () => {
    expect((await postback({ event: 'bill', txid: 'T-1', s1: 'fb', date: '2026-11-17' })).body).toEqual({ status: 'recorded' });
    expect((await postback({ event: 'bill', txid: 'T-2' }, 'POST')).body).toEqual({ status: 'recorded' });
    expect((await postback({ event: 'bill', txid: 'T-1' })).body).toEqual({ status: 'duplicate' });
    expect(await bills()).toBe(2);
    await expect.poll(earned, { timeout: 10_000 }).toBe(4000);
    const { rows } = await h.db.pool.query("SELECT day::text, s1, bill FROM rm_figure_rows WHERE user_id = $1 ORDER BY day", [seller.id]);
    expect(rows).toEqual([{ day: '2026-11-17', s1: 'fb', bill: 1 }, { day: '2026-11-18', s1: '', bill: 1 }]);
  });

  it('takes a known conversion back out with a reversal, once; an unknown one is a 404', async () => {
    expect((await postback({ event: 'bill', txid: 'T-2', status: 'reversed' })).body).toEqual({ status: 'reversed' });
    expect((await postback({ event: 'bill', txid: 'T-2', status: 'reversed' })).body).toEqual({ status: 'reversed' });
    expect(await bills()).toBe(1);
    // The answer waits for the figures; the price follows at once (the pricing reactor).
    await expect.poll(earned, { timeout: 10_000 }).toBe(2000);
    expect((await postback({ event: 'bill', txid: 'T-404', status: 'reversed' })).status).toBe(404);
    expect((await postback({ event: 'bill', txid: 'T-2' })).body).toEqual({ status: 'duplicate' });
  });

  it('counts each transaction id exactly once under 64 concurrent senders repeating ids, and crosses tiers at the right bill', async () => {
    const before = await bills();
    const sends = Array.from({ length: 64 * 4 }, (_, i) => postback({ event: 'bill', txid: `BURST-${i % 20}`, date: '2026-11-16' }));
    const answers = await Promise.all(sends);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.status === 'recorded')).toHaveLength(20);
    expect(await bills()).toBe(before + 20);
    // 21 bills this week: Monday's 20 take positions 1-20 (9 at 20.00, 11 at 30.00), Tuesday's bill the 21st (30.00).
    await expect.poll(earned, { timeout: 10_000 }).toBe(9 * 2000 + 11 * 3000 + 3000);
  });

  it('refuses an unknown key, an offer taking figures by import, an unknown source, a future date, a bad event, each with a clear 4xx', async () => {
    const head = await h.eventHead();
    expect(await postback({ key: 'nope', event: 'bill', txid: 'X' })).toMatchObject({ status: 401, body: { message: 'Clé de postback inconnue' } });
    expect(await postback({ key: importOffer.postbackKey, event: 'bill', txid: 'X' })).toMatchObject({ status: 409, body: { message: `L'offre ${String(importOffer.uniqueId).padStart(5, '0')} reçoit ses chiffres par import, pas par postback` } });
    expect(await postback({ source: '99999', event: 'bill', txid: 'X' })).toMatchObject({ status: 400, body: { message: 'Affilié inconnu : 99999' } });
    expect(await postback({ event: 'bill', txid: 'X', date: '2026-11-19' })).toMatchObject({ status: 400, body: { message: 'Date dans le futur (2026-11-19)' } });
    expect(await postback({ event: 'bill', txid: 'X', date: '2026-10-01' })).toMatchObject({ status: 400, body: { message: "Date antérieure à l'ouverture du compte de l'affilié (2026-11-02)" } });
    expect(await postback({ event: 'sale', txid: 'X' })).toMatchObject({ status: 400, body: { message: 'event doit être click, registration, essay ou bill' } });
    expect(await postback({ event: 'bill' })).toMatchObject({ status: 400, body: { message: 'txid est requis' } });
    const jsonBody = async (body: Record<string, unknown>) => {
      const response = await fetch(`${h.url}/api/v1/postback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: offer.postbackKey, source: source(), event: 'click', ...body }) });
      return { status: response.status, body: await response.json() };
    };
    expect(await jsonBody({ txid: true })).toMatchObject({ status: 400, body: { message: 'txid doit être un texte' } });
    // Past 2^53, a number no longer reads as what was sent: 9007199254740993 would count as 9007199254740992.
    const unsafe = await fetch(`${h.url}/api/v1/postback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"key":"${offer.postbackKey}","source":"${source()}","event":"click","txid":9007199254740993}` });
    expect({ status: unsafe.status, body: await unsafe.json() }).toMatchObject({ status: 400, body: { message: 'txid doit être un texte' } });
    expect(await jsonBody({ txid: 'J-1', source: 42 })).toMatchObject({ status: 400, body: { message: 'source doit être un identifiant affilié à 5 chiffres' } });
    expect(await postback({ event: 'bill', txid: 'X', s1: '\u202Enimda' })).toMatchObject({ status: 400, body: { message: 's1 contient un caractère invisible ou de contrôle (par exemple un changement de sens du texte)' } });
    expect(await postback({ event: 'bill', txid: 'X', s2: 'y'.repeat(101) })).toMatchObject({ status: 400, body: { message: 's2 fait 100 caractères au plus' } });
    // A NUL cannot be stored in a figure row: refused in the query and in a form or JSON body alike.
    const nul = { status: 400, body: { message: 'Caractère non autorisé (caractère nul ou caractère Unicode invalide)' } };
    expect(await postback({ event: 'bill', txid: 'X', s1: 'fb\u0000' })).toMatchObject(nul);
    expect(await postback({ event: 'bill', txid: 'X', s1: 'fb\u0000' }, 'POST')).toMatchObject(nul);
    const json = await fetch(`${h.url}/api/v1/postback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: offer.postbackKey, source: source(), event: 'bill', txid: 'X\u0000' }) });
    expect({ status: json.status, body: await json.json() }).toMatchObject(nul);
    expect(await h.eventHead()).toBe(head);
  });

  it('stops taking a rotated key', async () => {
    const rotated = await h.call<{ postback_key: string }>('POST', `/offers/${offer.id}/rotate-postback-key`, { token: admin });
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await postback({ event: 'bill', txid: 'R-1' })).status).toBe(401);
    offer = { ...offer, postbackKey: rotated.body.postback_key };
    expect((await postback({ event: 'bill', txid: 'R-1' })).body).toEqual({ status: 'recorded' });
  });

  it('a read model that cannot take a row makes /health say degraded, naming it to an admin, and catches up once it can', async () => {
    const health = async (token?: string) => (await h.call<{ status: string; failing?: { processor: string; error: string; attempts: number }[] }>('GET', '/health', { token })).body;
    const before = await earned();
    await h.db.pool.query('ALTER TABLE rm_day_earnings ADD CONSTRAINT test_refuses_rows CHECK (false) NOT VALID');
    try {
      expect((await postback({ event: 'bill', txid: 'H-1' })).body).toEqual({ status: 'recorded' });
      await vi.waitFor(async () => expect((await health()).status).toBe('degraded'), { timeout: 15_000, interval: 100 });
      expect(await health()).toEqual({ status: 'degraded' });
      expect((await health(admin)).failing).toEqual([
        { processor: 'day_earnings', error: expect.stringContaining('test_refuses_rows'), since: expect.any(String), attempts: expect.any(Number), retryInMs: expect.any(Number) },
      ]);
    } finally {
      await h.db.pool.query('ALTER TABLE rm_day_earnings DROP CONSTRAINT test_refuses_rows');
    }
    // Tried again within seconds (the wait doubles from 1 s): the bill is priced once, and all is well again.
    await vi.waitFor(async () => expect((await health()).status).toBe('ok'), { timeout: 20_000, interval: 200 });
    expect(await earned()).toBe(before + 3000); // Past ten bills this week: the second tier.
  });

  it("takes a brand's JSON body sending its ids as numbers: the same text, counted once", async () => {
    const sent = async (txid: unknown, sourceId: unknown) => {
      const response = await fetch(`${h.url}/api/v1/postback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: offer.postbackKey, source: sourceId, event: 'click', txid }) });
      return response.json();
    };
    expect(await sent(90210, Number(source()))).toEqual({ status: 'recorded' });
    expect(await sent('90210', source())).toEqual({ status: 'duplicate' });
  });

  it("keeps an offer's conversions when it is switched to import: a day's file never takes them out, and they stay reversible (figures review)", async () => {
    const switched = (day: string) => h.db.pool.query("SELECT s1, bill, imported_bill FROM rm_figure_rows WHERE user_id = $1 AND offer_id = $2 AND day = $3 AND s1 <> 'fb' ORDER BY s1", [seller.id, offer.id, day]).then((r) => r.rows);
    for (const txid of ['SW-1', 'SW-2']) expect((await postback({ event: 'bill', txid, s1: 'sw', date: '2026-11-17' })).body).toEqual({ status: 'recorded' });
    const dayFile = { rows: [statRow(seller, '2026-11-17', { siteGroups: { [importOffer.uniqueId]: { click: 10, registered: 1, essay: 0, bill: 0 } } })] };
    expect((await importFile(h, { token: admin }, dayFile)).body).toMatchObject({ ok: true });
    await settled();
    expect(await switched('2026-11-17')).toEqual([{ s1: 'sw', bill: 2, imported_bill: 0 }]);

    await updateOffer(h, admin, offer.id, { brand_name: 'CamLive', intake: 'import' });
    // The same file changes nothing: the offer's figures came by postback, not by an import.
    expect((await importFile(h, { token: admin }, dayFile, { preview: true })).body).toMatchObject({ ok: true, rows_changed: 0 });
    expect((await importFile(h, { token: admin }, dayFile)).body).toMatchObject({ ok: true, rows_changed: 0 });
    // An import of the offer for that day adds its counts to the conversions, and replacing it takes back only its own.
    const withOffer = (bill: number) => ({ rows: [statRow(seller, '2026-11-17', { siteGroups: { [importOffer.uniqueId]: { click: 10, registered: 1, essay: 0, bill: 0 }, [offer.uniqueId]: { click: 5, registered: 0, essay: 0, bill } } })] });
    expect((await importFile(h, { token: admin }, withOffer(3))).body).toMatchObject({ ok: true, rows_changed: 1 });
    await settled();
    expect(await switched('2026-11-17')).toEqual([{ s1: '', bill: 3, imported_bill: 3 }, { s1: 'sw', bill: 2, imported_bill: 0 }]);
    expect((await importFile(h, { token: admin }, dayFile)).body).toMatchObject({ ok: true, rows_changed: 1 });
    await settled();
    expect(await switched('2026-11-17')).toEqual([{ s1: 'sw', bill: 2, imported_bill: 0 }]);

    // A known conversion is taken back out whatever the offer takes now (its key's details are kept 5 s) or whoever it is given to.
    const keptKey = () => new Promise((resolve) => setTimeout(resolve, 5_100));
    await keptKey();
    expect((await postback({ event: 'bill', txid: 'SW-1', status: 'reversed' })).body).toEqual({ status: 'reversed' });
    const other = await h.createAffiliate({ firstName: 'Olga', lastName: 'Autre' });
    await updateOffer(h, admin, offer.id, { brand_name: 'CamLive', intake: 'postback', is_private: true, private_affiliate_ids: [other.uniqueId] });
    await keptKey();
    expect((await postback({ event: 'bill', txid: 'SW-2', status: 'reversed' })).body).toEqual({ status: 'reversed' });
    // New conversions still follow the offer's intake and privacy.
    expect((await postback({ event: 'bill', txid: 'SW-3' })).status).toBe(400);
    await settled();
    expect(await switched('2026-11-17')).toEqual([]);
  });
});
