import fs from 'node:fs/promises';
import { formatAffiliateId } from '@affilux/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { recordVariant } from '../test/catalogueEvents';
import { createOffer, importFile, settableClock, statRow } from '../test/figuresSetup';
import { DESKTOP, launchBrowser, newContext, openPage, screenshot, TOURS } from './browser';
import { settled } from './screens';

/**
 * Statistics from the figures to every screen: the admin imports a day file for two affiliates
 * (Paula, PPT on a fixed 25.00 EUR variant; Sam, SALE on an evolutionary variant), both see it on
 * their dashboard and statistics table, and so does the back office; a postback moves Sam into the
 * next tier, which its compensation modal says; each CSV export holds exactly the rows shown.
 * The server's day is Wednesday 18 November 2026 (Paris); the file is Tuesday's.
 */
const clock = settableClock('2026-10-01T08:00:00Z');
let server: ApiHarness;
let browser: Browser;
let admin: string;
let paula: TestAffiliate;
let sam: TestAffiliate;
let loveMatch: { id: string; uniqueId: number };
let camStar: { id: string; uniqueId: number; postbackKey: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true, clock: clock.now }), launchBrowser()]);
  admin = await server.login(server.admin.email, server.admin.password);
  paula = await server.createAffiliate({ firstName: 'Paula', lastName: 'Essai', password: 'paula-password' });
  sam = await server.createAffiliate({ firstName: 'Sam', lastName: 'Vente', password: 'sam-password' });
  const fixed = await recordVariant(server, { payment_type: 'ppt', name: 'Fixe 25', base_amount_cents: 2500, is_evolutionary: false, tiers: [] }, clock.now());
  const gold = await recordVariant(server, {
    payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true,
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 2, amount_cents: 2000 },
      { tier_level: 2, min_sales: 3, max_sales: 5, amount_cents: 2500 },
      { tier_level: 3, min_sales: 6, max_sales: null, amount_cents: 3000 },
    ],
  }, clock.now());
  for (const [who, body] of [[paula, { payment_type: 'ppt', variant_id: fixed }], [sam, { payment_type: 'sale', variant_id: gold }]] as const) {
    expect((await server.call('PUT', `/admin/users/${who.id}/payment-settings`, { token: admin, body })).status).toBe(200);
  }
  loveMatch = await createOffer(server, admin, { brand_name: 'LoveMatch', intake: 'import' });
  camStar = await createOffer(server, admin, { brand_name: 'CamStar', intake: 'postback' });
  clock.set('2026-11-18T10:00:00Z');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Language = 'fr' | 'en';

/**
 * A profile that starts with a session from the API's sign-in (a person coming back; the sign-in itself
 * is foundation's and onboarding's subject), on `path`; in the back office, `language` is its stored locale.
 */
async function signedInPage(email: string, password: string, path: string, language: Language, viewport: typeof DESKTOP) {
  const context = await newContext(browser, { baseURL: server.url, viewport, language, token: await server.login(email, password) });
  if (path.startsWith('/admin')) await context.addInitScript({ content: `localStorage.setItem('RaStore.locale', ${JSON.stringify(JSON.stringify(language))});` });
  const watched = await openPage(context);
  // Recharts draws at once for a visitor who prefers reduced motion: the charts are still when read or photographed.
  await watched.page.emulateMedia({ reducedMotion: 'reduce' });
  await watched.page.goto(path);
  return { context, ...watched };
}

/** The affiliate's dashboard. */
const affiliatePage = (who: TestAffiliate, language: Language = 'fr', viewport = DESKTOP) => signedInPage(who.email, who.password, '/affiliate', language, viewport);

/** The back office, on `path`. */
async function adminPage(language: Language = 'fr', viewport = DESKTOP, path = '/admin') {
  const opened = await signedInPage(server.admin.email, server.admin.password, path, language, viewport);
  await opened.page.getByTestId('account-menu').waitFor();
  return opened;
}

