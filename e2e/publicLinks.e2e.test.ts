import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, openPage, PHONE, screenshot, sharedVisitor, type WatchedPage } from './browser';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { openSignedIn, pathOf } from './portal';

/**
 * Every in-app link of the public site, clicked as a visitor would (header, mobile menu, footer,
 * page buttons, the auth pages' way home), then the browser's Back button: each destination must
 * render (a heading, no white page) and no page may log an error. A client-side navigation once
 * turned the whole app into a white page ("l is not a function") until a reload.
 */

let server: ApiHarness;
let browser: Browser;
let affiliate: TestAffiliate;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
  affiliate = await server.createAffiliate({ firstName: 'Nora', lastName: 'Petit', email: 'nora.petit@example.test', password: 'nora-password' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PUBLIC_PAGES = ['/', '/faq', '/contact', '/terms', '/affiliation', '/about', '/login', '/register', '/reset-password?token=not-a-real-token'];

/** `index`: the link's position among the scope's visible links, in page order. */
type FoundLink = { href: string; label: string; index: number };

/** The in-app links a visitor can click in `scope`: same-site paths, not opening a new tab. */
async function inAppLinks(page: Page, scope: string): Promise<FoundLink[]> {
  const links = await page.locator(`${scope} a[href]:visible`).evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      href: anchor.getAttribute('href') ?? '',
      target: anchor.getAttribute('target') ?? '',
      label: (anchor.textContent ?? '').trim() || (anchor.getAttribute('aria-label') ?? ''),
    })),
  );
  return links
    .map(({ href, target, label }, index) => ({ href, target, label, index }))
    .filter((link) => link.href.startsWith('/') && link.target !== '_blank')
    .map(({ href, label, index }) => ({ href, label, index }));
}

/** The page has rendered something: a visible, non-empty main heading (a white page has none). */
async function assertRendered({ page, errors }: WatchedPage, where: string): Promise<void> {
  const heading = page.locator('h1:visible').first();
  const text = await heading.innerText({ timeout: 10_000 }).catch(() => '');
  expect(text.trim(), `${where}: no heading rendered (page errors: ${JSON.stringify(errors)})`).not.toBe('');
}

async function openMenu(page: Page): Promise<void> {
  await page.getByTestId('mobile-menu-button').click();
  await page.getByTestId('mobile-menu').waitFor();
}

/**
 * On `from`, clicks each in-app link of `scope` in turn (re-opening the mobile menu first when
 * `menu`), checks the destination and comes back with the Back button. Returns what was clicked.
 */
async function clickEveryLink(watched: WatchedPage, from: string, scope: string, menu = false): Promise<string[]> {
  const { page, errors } = watched;
  const fromPath = new URL(from, server.url).pathname;
  const arrive = async () => {
    if (pathOf(page) !== fromPath) await page.goto(from);
    await assertRendered(watched, from);
    if (menu) await openMenu(page);
  };
  await arrive();
  const links = await inAppLinks(page, scope);
  expect(links.length, `in-app links in ${scope} of ${from}`).toBeGreaterThan(0);
  const clicked: string[] = [];
  for (const [position, link] of links.entries()) {
    if (position > 0) await arrive();
    const where = `${from} → "${link.label}" (${link.href})`;
    await page.locator(`${scope} a[href]:visible`).nth(link.index).click();
    const target = new URL(link.href, server.url).pathname;
    await expect.poll(() => pathOf(page), { message: where, timeout: 10_000 }).toBe(target);
    await assertRendered(watched, where);
    expect(errors, where).toEqual([]);
    if (target !== fromPath) {
      await page.goBack();
      await expect.poll(() => pathOf(page), { message: `Back from ${where}`, timeout: 10_000 }).toBe(fromPath);
      await assertRendered(watched, `Back from ${where}`);
      expect(errors, `Back from ${where}`).toEqual([]);
    }
    clicked.push(`${link.label} → ${link.href}`);
  }
  return clicked;
}

