import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { recordVariant } from '../../../test/catalogueEvents';
import { createOffer, importFile, settableClock, statRow } from '../../../test/figuresSetup';

const clock = settableClock('2026-11-02T09:00:00Z');
let h: ApiHarness;
let admin: string;
let ppt: TestAffiliate;
let sale: TestAffiliate;
let offer: { id: string; uniqueId: number };

const earnings = async (user: TestAffiliate) =>
  Object.fromEntries((await h.db.pool.query<{ day: string; amount_cents: number }>('SELECT day::text, amount_cents FROM rm_day_earnings WHERE user_id = $1 ORDER BY day', [user.id])).rows.map((r) => [r.day, Number(r.amount_cents)]));
const days = async (user: TestAffiliate) =>
  (await h.db.pool.query('SELECT day::text, click, registered, essay, bill, revenue_cents FROM rm_affiliate_days WHERE user_id = $1 ORDER BY day', [user.id])).rows.map((r) => ({ ...r }));

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
  offer = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
  clock.set('2026-11-18T10:00:00Z');
}, 120_000);
afterAll(() => h?.stop());

describe('importing daily statistics', () => {
  it('records a file whole, prices each affiliate-day with the settings in force, and fills the statistics', async () => {
    const file = {
      rows: [
        statRow(ppt, '2026-11-16', { siteGroups: { [offer.uniqueId]: { click: 100, registered: 10, essay: 3, bill: 1, trackers: { a: { s1: 'fb', s2: 'c1', click: 40, registered: 4, essay: 1 } } } } }),
        statRow(sale, '2026-11-16', { siteGroups: { [offer.uniqueId]: { click: 50, registered: 5, essay: 2, bill: 2 } } }),
        statRow(sale, '2026-11-17', JSON.stringify({ globals: { click: 30, registered: 3, bill: 4 } })),
      ],
    };
    const answer = await importFile(h, { token: admin }, file);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, preview: false, rows_received: 3, days_received: 3, rows_changed: 4, days_changed: 3, affiliates: 2 } });

    expect(await earnings(ppt)).toEqual({ '2026-11-16': 6000 });
    // Sale tiers over the week: bills 1-2 at 20.00 (Monday), 3-4 at 25.00 and 5-6 at 30.00 (Tuesday).
    expect(await earnings(sale)).toEqual({ '2026-11-16': 4000, '2026-11-17': 2 * 2500 + 2 * 3000 });
    expect(await days(ppt)).toEqual([{ day: '2026-11-16', click: 100, registered: 10, essay: 3, bill: 1, revenue_cents: 6000 }]);
    const { rows: tracker } = await h.db.pool.query("SELECT essay, revenue_cents FROM rm_figure_rows WHERE user_id = $1 AND s1 = 'fb'", [ppt.id]);
    expect(tracker).toEqual([{ essay: 1, revenue_cents: 2000 }]);
    const { rows: network } = await h.db.pool.query("SELECT day::text, essay, bill, revenue_cents, active_affiliates FROM rm_network_days ORDER BY day");
    expect(network).toEqual([
      { day: '2026-11-16', essay: 5, bill: 3, revenue_cents: 10_000, active_affiliates: 2 },
      { day: '2026-11-17', essay: 0, bill: 4, revenue_cents: 11_000, active_affiliates: 1 },
    ]);
  });

  it('records nothing when the same file is sent again', async () => {
    const head = await h.eventHead();
    const again = await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-16', { siteGroups: { [offer.uniqueId]: { click: 100, registered: 10, essay: 3, bill: 1, trackers: { a: { s1: 'fb', s2: 'c1', click: 40, registered: 4, essay: 1 } } } } })] });
    expect(again.body).toMatchObject({ ok: true, import_id: null, rows_changed: 0 });
    expect(await h.eventHead()).toBe(head);
  });

  it('replaces a day sent again: a lower count records the difference and reprices the rest of the week', async () => {
    const answer = await importFile(h, { token: admin }, { rows: [statRow(sale, '2026-11-16', { siteGroups: { [offer.uniqueId]: { click: 50, registered: 5, essay: 2, bill: 1 } } })] });
    expect(answer.body).toMatchObject({ rows_changed: 1, days_changed: 1 });
    const { rows } = await h.db.pool.query(`SELECT data FROM events WHERE type = 'FiguresImported' AND data->>'import_id' = $1`, [answer.body.import_id]);
    expect(rows[0].data.rows).toEqual([{ user_id: sale.id, day: '2026-11-16', offer_id: offer.id, s1: '', s2: '', click: 50, registered: 5, essay: 2, bill: 1, delta: { click: 0, registered: 0, essay: 0, bill: -1 } }]);
    // Bills 1 (Monday) at 20.00; Tuesday's 4 take positions 2-5: 20.00, 25.00, 25.00, 30.00.
    expect(await earnings(sale)).toEqual({ '2026-11-16': 2000, '2026-11-17': 2000 + 2500 + 2500 + 3000 });
  });

  it('refuses a file with one bad row whole, naming each refused row and its reason, and records nothing', async () => {
    const head = await h.eventHead();
    const answer = await importFile(h, { token: admin }, {
      rows: [
        statRow(ppt, '2026-11-17', { globals: { essay: 1 } }),
        statRow(ppt, '2026-11-19', { globals: { essay: 1 } }),
        { source: '99999', stat_date: '2026-11-17', data: { globals: {} } },
        statRow(ppt, '2026-11-17', { globals: { essay: -2 } }),
        statRow(ppt, '2026-11-17', { siteGroups: { '77777': {} } }),
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Le fichier contient 4 lignes refusées : rien n'a été importé");
    expect(answer.body.rejected_rows).toEqual([
      { row: 2, source: String(ppt.uniqueId).padStart(5, '0'), stat_date: '2026-11-19', reason: 'date dans le futur (2026-11-19)' },
      { row: 3, source: '99999', stat_date: '2026-11-17', reason: 'affilié inconnu : 99999' },
      { row: 4, source: String(ppt.uniqueId).padStart(5, '0'), stat_date: '2026-11-17', reason: 'essay doit être un entier positif ou nul (globals)' },
      { row: 5, source: String(ppt.uniqueId).padStart(5, '0'), stat_date: '2026-11-17', reason: 'offre inconnue : 77777' },
    ]);
    expect(await h.eventHead()).toBe(head);
  });

  it('refuses a day sent twice in one file', async () => {
    const answer = await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-17', { globals: { essay: 1 } }), statRow(ppt, '2026-11-17', { globals: { essay: 2 } })] });
    expect(answer.body.rejected_rows).toEqual([{ row: 2, source: String(ppt.uniqueId).padStart(5, '0'), stat_date: '2026-11-17', reason: 'jour en double dans le fichier (même affilié, même date)' }]);
  });

  it('refuses a day sent again in a later chunk of the file, and keeps nothing staged', async () => {
    // 2,001 figure rows in the first row: the file is staged in two chunks, the second written while the first is.
    const trackers = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`t${i}`, { s1: `s${i}`, click: 1 }]));
    const head = await h.eventHead();
    const answer = await importFile(h, { token: admin }, {
      rows: [statRow(ppt, '2026-11-17', { globals: { click: 2001, trackers } }), statRow(ppt, '2026-11-17', { globals: { essay: 1 } })],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.rejected_rows).toEqual([{ row: 2, source: String(ppt.uniqueId).padStart(5, '0'), stat_date: '2026-11-17', reason: 'jour en double dans le fichier (même affilié, même date)' }]);
    expect(await h.eventHead()).toBe(head);
    const staged = await h.db.pool.query('SELECT (SELECT count(*) FROM import_rows)::int + (SELECT count(*) FROM import_days)::int AS n');
    expect(staged.rows[0].n).toBe(0);
  });

  it('takes the largest counts it accepts (a billion clicks, a million trials a row), prices them exactly, and refuses one more', async () => {
    const big = await h.createAffiliate({ firstName: 'Bruno', lastName: 'Volume' });
    const second = await createOffer(h, admin, { brand_name: 'MegaCams', intake: 'import' });
    const answer = await importFile(h, { token: admin }, {
      rows: [statRow(big, '2026-11-18', {
        globals: { click: 1_000_000_000, essay: 1_000_000 },
        siteGroups: { [offer.uniqueId]: { essay: 1_000_000, trackers: { a: { s1: 'fb', essay: 1_000_000 } } }, [second.uniqueId]: { essay: 1_000_000 } },
      })],
    });
    expect(answer.status).toBe(200);
    expect(await earnings(big)).toEqual({ '2026-11-18': 3_000_000 * 2000 });
    const { rows } = await h.db.pool.query('SELECT count, last_position FROM rm_day_earnings WHERE user_id = $1', [big.id]);
    expect(rows).toEqual([{ count: 3_000_000, last_position: 3_000_000 }]);
    const info = await h.call<{ total_essays: number; global_essays: number }>('GET', '/affiliate/stats/ppt-info', { token: big.token });
    expect([info.status, info.body.total_essays, info.body.global_essays]).toEqual([200, 3_000_000, 3_000_000]);

    // What earns money is bounded so that no amount passes 2^53 cents, where it would stop being exact.
    const head = await h.eventHead();
    const refused = await importFile(h, { token: admin }, { rows: [statRow(big, '2026-11-18', { siteGroups: { [second.uniqueId]: { essay: 1_000_001 } } })] });
    expect([refused.status, refused.body.rejected_rows?.[0]?.reason]).toEqual([400, `essay dépasse le maximum de 1 000 000 (offre ${String(second.uniqueId).padStart(5, '0')})`]);
    expect(await h.eventHead()).toBe(head);

    const next = await importFile(h, { token: admin }, { rows: [statRow(big, '2026-11-18', { globals: { essay: 1 } })] });
    expect(next.status).toBe(200);
    expect(await earnings(big)).toEqual({ '2026-11-18': 2000 });
  });

  it('previews a file: what it would change, recording nothing', async () => {
    const head = await h.eventHead();
    const preview = await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-17', { globals: { essay: 2 } })] }, { preview: true });
    expect(preview.body).toEqual({ ok: true, import_id: null, preview: true, rows_received: 1, days_received: 1, rows_changed: 1, days_changed: 1, affiliates: 1 });
    expect(await h.eventHead()).toBe(head);
  });

  it('refuses a preview asked in any other words than preview=true, instead of importing the file', async () => {
    const head = await h.eventHead();
    for (const query of ['?preview=TRUE', '?preview=yes', '?preview=1', '?preview=true&preview=true']) {
      const answer = await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-17', { globals: { essay: 9 } })] }, { query });
      expect([query, answer.status, answer.body.message]).toEqual([query, 400, 'preview vaut true ou false']);
    }
    expect(await h.eventHead()).toBe(head);
  });

  it('takes CSV (source, stat_date, data as a JSON string)', async () => {
    const csv = `source,stat_date,data\n${String(ppt.uniqueId).padStart(5, '0')},2026-11-17,"${JSON.stringify({ globals: { click: 7, essay: 2 } }).replaceAll('"', '""')}"\n`;
    const answer = await importFile(h, { token: admin }, csv, { csv: true });
    expect(answer.body).toMatchObject({ ok: true, rows_changed: 1 });
    expect(await earnings(ppt)).toEqual({ '2026-11-16': 6000, '2026-11-17': 4000 });
  });

  it("names a refused CSV row by its line in the file (the header is line 1, empty lines count), as the file's reading errors do", async () => {
    const data = `"${JSON.stringify({ globals: { click: 7, essay: 2 } }).replaceAll('"', '""')}"`;
    const csv = `source,stat_date,data\n${String(ppt.uniqueId).padStart(5, '0')},2026-11-17,${data}\n\n99999,2026-11-17,${data}\n`;
    const answer = await importFile(h, { token: admin }, csv, { csv: true, preview: true });
    expect(answer.status).toBe(400);
    expect(answer.body.rejected_rows).toEqual([{ row: 4, source: '99999', stat_date: '2026-11-17', reason: 'affilié inconnu : 99999' }]);
  });

  it('refuses a CSV file it cannot read, saying why in French, and records nothing', async () => {
    const head = await h.eventHead();
    const wrongHeader = await importFile(h, { token: admin }, 'src,date,data\n10001,2026-11-17,"{}"\n', { csv: true });
    expect([wrongHeader.status, wrongHeader.body.message]).toEqual([400, 'Fichier CSV illisible : la première ligne doit nommer les colonnes source,stat_date,data (manque : source, stat_date)']);
    const twice = await importFile(h, { token: admin }, `source,stat_date,data,stat_date\n${String(ppt.uniqueId).padStart(5, '0')},2026-11-17,"{""globals"":{}}",2026-11-10\n`, { csv: true });
    expect([twice.status, twice.body.message]).toEqual([400, 'Fichier CSV illisible : la première ligne nomme plusieurs fois la colonne stat_date']);
    const short = await importFile(h, { token: admin }, 'source,stat_date,data\n10001,2026-11-17\n', { csv: true });
    expect([short.status, short.body.message]).toEqual([400, "Fichier CSV illisible : une ligne n'a pas autant de colonnes que l'en-tête (ligne 2)"]);
    const unclosed = await importFile(h, { token: admin }, 'source,stat_date,data\n"10001,2026-11-17,{}\n', { csv: true });
    expect([unclosed.status, unclosed.body.message]).toEqual([400, "Fichier CSV illisible : un guillemet ouvert n'est jamais fermé (ligne 2)"]);
    const data = JSON.stringify({ globals: { click: 1, trackers: { a: { s1: 'café', click: 1 } } } }).replaceAll('"', '""');
    const latin1 = await importFile(h, { token: admin }, Buffer.from(`source,stat_date,data\n${String(ppt.uniqueId).padStart(5, '0')},2026-11-17,"${data}"\n`, 'latin1'), { csv: true });
    expect([latin1.status, latin1.body.message]).toEqual([400, "Fichier CSV illisible : le texte n'est pas en UTF-8 : enregistrez le fichier en UTF-8"]);
    const latin1Json = await importFile(h, { token: admin }, Buffer.from(JSON.stringify({ rows: [statRow(ppt, '2026-11-17', { globals: { click: 1, trackers: { a: { s1: 'café', click: 1 } } } })] }), 'latin1'));
    expect([latin1Json.status, latin1Json.body.message]).toEqual([400, "Fichier JSON illisible : le texte n'est pas en UTF-8 : enregistrez le fichier en UTF-8"]);
    expect(await h.eventHead()).toBe(head);
  });

  it('reads a CSV in UTF-16 with its byte order mark, little-endian or big-endian', async () => {
    const text = `\uFEFFsource,stat_date,data\n99999,2026-11-17,"{""globals"":{}}"\n`;
    const littleEndian = Buffer.from(text, 'utf16le');
    const bigEndian = Buffer.from(littleEndian).swap16();
    for (const bytes of [littleEndian, bigEndian]) {
      const answer = await importFile(h, { token: admin }, bytes, { csv: true, preview: true });
      expect(answer.body.rejected_rows).toEqual([{ row: 2, source: '99999', stat_date: '2026-11-17', reason: 'affilié inconnu : 99999' }]);
    }
  });

  it('keeps no empty rows: a day sent again at zero leaves no figure or day row, nor any revenue', async () => {
    const rowsOn = async () => ({
      figures: (await h.db.pool.query("SELECT s1, essay, revenue_cents FROM rm_figure_rows WHERE user_id = $1 AND day = '2026-11-18' ORDER BY s1", [ppt.id])).rows,
      days: (await h.db.pool.query("SELECT essay, revenue_cents FROM rm_affiliate_days WHERE user_id = $1 AND day = '2026-11-18'", [ppt.id])).rows,
    });
    const day = (essay: number, tracked: number) => ({ rows: [statRow(ppt, '2026-11-18', { siteGroups: { [offer.uniqueId]: { click: 10, essay, trackers: { a: { s1: 'fb', click: 5, essay: tracked } } } } })] });
    expect((await importFile(h, { token: admin }, day(2, 1))).status).toBe(200);
    expect(await rowsOn()).toEqual({ figures: [{ s1: '', essay: 1, revenue_cents: 2000 }, { s1: 'fb', essay: 1, revenue_cents: 2000 }], days: [{ essay: 2, revenue_cents: 4000 }] });
    const zero = await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-18', { siteGroups: { [offer.uniqueId]: { click: 0 } } })] });
    expect(zero.status).toBe(200);
    expect(await rowsOn()).toEqual({ figures: [], days: [] });
  });

  it("takes a brand system's API key, shown once; a revoked key is refused", async () => {
    const created = await h.call<{ key: string; id: string }>('POST', '/admin/api-keys', { token: admin, body: { name: 'LoveMatch BI', offer_ids: [offer.id] } });
    expect(created.status).toBe(201);
    const list = await h.call<{ id: string; name: string; prefix: string }[]>('GET', '/admin/api-keys', { token: admin });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    expect((await importFile(h, { apiKey: created.body.key }, { rows: [statRow(ppt, '2026-11-17', { siteGroups: { [offer.uniqueId]: { click: 7, essay: 2 } } })] })).status).toBe(200);
    expect((await h.call('DELETE', `/admin/api-keys/${created.body.id}`, { token: admin })).status).toBe(200);
    expect((await importFile(h, { apiKey: created.body.key }, { rows: [] })).status).toBe(401);
    expect((await importFile(h, { token: ppt.token }, { rows: [] })).status).toBe(403);
    expect((await importFile(h, {}, { rows: [] })).status).toBe(401);
  });

  it('takes 25 files sent at once, more than the pool has connections: one records the day, the others find it known', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => importFile(h, { token: admin }, { rows: [statRow(sale, '2026-11-13', { globals: { click: 31, registered: 3 } })] })));
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
    expect(answers.map((a) => a.body.rows_changed).sort()).toEqual([...Array(24).fill(0), 1]);
  }, 60_000);

  it('records nothing under a key revoked while its file was still coming in', async () => {
    const created = await h.call<{ key: string; id: string }>('POST', '/admin/api-keys', { token: admin, body: { name: 'Revoked mid-file', offer_ids: [offer.id] } });
    const encoder = new TextEncoder();
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`{"rows":[${JSON.stringify(statRow(ppt, '2026-11-17', { siteGroups: { [offer.uniqueId]: { click: 70, essay: 5 } } }))}`));
        await rest;
        controller.enqueue(encoder.encode(']}'));
        controller.close();
      },
    });
    const answer = fetch(`${h.url}/api/v1/stats/import`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': created.body.key }, body, duplex: 'half',
    } as RequestInit);
    // The key was accepted when the file started; it is revoked before the file ends.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await h.call('DELETE', `/admin/api-keys/${created.body.id}`, { token: admin })).status).toBe(200);
    const head = await h.eventHead();
    finish();
    const response = await answer;
    expect([response.status, ((await response.json()) as { message: string }).message]).toEqual([401, "Clé d'API inconnue ou révoquée"]);
    expect(await h.eventHead()).toBe(head);
  });

  it("refuses an API key's missing or too long name, or no offer or an unknown one, saying which", async () => {
    const offers = 'Choisissez au moins une offre : la clé n’enverra que leurs chiffres';
    for (const [body, field, msg] of [
      [{ offer_ids: [offer.id] }, 'name', 'Le nom est requis'],
      [{ name: '   ', offer_ids: [offer.id] }, 'name', 'Le nom est requis'],
      [{ name: 'x'.repeat(101), offer_ids: [offer.id] }, 'name', 'Le nom doit contenir 100 caractères au plus'],
      [{ name: 'LoveMatch' }, 'offer_ids', offers],
      [{ name: 'LoveMatch', offer_ids: [] }, 'offer_ids', offers],
      [{ name: 'LoveMatch', offer_ids: ['00001'] }, 'offer_ids.0', 'Offre inconnue'],
      [{ name: 'LoveMatch', offer_ids: ['8d7c5b1e-4c1f-4f59-9a3e-0b6f1d2c3a4b'] }, 'offer_ids', 'Offre inconnue'],
    ] as const) {
      const refused = await h.call('POST', '/admin/api-keys', { token: admin, body });
      expect([refused.status, refused.body], JSON.stringify(body)).toEqual([400, { message: msg, errors: [{ field, msg }] }]);
    }
    expect((await h.call('POST', '/admin/api-keys', { token: admin, body: { name: 'x'.repeat(100), offer_ids: [offer.id] } })).status).toBe(201);
  });

  it("sends, with a brand's API key, the figures of its offers only: its day replaces them and leaves another brand's alone", async () => {
    const other = await createOffer(h, admin, { brand_name: 'FlirtZone', intake: 'import' });
    const key = (await h.call<{ key: string; offers: unknown }>('POST', '/admin/api-keys', { token: admin, body: { name: 'LoveMatch daily', offer_ids: [offer.id, offer.id] } })).body;
    expect(key.offers).toEqual([{ id: offer.id, unique_id: offer.uniqueId, name: 'LoveMatch' }]);
    const essays = async () => Object.fromEntries((await h.db.pool.query<{ offer_id: string; essay: string }>(
      "SELECT offer_id, essay FROM rm_figure_rows WHERE user_id = $1 AND day = '2026-11-12'", [ppt.id])).rows.map((r) => [r.offer_id, Number(r.essay)]));
    const both = { siteGroups: { [offer.uniqueId]: { essay: 4 }, [other.uniqueId]: { essay: 3 } } };
    expect((await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-12', { ...both, globals: { essay: 1 } })] })).status).toBe(200);
    expect(await essays()).toEqual({ [offer.id]: 4, [other.id]: 3, '': 1 });

    const head = await h.eventHead();
    for (const [data, reason] of [
      [both, `l'offre ${String(other.uniqueId).padStart(5, '0')} n'est pas une offre de cette clé d'API`],
      [{ globals: { essay: 9 } }, "globals : cette clé d'API n'envoie que les chiffres de ses offres (siteGroups)"],
    ] as const) {
      const refused = await importFile(h, { apiKey: key.key as string }, { rows: [statRow(ppt, '2026-11-12', data)] });
      expect([refused.status, refused.body.rejected_rows?.[0]?.reason]).toEqual([400, reason]);
    }
    expect(await h.eventHead()).toBe(head);

    // Its day is its offer's: the preview and the import change that row alone.
    const mine = { rows: [statRow(ppt, '2026-11-12', { siteGroups: { [offer.uniqueId]: { essay: 6 } } })] };
    expect((await importFile(h, { apiKey: key.key as string }, mine, { preview: true })).body).toMatchObject({ rows_changed: 1 });
    expect((await importFile(h, { apiKey: key.key as string }, mine)).body).toMatchObject({ rows_changed: 1, days_changed: 1 });
    expect(await essays()).toEqual({ [offer.id]: 6, [other.id]: 3, '': 1 });
    // An admin's file still replaces the whole day.
    expect((await importFile(h, { token: admin }, mine)).body).toMatchObject({ rows_changed: 2 });
    expect(await essays()).toEqual({ [offer.id]: 6 });
  });
});
