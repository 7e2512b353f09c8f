import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, openPage, screenshot } from './browser';
import { startE2eServer, type E2eAffiliate, type E2eServer } from './harness';
import { signIn } from './portal';

let server: E2eServer;
let browser: Browser;
let affiliate: E2eAffiliate;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  affiliate = await server.createAffiliate({
    firstName: 'Inès',
    lastName: 'Moreau',
    email: 'ines.moreau@example.test',
    password: 'ines-password',
    verified: true,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sessions and guards in the browser', () => {
  it('the admin signs in at /login and lands on the back office, with its navigation and the administrator label', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const { page, errors } = await openPage(context);

    await signIn(page, server.admin.email, server.admin.password);

    await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/');
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await navigation.getByRole('link', { name: 'Tableau de bord' }).waitFor();
    await navigation.getByRole('link', { name: 'Candidatures' }).waitFor();
    await page.getByTestId('account-menu').getByText('administrateur', { exact: false }).waitFor();
    expect((await page.getByTestId('account-menu').innerText()).toLowerCase()).toContain('administrateur');
    await screenshot(page, 'foundation', 'admin-back-office');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an anonymous visit to /affiliate lands on /login', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const { page } = await openPage(context);

    await page.goto('/affiliate');

    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('login-email').waitFor();
    await context.close();
  });

  it('an anonymous visit to /admin lands on /login', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const { page } = await openPage(context);

    await page.goto('/admin');

    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('login-email').waitFor();
    await context.close();
  });

  it('a signed-in affiliate lands on /affiliate, and opening /admin sends them to /', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const { page } = await openPage(context);

    await signIn(page, affiliate.email, affiliate.password);
    await page.waitForURL((url) => url.pathname === '/affiliate');
    await page.getByTestId('affiliate-user').getByText(`${affiliate.firstName} ${affiliate.lastName}`).waitFor();

    await page.goto('/admin');

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('home-hero').waitFor();
    await context.close();
  });
});
