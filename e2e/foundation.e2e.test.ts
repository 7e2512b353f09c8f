import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, openPage, screenshot } from './browser';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { pathOf, signIn } from './portal';

let server: ApiHarness;
let browser: Browser;
let affiliate: TestAffiliate;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
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

    // Journeys wait for what the page shows, then check the address: moves between the portal and the back
    // office are full page loads that the apps may start twice, which makes waiting on one navigation flaky.
    await page.getByTestId('account-menu').waitFor();
    expect(pathOf(page)).toMatch(/^\/admin\/?$/);
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

    await page.getByTestId('login-email').waitFor();
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('an anonymous visit to /admin lands on /login', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const { page } = await openPage(context);

    await page.goto('/admin');

    await page.getByTestId('login-email').waitFor();
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('a signed-in affiliate lands on /affiliate, and opening /admin sends them to /', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const { page } = await openPage(context);

    await signIn(page, affiliate.email, affiliate.password);
    await page.getByTestId('affiliate-user').getByText(`${affiliate.firstName} ${affiliate.lastName}`).waitFor();
    expect(pathOf(page)).toBe('/affiliate');

    await page.goto('/admin');

    await page.getByTestId('home-hero').waitFor();
    expect(pathOf(page)).toBe('/');
    await context.close();
  });
});
