import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatAffiliateId, type ApiKeyView } from '@affilux/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { createOffer, importFile, settableClock } from '../test/figuresSetup';
import { launchBrowser, PHONE, screenshot, TOURS } from './browser';
import { openBackOffice } from './portal';
import { settled } from './screens';

const clock = settableClock('2026-11-02T09:00:00Z');
let server: ApiHarness;
let browser: Browser;
let admin: string;
let alice: TestAffiliate;
let offer: { id: string; uniqueId: number };
let tmp: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true, clock: clock.now }), launchBrowser()]);
  admin = await server.login(server.admin.email, server.admin.password);
  alice = await server.createAffiliate({ firstName: 'Alice', lastName: 'Durand' });
  offer = await createOffer(server, admin, { brand_name: 'LoveMatch', intake: 'import' });
  clock.set('2026-11-18T10:00:00Z');
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-imports-e2e-'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

const source = () => String(alice.uniqueId).padStart(5, '0');
/** A CSV line of the spec's raw stat row: source, stat_date, data as a JSON string. */
const csvRow = (who: string, day: string, data: unknown) => `${who},${day},"${JSON.stringify(data).replaceAll('"', '""')}"`;
const csv = (...rows: string[]) => Buffer.from(['source,stat_date,data', ...rows, ''].join('\n'));

/** Alice's figures for 16 and 17 November; `essays` of the 16th vary so that each file changes something. */
const goodFile = (essays = 3) =>
  csv(
    csvRow(source(), '2026-11-16', { siteGroups: { [offer.uniqueId]: { click: 120, registered: 14, essay: essays, bill: 0 } } }),
    csvRow(source(), '2026-11-17', { globals: { click: 30, registered: 2, essay: 1 } }),
  );
/** The same file with two bad rows: a negative count, and an affiliate nobody has. */
const badFile = () =>
  csv(
    csvRow(source(), '2026-11-16', { siteGroups: { [offer.uniqueId]: { click: 120, registered: 14, essay: 3, bill: 0 } } }),
    csvRow(source(), '2026-11-17', { globals: { click: 30, registered: 2, essay: -1 } }),
    csvRow('99999', '2026-11-17', { globals: { click: 5 } }),
  );

