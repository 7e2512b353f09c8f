import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, openPage, screenshot } from './browser';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { signIn } from './portal';

/**
 * The affiliate area's navigation at every width from 320 to 1920 px (in French, the longer language;
 * English at four of them): nothing overflows the page, and each of the six entries can be seen and
 * clicked (in the bar from 768 px, in the drawer below). Between 768 and about 850 px the entries used
 * to be clipped.
 */

let server: ApiHarness;
let browser: Browser;
let affiliate: TestAffiliate;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
  // A long name, as the header shows it beside the navigation.
  affiliate = await server.createAffiliate({ firstName: 'Marie-Charlotte', lastName: 'de Villeneuve-Beaumarchais', password: 'marie-password' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const NAV_ENTRIES = ['dashboard', 'offers', 'stats', 'referral', 'payments', 'account'];
const WIDTHS = [320, 375, 767, 768, 800, 850, 1024, 1199, 1200, 1280, 1920];
/**
 * French at every width; English at the drawer's narrowest widths, the bar's narrowest and 1280 px.
 * Each English entry and the sign-out are no longer than their French (Dashboard / Tableau de bord,
 * Log out / Déconnexion, ...) beside the same name: where the French bar fits, the English one does.
 */
const WIDTHS_OF = { fr: WIDTHS, en: [320, 375, 768, 1280] } as const;

/** The entry is inside the viewport and is what a click at its centre reaches (not clipped, not covered). */
async function assertReachable(page: Page, scope: string, entry: string, width: number): Promise<void> {
  const where = `${entry} at ${width}px`;
  const item = page.locator(`${scope} [data-testid="nav-${entry}"]`);
  expect(await item.isVisible(), `${where} visible`).toBe(true);
  // A drawer slides in: wait until it has arrived.
  await expect.poll(async () => (await item.boundingBox())?.x ?? -1, { message: `${where} settles in view` }).toBeGreaterThanOrEqual(0);
  const box = await item.boundingBox();
  expect(box, `${where} has a box`).not.toBeNull();
  expect(box!.x, `${where} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where} right edge`).toBeLessThanOrEqual(width);
  const hit = await item.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const found = element.ownerDocument.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return found !== null && element.contains(found);
  });
  expect(hit, `${where} is what its centre shows`).toBe(true);
}

describe.each(['fr', 'en'] as const)('affiliate navigation in %s', (language) => {
  it(`at ${WIDTHS_OF[language].join(', ')} px, no horizontal overflow and every entry visible and reachable`, async () => {
    const context = await newContext(browser, { baseURL: server.url, language, viewport: { width: 1280, height: 800 } });
    const { page, errors } = await openPage(context);
    await signIn(page, affiliate.email, affiliate.password);
    await page.getByTestId('affiliate-user').waitFor();
    await page.evaluate('document.fonts.ready.then(() => undefined)');

    for (const width of WIDTHS_OF[language]) {
      await page.setViewportSize({ width, height: 800 });
      const withDrawer = width < 768;
      await page.getByTestId(withDrawer ? 'affiliate-menu' : 'affiliate-nav').waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth'), `page width at ${width}px`).toBeLessThanOrEqual(width);
      await expect.poll(() => page.getByTestId('affiliate-user').isVisible()).toBe(true);

      if (withDrawer) {
        await page.getByTestId('affiliate-menu').click();
        await page.getByTestId('affiliate-drawer').waitFor();
        for (const entry of NAV_ENTRIES) await assertReachable(page, '[data-testid="affiliate-drawer"]', entry, width);
        await page.keyboard.press('Escape');
        await page.getByTestId('affiliate-drawer').waitFor({ state: 'detached' });
      } else {
        const nav = page.getByTestId('affiliate-nav');
        const [scrollWidth, clientWidth] = await nav.evaluate((element) => [element.scrollWidth, element.clientWidth]);
        expect(scrollWidth, `navigation content fits its box at ${width}px`).toBeLessThanOrEqual(clientWidth);
        for (const entry of NAV_ENTRIES) await assertReachable(page, '[data-testid="affiliate-nav"]', entry, width);
        expect(await page.getByTestId('logout').isVisible()).toBe(true);
      }
      if ([375, 768, 800, 850, 1200].includes(width)) await screenshot(page, 'affiliate-layout', `nav-${language}-${width}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('tab titles in English', () => {
  it('the public pages, the sign-in pages and the affiliate area name themselves in English', async () => {
    const context = await newContext(browser, { baseURL: server.url, language: 'en' });
    const { page } = await openPage(context);
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Premium affiliate network · Affilux');
    await page.goto('/register');
    await expect.poll(() => page.title()).toBe('Become an affiliate · Affilux');
    await page.goto('/login');
    await expect.poll(() => page.title()).toBe('Sign in · Affilux');
    await signIn(page, affiliate.email, affiliate.password);
    await page.getByTestId('nav-dashboard').waitFor();
    await expect.poll(() => page.title()).toBe('Dashboard · Affilux');
    await page.getByTestId('nav-payments').click();
    await expect.poll(() => page.title()).toBe('Payments · Affilux');
    await context.close();
  });
});