/** Any run of white space (fr-FR puts no-break spaces before '€' and '%' and between thousands) as one plain space. */
const plainSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A locator's text as shown, with plain spaces. */
const shown = async (locator: Locator) => plainSpaces(await locator.innerText());

/** A table line's cells (a row or the totals), with plain spaces. */
const cells = (text: string) => text.split('\t').map(plainSpaces);

/** The cells of the table's rows, as shown. */
async function shownRows(page: Page): Promise<string[][]> {
  await page.getByTestId('stats-totals').or(page.getByTestId('stats-empty')).first().waitFor();
  return (await page.getByTestId('stats-row').allInnerTexts()).map(cells);
}

/** Clicks the export, reads the downloaded file: its name and its lines split into cells. */
async function exportCsv(page: Page, successText: string): Promise<{ name: string; lines: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stats-export').click()]);
  const text = await fs.readFile((await download.path())!, 'utf8');
  await page.getByText(successText).first().waitFor();
  expect(text.startsWith('\ufeff')).toBe(true);
  const separator = text.split('\r\n')[0]!.includes(';') ? ';' : ',';
  return { name: download.suggestedFilename(), lines: text.slice(1).trimEnd().split('\r\n').map((line) => line.split(separator)) };
}

/** While the custom period is refused, the rows of the period before are not shown (the table says why) and cannot be exported. */
async function expectRefusedPeriod(page: Page, emptyText: string) {
  await expect.poll(() => shown(page.getByTestId('stats-empty'))).toBe(emptyText);
  expect(await page.getByTestId('stats-row').count()).toBe(0);
  expect(await page.getByTestId('stats-totals').count()).toBe(0);
  expect(await page.getByTestId('stats-export').isDisabled()).toBe(true);
  expect(await page.getByTestId('stats-refresh').isDisabled()).toBe(true);
}

/** A shown row as the CSV writes it: the same cells, dates as days, amounts and rates as numbers. */
const asCsv = (cells: string[]) => {
  const [day, offer, tracker1, tracker2, ...numbers] = cells;
  const [d, m, y] = day!.split('/');
  const plain = (value: string) => value.replace(/[\s\u00a0\u202f€%]/g, '');
  return [`${y}-${m}-${d}`, offer!, tracker1 === '-' ? '' : tracker1!, tracker2 === '-' ? '' : tracker2!, ...numbers.map(plain)];
};

/**
 * The chart runs from day `from` to day `to` (the tooltips at the plot's left and right edges) and,
 * hovered, each bar that has a height (a day with revenue) shows the given tooltip, in order: the
 * figures the chart draws, not just a chart.
 */
async function expectChart(page: Page, expected: { from: string; to: string; bars: string[] }) {
  const chart = page.getByTestId('dashboard-chart');
  const bars = chart.locator('.recharts-bar-rectangle path');
  await bars.first().waitFor();
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await chart.scrollIntoViewIfNeeded();
  const plot = (await chart.locator('.recharts-cartesian-grid').boundingBox())!;
  for (const [x, day] of [[plot.x + 2, expected.from], [plot.x + plot.width - 2, expected.to]] as const) {
    await page.mouse.move(x, plot.y + plot.height / 2);
    await expect.poll(() => shown(tooltip), { message: `the day at x=${x}` }).toMatch(new RegExp(`^${day} `));
  }
  expect(await bars.count(), 'days with revenue').toBe(expected.bars.length);
  for (const [i, text] of expected.bars.entries()) {
    await bars.nth(i).hover();
    await expect.poll(() => shown(tooltip)).toBe(text);
  }
  await page.mouse.move(0, 0);
}

const noOverflow = async (page: Page, width: number, where: string) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth'), where).toBeLessThanOrEqual(width);

/** The parts of `box` whose content is wider than they are: a figure there is behind a side-scroll that nothing signals. */
const scrollingSideways = (box: Locator) =>
  box.evaluate((element) => [element, ...element.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0).length);