const choose = (page: Page, name: string, buffer: Buffer) => page.getByTestId('import-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer });
const earnings = async () =>
  Object.fromEntries((await server.db.pool.query<{ day: string; amount_cents: string }>('SELECT day::text, amount_cents FROM rm_day_earnings WHERE user_id = $1 ORDER BY day', [alice.id])).rows.map((r) => [r.day, Number(r.amount_cents)]));
/** A full page, shot from its top (the fixed header stays on top) with nothing focused. */
const shot = async (page: Page, name: string) => {
  type Window = { scrollTo(x: number, y: number): void; document: { activeElement: { blur?(): void } | null } };
  await page.evaluate(() => {
    const window = globalThis as unknown as Window;
    window.document.activeElement?.blur?.();
    window.scrollTo(0, 0);
  });
  await screenshot(page, 'imports', name);
};
/** A dialog is shot once its opening transition is over, as the screen shows it. */
const dialogShot = async (page: Page, name: string) => {
  await settled(page);
  await screenshot(page, 'imports', name, { fullPage: false });
};
/** Chromium reports every 4xx answer as a console error; the refusals here are expected ones. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of (400|401)/.test(error));

describe('statistics imports in the back office', () => {
  it('a file with bad rows is refused whole with every reason; fixed, it is previewed, confirmed and recorded', async () => {
    const { context, page, errors } = await openBackOffice(browser, { baseURL: server.url, email: server.admin.email, token: admin, language: 'fr' });
    await page.getByRole('navigation').getByRole('link', { name: 'Imports' }).click();
    await page.waitForURL(/\/admin\/imports$/);
    await page.getByTestId('import-history-empty').waitFor();
    expect(await page.getByTestId('import-whole-file').innerText()).toContain('pris en entier ou pas du tout');

    const head = await server.eventHead();
    await choose(page, 'stats-novembre.csv', badFile());
    await page.getByTestId('import-refused').waitFor();
    expect(await page.getByTestId('import-refused-title').innerText()).toBe('Fichier refusé : 2 lignes refusées sur 3');
    // Named by their lines in the file, the header being line 1.
    expect(await page.getByTestId('rejected-row-3').innerText()).toContain('essay doit être un entier positif ou nul (globals)');
    expect(await page.getByTestId('rejected-row-4').innerText()).toContain('affilié inconnu : 99999');
    await page.getByTestId('rejected-search').fill('99999');
    await page.getByTestId('rejected-row-3').waitFor({ state: 'detached' });
    expect(await page.getByTestId('rejected-row-4').isVisible()).toBe(true);
    await shot(page, 'journey-refused-fr-1280');
    expect(await server.eventHead()).toBe(head);

    await page.getByTestId('import-restart').click();
    await choose(page, 'stats-novembre-corrigé.csv', goodFile());
    await page.getByTestId('import-preview').waitFor();
    expect(await page.getByTestId('import-rows_received').innerText()).toBe('2');
    expect(await page.getByTestId('import-rows_changed').innerText()).toBe('2');
    expect(await page.getByTestId('import-days_changed').innerText()).toBe('2');
    expect(await page.getByTestId('import-affiliates').innerText()).toBe('1');
    expect(await server.eventHead()).toBe(head);
    await shot(page, 'journey-preview-fr-1280');

    await page.getByTestId('import-confirm').click();
    await page.getByTestId('import-done').waitFor();
    const importId = await page.getByTestId('import-id').innerText();
    const { rows: completed } = await server.db.pool.query("SELECT data FROM events WHERE stream_id = $1 AND type = 'StatsImportCompleted'", [`stats-import-${importId}`]);
    expect(completed).toEqual([{ data: { import_id: importId, rows_changed: 2, days_changed: 2, affiliates: 1 } }]);
    // Alice is paid per trial at the standard 20.00 EUR: 3 on the 16th, 1 on the 17th.
    expect(await earnings()).toEqual({ '2026-11-16': 6000, '2026-11-17': 2000 });
    const history = page.getByTestId(`import-history-${importId}`);
    await history.waitFor();
    expect(await history.innerText()).toMatch(/stats-novembre-corrigé\.csv[\s\S]*Admin Affilux[\s\S]*Terminé/);
    await shot(page, 'journey-done-fr-1280');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('a file the server cannot take as it is (a key written twice) gets its reason, and no retry of the same file: only another', async () => {
    const { context, page, errors } = await openBackOffice(browser, { baseURL: server.url, email: server.admin.email, token: admin, language: 'fr', path: '/admin/imports' });
    const head = await server.eventHead();
    const group = `"${formatAffiliateId(offer.uniqueId)}"`;
    const twice = `{"rows":[{"source":"${source()}","stat_date":"2026-11-16","data":{"siteGroups":{${group}:{"click":5},${group}:{"click":9}}}}]}`;
    await page.getByTestId('import-file-input').setInputFiles({ name: 'doublon.json', mimeType: 'application/json', buffer: Buffer.from(twice) });
    const error = page.getByTestId('import-error');
    await error.waitFor();
    expect(await error.innerText()).toBe(`Fichier JSON illisible : la clé « ${formatAffiliateId(offer.uniqueId)} » figure deux fois dans un même objet (ligne 1 de rows)`);
    expect(await page.getByTestId('import-retry').count()).toBe(0);
    await shot(page, 'key-written-twice-fr-1280');
    expect(await server.eventHead()).toBe(head);
    await page.getByTestId('import-restart').click();
    await page.getByTestId('import-choose').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('an API key is shown once, lets a brand system import, and stops working once revoked', async () => {
    const { context, page, errors } = await openBackOffice(browser, { baseURL: server.url, email: server.admin.email, token: admin, language: 'fr', path: '/admin/imports' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('imports-tab-api-keys').click();
    await page.waitForURL(/\/admin\/imports\/api-keys$/);
    await page.getByTestId('api-keys-empty').waitFor();

    await page.getByTestId('api-key-create').click();
    await page.getByTestId('api-key-save').click();
    await page.getByText('Le nom est requis').waitFor();
    await page.getByText('Choisissez au moins une offre').waitFor();
    await page.getByTestId('api-key-name').fill('LoveMatch BI');
    const offerName = `${formatAffiliateId(offer.uniqueId)} · LoveMatch`;
    await page.getByTestId('api-key-offers').getByRole('combobox').click();
    await page.getByRole('option', { name: offerName }).click();
    await page.getByTestId('api-key-offers').getByText(offerName).waitFor();
    await dialogShot(page, 'journey-key-create-fr-1280');
    await page.getByTestId('api-key-save').click();
    await page.getByTestId('api-key-created-dialog').waitFor();
    const secret = await page.getByTestId('api-key-secret').innerText();
    expect(secret).toMatch(/^afx_[0-9a-f]{8}_[A-Za-z0-9_-]{32}$/);
    expect(await page.getByTestId('api-key-created-dialog').innerText()).toContain('Elle ne sera plus jamais affichée');
    await page.getByTestId('api-key-copy').click();
    await page.getByTestId('api-key-copy').getByText('Copiée !').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(secret);
    await dialogShot(page, 'journey-key-created-fr-1280');
    await page.getByTestId('api-key-created-close').click();

    const listed = await server.call<ApiKeyView[]>('GET', '/admin/api-keys', { token: admin });
    expect(JSON.stringify(listed.body)).not.toContain(secret.split('_').slice(2).join('_'));
    const key = listed.body[0]!;
    const row = page.getByTestId(`api-key-${key.id}`);
    expect(await row.innerText()).toMatch(new RegExp(`LoveMatch BI[\\s\\S]*${offerName}[\\s\\S]*afx_${key.prefix}_…[\\s\\S]*Jamais utilisée[\\s\\S]*Active`));

    // The brand's system sends its offer's figures with the key, as the screen's example shows.
    const brandFile = csv(csvRow(source(), '2026-11-16', { siteGroups: { [offer.uniqueId]: { click: 120, registered: 14, essay: 4, bill: 0 } } }));
    const sent = await importFile(server, { apiKey: secret }, brandFile.toString(), { csv: true, fileName: 'lovematch-export.csv' });
    expect(sent).toMatchObject({ status: 200, body: { ok: true, rows_changed: 1 } });
    await page.reload();
    await row.waitFor();
    expect(await row.innerText()).not.toContain('Jamais utilisée');

    await page.getByTestId(`api-key-revoke-${key.id}`).click();
    await page.getByRole('dialog').getByText('Révoquer la clé « LoveMatch BI » ?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Révoquer' }).click();
    await row.getByText(/Révoquée le/).waitFor();
    expect(await page.getByTestId(`api-key-revoke-${key.id}`).count()).toBe(0);
    expect((await importFile(server, { apiKey: secret }, goodFile(5).toString(), { csv: true })).status).toBe(401);

    await page.getByTestId('imports-tab-files').click();
    const history = page.getByTestId(`import-history-${sent.body.import_id}`);
    await history.waitFor();
    expect(await history.innerText()).toMatch(/lovematch-export\.csv[\s\S]*LoveMatch BI/);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('a 100,000-row file of tens of megabytes is streamed with progress, and all its refusals are counted and paged', async () => {
    // Every row names an affiliate nobody has, with trackers to make it weigh what real files weigh.
    const data = JSON.stringify({ siteGroups: { [offer.uniqueId]: { click: 900, registered: 90, essay: 9, bill: 1, trackers: Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`t${i}`, { s1: `facebook-campaign-${i}`, s2: `creative-variant-${i}`, click: 200, registered: 20, essay: 2 }])) } } }).replaceAll('"', '""');
    const file = path.join(tmp, 'gros-fichier.csv');
    const lines = ['source,stat_date,data'];
    for (let row = 0; row < 100_000; row++) lines.push(`99999,2026-11-${String(1 + (row % 17)).padStart(2, '0')},"${data}"`);
    await fs.writeFile(file, `${lines.join('\n')}\n`);
    const { size } = await fs.stat(file);
    expect(size).toBeGreaterThan(30 * 1024 * 1024);

    const { context, page, errors } = await openBackOffice(browser, { baseURL: server.url, email: server.admin.email, token: admin, language: 'fr', path: '/admin/imports' });
    const head = await server.eventHead();
    await page.getByTestId('import-file-input').setInputFiles(file);
    await page.getByTestId('import-progress').waitFor();
    await page.getByTestId('import-refused').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('import-refused-title').innerText()).toMatch(/^Fichier refusé : 100\s000 lignes refusées sur 100\s000$/);
    expect(await page.getByTestId('rejected-truncated').innerText()).toMatch(/Les 1\s000 premières lignes refusées sont listées, sur 100\s000/);
    expect(await page.getByTestId('rejected-row-2').innerText()).toContain('affilié inconnu : 99999');
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await page.getByTestId('rejected-row-27').waitFor();
    await page.getByTestId('rejected-search').fill('2026-11-17');
    expect(await page.getByText(/–25 sur 58$/).count()).toBe(1);
    await shot(page, 'journey-large-refused-fr-1280');
    expect(await server.eventHead()).toBe(head);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 180_000);

  for (const { language, viewport, tag } of TOURS) {
    it(`the import and API key screens render in ${language} at ${viewport.width} px`, async () => {
      const { context, page, errors } = await openBackOffice(browser, { baseURL: server.url, email: server.admin.email, token: admin, language, viewport, path: '/admin/imports' });
      await page.getByTestId('import-history').locator('[data-testid^="import-history-"]').first().waitFor();
      await shot(page, `files-${tag}`);
      await choose(page, 'stats.csv', badFile());
      await page.getByTestId('import-refused').waitFor();
      await shot(page, `refused-${tag}`);
      await page.getByTestId('import-restart').click();
      await choose(page, 'stats.csv', goodFile(10 + (language === 'fr' ? 0 : 2) + (viewport === PHONE ? 1 : 0)));
      await page.getByTestId('import-preview').waitFor();
      await shot(page, `preview-${tag}`);
      await page.getByTestId('import-confirm').click();
      await page.getByTestId('import-done').waitFor();
      await shot(page, `done-${tag}`);

      await page.getByTestId('imports-tab-api-keys').click();
      await page.locator('[data-testid^="api-key-revoke-"], [data-testid="api-keys-empty"], [data-testid^="api-key-"]').first().waitFor();
      await page.getByTestId('api-key-create').click();
      await page.getByTestId('api-key-name').fill(`Système ${tag}`);
      await page.getByTestId('api-key-offers').getByRole('combobox').click();
      await page.getByRole('option', { name: `${formatAffiliateId(offer.uniqueId)} · LoveMatch` }).click();
      await dialogShot(page, `key-create-${tag}`);
      await page.getByTestId('api-key-save').click();
      await page.getByTestId('api-key-created-dialog').waitFor();
      await dialogShot(page, `key-created-${tag}`);
      await page.getByTestId('api-key-created-close').click();
      await page.getByTestId('api-key-created-dialog').waitFor({ state: 'detached' });
      await shot(page, `keys-${tag}`);
      await page.locator('[data-testid^="api-key-revoke-"]').first().click();
      await dialogShot(page, `key-revoke-${tag}`);
      await page.keyboard.press('Escape');
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  }
});
