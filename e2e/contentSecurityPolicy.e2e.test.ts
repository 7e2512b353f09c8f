import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, openPage } from './browser';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { pathOf, signIn } from './portal';

/**
 * Both built front ends under the server's Content-Security-Policy (http/securityHeaders.ts):
 * nothing they do at run time (MUI's emotion styles, fonts, images, react-admin) is refused.
 */
let server: ApiHarness;
let browser: Browser;
let affiliate: TestAffiliate;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
  affiliate = await server.createAffiliate({ firstName: 'Chloé', lastName: 'Petit', verified: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every `securitypolicyviolation` the pages of this context fire, recorded from before their first script. */
async function watchViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript({
    content: `window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber));`,
  });
}

const violationsOn = (page: Page) => page.evaluate<string[]>('window.__cspViolations');
const cspConsoleErrors = (errors: string[]) => errors.filter((e) => /Content Security Policy|Refused to/i.test(e));

describe('the Content-Security-Policy in Chromium', () => {
  it.each(['/', '/login'])('%s renders with the policy in force and no violation', async (path) => {
    const context = await newContext(browser, { baseURL: server.url });
    await watchViolations(context);
    const { page, errors } = await openPage(context);

    const response = await page.goto(path);

    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('h1').first().waitFor();
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    expect(await violationsOn(page)).toEqual([]);
    expect(cspConsoleErrors(errors)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the back office, signed in as admin, renders its dashboard and the applications list with no violation', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    await watchViolations(context);
    const { page, errors } = await openPage(context);

    await signIn(page, server.admin.email, server.admin.password);
    await page.getByTestId('account-menu').waitFor();
    expect(pathOf(page)).toMatch(/^\/admin\/?$/);
    const dashboardViolations = await violationsOn(page);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Candidatures' }).click();
    await page.getByText(affiliate.email).first().waitFor();
    await page.evaluate('document.fonts.ready.then(() => undefined)');

    expect(dashboardViolations).toEqual([]);
    expect(await violationsOn(page)).toEqual([]);
    expect(cspConsoleErrors(errors)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the affiliate area, signed in as an affiliate, renders with no violation', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    await watchViolations(context);
    const { page, errors } = await openPage(context);

    await signIn(page, affiliate.email, affiliate.password);
    await page.waitForURL(/\/affiliate/);
    await page.getByText(affiliate.firstName).first().waitFor();
    await page.evaluate('document.fonts.ready.then(() => undefined)');

    expect(await violationsOn(page)).toEqual([]);
    expect(cspConsoleErrors(errors)).toEqual([]);
    await context.close();
  });
});