describe('every public link leads to a rendered page, and Back returns, without a page error', () => {
  describe.each([
    { viewport: DESKTOP, language: 'fr' as const, links: 'at 1280px in French: header, page and footer links' },
    { viewport: PHONE, language: 'en' as const, links: 'at 375px in English: page and footer links' },
  ])('$links', ({ viewport, language }) => {
    // One visitor per language and width, as in publicPages, who opens each page in turn.
    const visitor = sharedVisitor(() => newContext(browser, { baseURL: server.url, viewport, language }));

    it.each(PUBLIC_PAGES)('on %s', async (from) => {
      const watched = visitor();
      watched.errors.length = 0;
      await watched.page.goto(from);

      const clicked = await clickEveryLink(watched, from, 'body');

      expect(clicked.length).toBeGreaterThan(0);
      expect(watched.errors).toEqual([]);
    });
  });

  it('the mobile menu links (375px) each lead to their page', async () => {
    const context = await newContext(browser, { baseURL: server.url, viewport: PHONE, language: 'fr' });
    const watched = await openPage(context);

    const clicked = await clickEveryLink(watched, '/faq', '[data-testid="mobile-menu"]', true);

    // Logo, Accueil, FAQ, Contact, Connexion, Devenir affilié.
    expect(clicked.length).toBeGreaterThanOrEqual(6);
    expect(watched.errors).toEqual([]);
    await context.close();
  });

  it('"Commencer" on the home page opens the application wizard, and Back shows the home page again', async () => {
    const context = await newContext(browser, { baseURL: server.url, viewport: DESKTOP, language: 'fr' });
    const { page, errors } = await openPage(context);
    await page.goto('/');
    await page.getByTestId('home-hero').waitFor();

    await page.getByTestId('hero-start').click();

    await page.getByTestId('register-first-name').waitFor();
    expect(pathOf(page)).toBe('/register');
    await page.goBack();
    await page.getByTestId('home-hero').waitFor();
    await page.getByTestId('public-footer').getByTestId('footer-terms').click();
    await page.getByTestId('terms-version').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A profile that starts with a session from the API's sign-in (a person coming back), on `path`. */
const signedIn = async (who: { email: string; password: string }, path: string, viewport: typeof DESKTOP, language: 'fr' | 'en') =>
  openSignedIn(browser, { baseURL: server.url, token: await server.login(who.email, who.password), path, viewport, language });

describe('a signed-in user on the public site', () => {
  it('an affiliate sees "Mon espace" and a logout instead of "Connexion" and "Devenir affilié"; "Mon espace" leads to the affiliate area', async () => {
    const { page, errors, context } = await signedIn(affiliate, '/affiliate', DESKTOP, 'fr');
    await page.getByTestId('nav-dashboard').waitFor();

    await page.getByTestId('affiliate-home').click();

    const header = page.getByTestId('public-header');
    await header.getByTestId('header-my-area').waitFor();
    expect(await header.getByTestId('header-login').count()).toBe(0);
    expect(await header.getByTestId('header-register').count()).toBe(0);
    expect(await header.getByTestId('header-my-area').innerText()).toBe('Mon espace');
    await screenshot(page, 'public-links', 'signed-in-header-fr-1280');
    await header.getByTestId('header-my-area').click();
    await page.getByTestId('nav-dashboard').waitFor();
    expect(pathOf(page)).toBe('/affiliate');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logging out from the public header (mobile menu, 375px) shows "Connexion" again and keeps the visitor on the page', async () => {
    const { page, errors, context } = await signedIn(affiliate, '/faq', PHONE, 'fr');
    await openMenu(page);
    const menu = page.getByTestId('mobile-menu');
    await menu.getByTestId('header-my-area').waitFor();
    await screenshot(page, 'public-links', 'signed-in-menu-fr-375');

    await menu.getByTestId('header-logout').click();

    await openMenu(page);
    await page.getByTestId('mobile-menu').getByTestId('header-login').waitFor();
    expect(pathOf(page)).toBe('/faq');
    expect(await page.evaluate<string | null>("localStorage.getItem('token')")).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the admin sees "My area" in English, which leads to the back office', async () => {
    const { page, context } = await signedIn(server.admin, '/contact', DESKTOP, 'en');

    const myArea = page.getByTestId('public-header').getByTestId('header-my-area');
    await myArea.waitFor();
    expect(await myArea.innerText()).toBe('My area');

    await myArea.click();
    await page.getByTestId('account-menu').waitFor();
    expect(pathOf(page)).toMatch(/^\/admin\/?$/);
    await context.close();
  });
});