describe('statistics, from a day file to every screen', () => {
  it("the admin imports Tuesday's file: Paula's figures on offer LoveMatch (one tracker pair, registrations without an offer) and Sam's five bills", async () => {
    const answer = await importFile(server, { token: admin }, {
      rows: [
        statRow(paula, '2026-11-17', {
          siteGroups: { [loveMatch.uniqueId]: { click: 120, registered: 14, essay: 3, bill: 1, trackers: { a: { s1: 'fb', s2: 'camp1', click: 50, registered: 6, essay: 2 } } } },
          globals: { registered: 4 },
        }),
        statRow(sam, '2026-11-17', { siteGroups: { [loveMatch.uniqueId]: { click: 80, registered: 10, bill: 5 } } }),
      ],
    });
    expect(answer.body).toMatchObject({ ok: true, rows_changed: 4, affiliates: 2 });
  });

  it("Paula's dashboard: yesterday's and the month's 75.00 EUR (3 essays at 25.00), 3 conversions, the chart and the compensation", async () => {
    const { context, page, errors } = await affiliatePage(paula);
    await page.getByTestId('tile-yesterday-value').getByText('75,00 €').waitFor();
    expect(await shown(page.getByTestId('tile-today-value'))).toBe('0,00 €');
    expect(await shown(page.getByTestId('tile-month-value'))).toBe('75,00 €');
    expect(await shown(page.getByTestId('tile-conversions-value'))).toBe('3');
    expect(await shown(page.getByTestId('tile-conversions'))).toContain('Essais du mois');
    // Nothing on the day before yesterday: no percentage, a dash.
    expect(await shown(page.getByTestId('tile-yesterday-growth'))).toBe('— pas de comparaison');
    expect(await shown(page.getByTestId('tile-today-growth'))).toContain('-100');
    // 30 days to today (from 20 October); one day with revenue, its 18 registrations those of the offer (14) and without one (4).
    await expectChart(page, { from: '20/10/2026', to: '18/11/2026', bars: ['17/11/2026 Inscriptions : 18 Revenus : 75,00 €'] });
    await page.getByTestId('dashboard-compensation').getByText('25,00 €', { exact: false }).waitFor();
    await page.getByTestId('dashboard-refresh').click();
    await page.getByText('Statistiques actualisées').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Paula's statistics table: two rows (the registrations without an offer are skipped), the totals, a search, the custom period's rule and an export of exactly the rows shown", async () => {
    const { context, page, errors } = await affiliatePage(paula);
    await page.getByTestId('nav-stats').click();
    expect(await shown(page.getByTestId('stats-affiliate-id'))).toBe(`ID ${formatAffiliateId(paula.uniqueId)}`);
    const offer = `LoveMatch (${formatAffiliateId(loveMatch.uniqueId)})`;
    const rows = await shownRows(page);
    expect(rows).toEqual([
      ['17/11/2026', offer, '-', '-', '70', '8', '1', '25,00 €', '12,50 %'],
      ['17/11/2026', offer, 'fb', 'camp1', '50', '6', '2', '50,00 €', '33,33 %'],
    ]);
    expect(cells(await page.getByTestId('stats-totals').innerText())).toEqual(['Total', '120', '14', '3', '75,00 €', '21,43 %']);

    const csv = await exportCsv(page, 'Données exportées avec succès');
    expect(csv.name).toBe('statistiques_7days_2026-11-18.csv');
    expect(csv.lines[0]).toEqual(['Date', 'Offre', 'Tracker 1', 'Tracker 2', 'Clics', 'Inscrits', 'Essais', 'Revenus (EUR)', 'Taux de conversion (%)']);
    expect(csv.lines.slice(1)).toEqual(rows.map(asCsv));

    await page.getByTestId('stats-search').fill('camp');
    await expect.poll(() => page.getByTestId('stats-row').count()).toBe(1);
    expect((await shownRows(page))[0]![2]).toBe('fb');
    const filtered = await exportCsv(page, 'Données exportées avec succès');
    expect(filtered.lines.slice(1)).toEqual((await shownRows(page)).map(asCsv));
    // A search that matches nothing says so, not that the period is empty.
    await page.getByTestId('stats-search').fill('zzz');
    await expect.poll(() => page.getByTestId('stats-empty').innerText()).toBe('Aucune statistique ne correspond à la recherche');
    await page.getByTestId('stats-search').fill('');

    await page.getByRole('combobox', { name: 'Période' }).click();
    await page.getByTestId('stats-period-custom').click();
    expect(await page.getByTestId('stats-from').inputValue()).toBe('2026-11-12');
    expect(await page.getByTestId('stats-to').inputValue()).toBe('2026-11-18');
    await page.getByTestId('stats-from').fill('2026-11-19');
    await page.getByText('La date de début doit être antérieure à la date de fin').waitFor();
    await expectRefusedPeriod(page, 'Corrigez les dates de la période pour afficher les statistiques');
    // A date field cleared is missing, not the last 7 days loaded behind an empty field.
    await page.getByTestId('stats-from').fill('');
    await page.getByText('La date de début est requise').waitFor();
    await expectRefusedPeriod(page, 'Corrigez les dates de la période pour afficher les statistiques');
    await page.getByTestId('stats-from').fill('2026-11-18');
    await page.getByTestId('stats-empty').waitFor();
    await page.getByTestId('stats-export').click();
    await page.getByText('Aucune donnée à exporter').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Sam's dashboard and table: 5 bills on Tuesday for 115.00 EUR (2 at 20.00, 3 at 25.00), counted as conversions, rated per registration", async () => {
    const { context, page, errors } = await affiliatePage(sam);
    await page.getByTestId('tile-yesterday-value').getByText('115,00 €').waitFor();
    expect(await shown(page.getByTestId('tile-conversions-value'))).toBe('5');
    expect(await shown(page.getByTestId('tile-conversions'))).toContain('Ventes du mois');
    await expectChart(page, { from: '20/10/2026', to: '18/11/2026', bars: ['17/11/2026 Inscriptions : 10 Revenus : 115,00 €'] });
    await page.getByTestId('nav-stats').click();
    expect(await shownRows(page)).toEqual([['17/11/2026', `LoveMatch (${formatAffiliateId(loveMatch.uniqueId)})`, '-', '-', '80', '10', '5', '115,00 €', '50,00 %']]);
    expect(await shown(page.locator('th').nth(6))).toBe('Ventes');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a postback brings Sam's sixth bill of the week: its compensation modal moves from tier 2 to tier 3, the top one", async () => {
    const { context, page, errors } = await affiliatePage(sam);
    const openCompensation = async () => {
      await page.goto('/affiliate/offers');
      const id = formatAffiliateId(loveMatch.uniqueId);
      await page.getByTestId(`offer-details-${id}`).click();
      await page.getByTestId('compensation-summary').waitFor();
      await page.getByTestId('compensation-details').click();
      await page.getByTestId('compensation-dialog').waitFor();
    };
    await openCompensation();
    // The offer's template has no image: its place says so rather than stay an empty box.
    expect(await shown(page.getByTestId('details-template-no-image'))).toBe("Pas d'aperçu");
    expect(await shown(page.getByTestId('compensation-dialog'))).toContain('Palier 2');
    expect(await shown(page.getByTestId('tier-progress'))).toContain('Encore 1 vente pour atteindre le palier 3');
    await settled(page);
    await screenshot(page, 'statistics', 'affiliate-compensation-tier2-fr-1280', { fullPage: false });

    const postback = await server.call('GET', `/postback?${new URLSearchParams({ key: camStar.postbackKey, source: formatAffiliateId(sam.uniqueId), event: 'bill', txid: 'SALE-6', s1: 'tt', date: '2026-11-18' })}`);
    expect(postback.body).toEqual({ status: 'recorded' });
    // The bill is counted at once; its price follows from the pricing reactor.
    await expect.poll(async () => (await server.call<{ revenue: { today: { earnings: string } } }>('GET', '/affiliate/stats/processed', { token: sam.token })).body.revenue.today.earnings, { timeout: 10_000 }).toBe('30.00');

    await openCompensation();
    expect(await shown(page.getByTestId('compensation-rate'))).toBe('30,00 €');
    await page.getByTestId('tier-congratulations').waitFor();
    const current = page.getByTestId('tier-grid').locator('tr', { hasText: 'Actuel' });
    expect(await shown(current)).toContain('Palier 3');
    await settled(page);
    await screenshot(page, 'statistics', 'affiliate-compensation-tier3-fr-1280', { fullPage: false });

    await page.goto('/affiliate');
    await page.getByTestId('tile-today-value').getByText('30,00 €').waitFor();
    expect(await shown(page.getByTestId('tile-conversions-value'))).toBe('6');
    await page.getByTestId('nav-stats').click();
    const rows = await shownRows(page);
    expect(rows[0]).toEqual(['18/11/2026', `CamStar (${formatAffiliateId(camStar.uniqueId)})`, 'tt', '-', '0', '0', '1', '30,00 €', '0,00 %']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the back office dashboard: the affiliates, the network revenue, the chart and the top 10 of the month with their last connection', async () => {
    const { context, page, errors } = await adminPage();
    await page.getByTestId('overview-total-value').getByText('2', { exact: true }).waitFor();
    expect(await shown(page.getByTestId('overview-active-value'))).toBe('2');
    expect(await page.getByTestId('overview-active-share').getAttribute('data-level')).toBe('high');
    expect(await shown(page.getByTestId('overview-conversions-value'))).toBe('9');
    expect(await shown(page.getByTestId('overview-bills-value'))).toBe('7');
    expect(await shown(page.getByTestId('revenue-today-value'))).toBe('30,00 €');
    expect(await shown(page.getByTestId('revenue-yesterday-value'))).toBe('190,00 €');
    expect(await shown(page.getByTestId('revenue-month-value'))).toBe('220,00 €');
    expect(await shown(page.getByTestId('revenue-total-value'))).toBe('220,00 €');
    expect(await shown(page.getByTestId('revenue-today-growth'))).toContain('-84,2');
    expect(await shown(page.getByTestId('summary-registrations'))).toBe('0');
    expect(await shown(page.getByTestId('summary-conversions'))).toBe('9');
    // The last 15 of the 30 days (from 4 November): Tuesday's two affiliates (14 + 4 + 10 registrations) and today's postback.
    await expectChart(page, { from: '04/11/2026', to: '18/11/2026', bars: ['17/11/2026 Inscriptions : 28 Revenus : 190,00 €', '18/11/2026 Inscriptions : 0 Revenus : 30,00 €'] });

    const top = page.getByTestId('top-affiliate');
    expect(await top.count()).toBe(2);
    const first = await shown(top.nth(0));
    expect(first).toContain('Sam Vente');
    expect(first).toContain(`#${formatAffiliateId(sam.uniqueId)}`);
    expect(first).toContain('145,00 €');
    expect(first).toContain('60,00 %');
    // Both signed in today (server time) in this journey: active, seen on 18 November.
    expect(first).toContain('Actif');
    expect(first).toContain('18 nov. 2026');
    expect(await shown(top.nth(1))).toContain('Paula Essai');

    await page.getByTestId('dashboard-refresh').click();
    await page.getByText('Statistiques actualisées').waitFor();
    expect(errors).toEqual([]);

    await top.nth(0).getByTestId('top-affiliate-statistics').click();
    await page.getByTestId('user-statistics').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/users/${sam.id}/statistics`);
    await context.close();
  });

  it("the back office's statistics of Sam: profile, registrations, revenue, activity, and the same table with its export", async () => {
    const { context, page, errors } = await adminPage('fr', DESKTOP, `/admin/users/${sam.id}/statistics`);
    await page.getByTestId('user-profile').getByText('Sam Vente').waitFor();
    expect(await shown(page.getByTestId('member-since'))).toBe('Membre depuis le 1 octobre 2026');
    expect(await shown(page.getByTestId('user-registrations-month'))).toBe('10');
    expect(await shown(page.getByTestId('user-conversions-month'))).toBe('6');
    expect(await shown(page.getByTestId('user-revenue-today'))).toBe('30,00 €');
    expect(await shown(page.getByTestId('user-revenue-total'))).toBe('145,00 €');
    expect(await shown(page.getByTestId('user-status'))).toBe('Actif');
    expect(await shown(page.getByTestId('user-active-days'))).toBe('2');
    await expectChart(page, { from: '20/10/2026', to: '18/11/2026', bars: ['17/11/2026 Inscriptions : 10 Revenus : 115,00 €', '18/11/2026 Inscriptions : 0 Revenus : 30,00 €'] });
    const rows = await shownRows(page);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['18/11/2026', `CamStar (${formatAffiliateId(camStar.uniqueId)})`, 'tt'],
      ['17/11/2026', `LoveMatch (${formatAffiliateId(loveMatch.uniqueId)})`, '-'],
    ]);
    expect(cells(await page.getByTestId('stats-totals').innerText())).toEqual(['Total', '80', '10', '6', '145,00 €', '60,00 %']);
    const csv = await exportCsv(page, 'Données exportées avec succès');
    expect(csv.lines.slice(1)).toEqual(rows.map(asCsv));
    expect(csv.lines[0]![6]).toBe('Ventes');

    // A custom period: refused while its dates are wrong or missing, then exported under the days asked for.
    await page.getByRole('combobox', { name: 'Période' }).click();
    await page.getByTestId('stats-period-custom').click();
    await page.getByTestId('stats-from').fill('2026-11-20');
    await page.getByText('La date de début doit être antérieure à la date de fin').waitFor();
    await expectRefusedPeriod(page, 'Corrigez les dates de la période pour afficher les statistiques');
    await page.getByTestId('stats-to').fill('');
    await page.getByText('La date de fin est requise').waitFor();
    await expectRefusedPeriod(page, 'Corrigez les dates de la période pour afficher les statistiques');
    await page.getByTestId('stats-from').fill('2026-11-17');
    await page.getByTestId('stats-to').fill('2026-11-17');
    await expect.poll(async () => (await shownRows(page)).map((r) => r[0])).toEqual(['17/11/2026']);
    expect((await exportCsv(page, 'Données exportées avec succès')).name).toBe('statistiques_custom_2026-11-17_2026-11-17_2026-11-18.csv');

    await page.goto('/admin/users/00000000-0000-4000-8000-000000000000/statistics');
    await page.getByTestId('user-not-found').waitFor();
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('every statistics screen on each tour (French at 1280 and 375 px, English at 375 px)', async () => {
    for (const { language, viewport, width, tag } of TOURS) {
      const affiliate = await affiliatePage(paula, language, viewport);
      const { page } = affiliate;
      await page.getByTestId('dashboard-chart').locator('.recharts-bar-rectangle path').first().waitFor();
      await page.mouse.move(0, 0);
      await settled(page);
      await screenshot(page, 'statistics', `affiliate-dashboard-${tag}`);
      await noOverflow(page, width, `affiliate dashboard ${tag}`);
      await page.goto('/affiliate/stats');
      await shownRows(page);
      await screenshot(page, 'statistics', `affiliate-stats-${tag}`);
      await noOverflow(page, width, `affiliate stats ${tag}`);
      if (width < 600) {
        // On phones each row is one block, every figure under its name, without scrolling sideways.
        expect(await scrollingSideways(page.getByTestId('stats-table-card')), tag).toBe(0);
        const row = plainSpaces(await page.getByTestId('stats-row').filter({ hasText: 'fb' }).innerText());
        expect(row, tag).toMatch(/17\/11\/2026 · LoveMatch \(\d{5}\)[\s\S]*fb[\s\S]*camp1[\s\S]*50,00 €[\s\S]*33,33 %/);
      }
      expect(affiliate.errors, tag).toEqual([]);
      await affiliate.context.close();

      const back = await adminPage(language, viewport);
      await back.page.getByTestId('dashboard-chart').locator('.recharts-bar-rectangle path').first().waitFor();
      await back.page.getByTestId('top-affiliate').first().waitFor();
      await back.page.mouse.move(0, 0);
      await settled(back.page);
      await screenshot(back.page, 'statistics', `admin-dashboard-${tag}`);
      await noOverflow(back.page, width, `admin dashboard ${tag}`);
      if (width < 600) {
        // On phones each of the top 10 is one block: its revenue, conversions and last connection in view, without scrolling sideways.
        expect(await scrollingSideways(back.page.getByTestId('top-affiliates')), tag).toBe(0);
        expect(plainSpaces(await back.page.getByTestId('top-affiliate').first().innerText()), tag).toMatch(/145,00 €[\s\S]*60,00 %/);
      }
      await back.page.goto(`/admin/users/${sam.id}/statistics`);
      await back.page.getByTestId('user-profile').waitFor();
      await shownRows(back.page);
      await settled(back.page);
      await screenshot(back.page, 'statistics', `admin-user-statistics-${tag}`);
      await noOverflow(back.page, width, `admin user statistics ${tag}`);
      expect(back.errors, tag).toEqual([]);
      await back.context.close();
    }
    // A tablet: the top 10 is a table there, and its hidden column name must not widen the page.
    const tablet = await adminPage('fr', { width: 820, height: 1180 });
    await tablet.page.getByTestId('top-affiliate').first().waitFor();
    await noOverflow(tablet.page, 820, 'admin dashboard at 820 px');
    await tablet.context.close();
  }, 300_000);

  it('a table of more than one page on a 360 px phone: the pager fits the card, in French, its counts French style', async () => {
    // Pia: five tracker pairs on each of the last seven days, 35 rows (the table shows 25 a page).
    const today = clock.now();
    clock.set('2026-11-01T08:00:00Z');
    const pia = await server.createAffiliate({ firstName: 'Pia', lastName: 'Pages', password: 'pia-password' });
    clock.set(today.toISOString());
    const days = ['2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18'];
    const trackers = Object.fromEntries([1, 2, 3, 4, 5].map((t) => [`k${t}`, { s1: `src${t}`, s2: 'camp', click: 10, registered: 1 }]));
    const rows = days.map((day) => statRow(pia, day, { siteGroups: { [loveMatch.uniqueId]: { click: 50, registered: 5, trackers } } }));
    expect((await importFile(server, { token: admin }, { rows })).status).toBe(200);

    const { page, errors, context } = await affiliatePage(pia, 'fr', { width: 360, height: 740 });
    await page.goto('/affiliate/stats');
    const pager = page.getByTestId('stats-pager');
    await pager.waitFor();
    expect(await pager.getByText('1–25 sur 35').count()).toBe(1);
    const next = page.getByRole('button', { name: 'Page suivante' });
    const card = (await pager.locator('xpath=..').boundingBox())!;
    const arrow = (await next.boundingBox())!;
    expect(arrow.x + arrow.width, 'the next-page arrow inside the card').toBeLessThanOrEqual(card.x + card.width);
    await next.click();
    await pager.getByText('26–35 sur 35').waitFor();
    await screenshot(page, 'statistics', 'affiliate-stats-pager-fr-360');
    await noOverflow(page, 360, 'affiliate stats pager 360');
    expect(errors).toEqual([]);
    await context.close();
  });
});
