import type { StatsImportView } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../../test/apiHarness';
import { expectBackOfficeOnly, outsiders } from '../../../../test/authorizationMatrix';
import { createOffer, importFile, settableClock, statRow } from '../../../../test/figuresSetup';

const clock = settableClock('2026-11-02T09:00:00Z');
let h: ApiHarness;
let admin: string;
let ppt: TestAffiliate;
let offer: { id: string; uniqueId: number };

const history = async (query = '') => {
  const response = await fetch(`${h.url}/api/v1/stats/imports${query}`, { headers: { authorization: `Bearer ${admin}` } });
  return { status: response.status, range: response.headers.get('content-range'), body: (await response.json()) as StatsImportView[] };
};

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  admin = await h.login(h.admin.email, h.admin.password);
  ppt = await h.createAffiliate({ firstName: 'Paul', lastName: 'Essai' });
  offer = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
  clock.set('2026-11-18T10:00:00Z');
}, 120_000);
afterAll(() => h?.stop());

describe('the history of statistics imports (GET /stats/imports)', () => {
  it('lists each recorded import newest first: file name (sent percent-encoded), sender (admin or API key), rows received and what changed', async () => {
    const first = await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-16', { globals: { click: 10, essay: 2 } }), statRow(ppt, '2026-11-17', { globals: { essay: 1 } })] }, { fileName: encodeURIComponent('lovematch-données-2026-11-17.json') });
    expect(first.status).toBe(200);
    clock.set('2026-11-18T11:00:00Z');
    const key = await h.call<{ key: string }>('POST', '/admin/api-keys', { token: admin, body: { name: 'LoveMatch BI', offer_ids: [offer.id] } });
    const second = await importFile(h, { apiKey: key.body.key }, `source,stat_date,data\n${String(ppt.uniqueId).padStart(5, '0')},2026-11-17,"{""siteGroups"":{""${offer.uniqueId}"":{""essay"":3}}}"\n`, { csv: true });
    expect(second.status).toBe(200);

    const { status, range, body } = await history();
    expect(status).toBe(200);
    expect(range).toBe('stats-imports 0-1/2');
    expect(body).toEqual([
      expect.objectContaining({ id: second.body.import_id, file_name: null, sender_kind: 'api_key', sender_name: 'LoveMatch BI', rows_received: 1, rows_changed: 1, days_changed: 1, affiliates: 1, status: 'completed', started_at: '2026-11-18T11:00:00.000Z' }),
      expect.objectContaining({ id: first.body.import_id, file_name: 'lovematch-données-2026-11-17.json', sender_kind: 'admin', sender_name: 'Admin Affilux', rows_received: 2, rows_changed: 2, days_changed: 2, affiliates: 1, status: 'completed' }),
    ]);
  });

  it('lists neither a preview, nor a refused file, nor a file that changed nothing', async () => {
    await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-17', { globals: { essay: 9 } })] }, { preview: true });
    await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-19', { globals: { essay: 9 } })] });
    const same = await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-17', { globals: { essay: 1 }, siteGroups: { [offer.uniqueId]: { essay: 3 } } })] });
    expect(same.body).toMatchObject({ ok: true, rows_changed: 0, import_id: null });
    expect((await history()).range).toBe('stats-imports 0-1/2');
  });

  it('pages with range and refuses a sort it does not know', async () => {
    const page = await history(`?range=${encodeURIComponent('[1,1]')}`);
    expect(page.range).toBe('stats-imports 1-1/2');
    expect(page.body.map((i) => i.file_name)).toEqual(['lovematch-données-2026-11-17.json']);
    expect((await history(`?sort=${encodeURIComponent('["sender_id","ASC"]')}`)).status).toBe(400);
  });

  it('shows a file name as it reads: what would turn it around (U+202E) or hide in it is dropped', async () => {
    clock.set('2026-11-18T12:00:00Z');
    const sent = await importFile(h, { token: admin }, { rows: [statRow(ppt, '2026-11-15', { globals: { essay: 4 } })] }, { fileName: encodeURIComponent('lovematch-\u202Enosj.52-11-6202\u200B') });
    expect(sent.status).toBe(200);
    expect((await history()).body[0]).toMatchObject({ id: sent.body.import_id, file_name: 'lovematch-nosj.52-11-6202' });
  });

  it('is for the back office only', async () => {
    await expectBackOfficeOnly(h, await outsiders(h), 'GET', '/stats/imports');
  });
});
