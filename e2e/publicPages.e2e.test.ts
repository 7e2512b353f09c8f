import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, openPage, screenshot, sharedVisitor, TOURS } from './browser';
import { startApiHarness, type ApiHarness } from '../test/apiHarness';

let server: ApiHarness;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Language = 'fr' | 'en';

/** Every page anyone can open without an account, with its main heading in each language. */
const PUBLIC_PAGES: { path: string; name: string; heading: Record<Language, string> }[] = [
  { path: '/', name: 'home', heading: { fr: 'Monétisez votre trafic adulte', en: 'Monetize your adult traffic' } },
  { path: '/faq', name: 'faq', heading: { fr: 'Questions fréquentes', en: 'Frequently asked questions' } },
  { path: '/contact', name: 'contact', heading: { fr: 'Contactez-nous', en: 'Contact us' } },
  { path: '/terms', name: 'terms', heading: { fr: "Conditions générales d'utilisation", en: 'Terms of service' } },
  { path: '/affiliation', name: 'affiliation', heading: { fr: "Programme d'affiliation", en: 'Affiliate programme' } },
  { path: '/about', name: 'about', heading: { fr: "À propos d'Affilux", en: 'About Affilux' } },
  { path: '/login', name: 'login', heading: { fr: 'Connexion', en: 'Sign in' } },
  { path: '/register', name: 'register', heading: { fr: 'Devenir affilié', en: 'Become an affiliate' } },
];

describe.each(TOURS)('public pages in $language at $width px', ({ language, viewport, tag }) => {
  // One visitor per language and width, who opens each page in turn.
  const visitor = sharedVisitor(() => newContext(browser, { baseURL: server.url, viewport, language }));

  it.each(PUBLIC_PAGES)('$path shows its heading in the language, fits the width and logs no error', async ({ path, name, heading }) => {
    const { page, errors } = visitor();
    errors.length = 0;

    await page.goto(path);

    await page.locator('h1').filter({ hasText: heading[language] }).waitFor();
    // Page-side expressions as strings: the root tsconfig has no DOM types.
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(scrollWidth, `horizontal overflow on ${path}`).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, 'public-pages', `${name}-${tag}`);
    expect(errors).toEqual([]);
  });
});

describe('language', () => {
  it('a visitor whose stored language is English gets a page declared as English (<html lang="en">) on arrival', async () => {
    const context = await newContext(browser, { baseURL: server.url, language: 'en' });
    const { page } = await openPage(context);

    await page.goto('/faq');

    await page.locator('h1').filter({ hasText: 'Frequently asked questions' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('the header switch turns the French site into English, and the choice survives a reload', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const { page, errors } = await openPage(context);
    await page.goto('/faq');
    await page.locator('h1').filter({ hasText: 'Questions fréquentes' }).waitFor();

    await page.getByTestId('public-header').getByTestId('lang-switch').click();

    await page.locator('h1').filter({ hasText: 'Frequently asked questions' }).waitFor();
    expect(await page.evaluate<string | null>("localStorage.getItem('language')")).toBe('en');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.reload();
    await page.locator('h1').filter({ hasText: 'Frequently asked questions' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
