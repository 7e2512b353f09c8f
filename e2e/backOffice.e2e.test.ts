import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiUser } from '@affilux/contract';
import { launchBrowser, screenshot } from './browser';
import { startApiHarness, type ApiHarness } from '../test/apiHarness';
import { openBackOffice, pathOf } from './portal';

/**
 * The back office's side of the shared rules: the commission rate typed in the approve dialog, the
 * server's messages in the interface language, and a session the server ended.
 */

let server: ApiHarness;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let applicants = 0;
/** A pending application, submitted as the registration wizard does. */
async function submitApplication(firstName: string): Promise<{ id: string; email: string }> {
  applicants += 1;
  const email = `${firstName.toLowerCase()}.${applicants}@example.test`;
  const answer = await server.call<{ id: string; message: string }>('POST', '/applications/submit', {
    body: {
      first_name: firstName, last_name: 'Candidat', username: `${firstName.toLowerCase()}-${applicants}`, email, password: 'applicant-password',
      profile_type: 'individual', contact_method: '@candidat', country: 'France', experience_description: 'Media buyer on dating offers since 2019',
      affiliate_niches: [], traffic_sources: ['SEO'], terms_accepted: true,
    },
  });
  expect(answer.status).toBe(201);
  return { id: answer.body.id, email };
}

/** The back office in `language`, in a profile that starts with a session from the API's sign-in (a person coming back), on `path`. */
async function openAdmin(path: string, language: 'fr' | 'en' = 'fr') {
  const token = await server.login(server.admin.email, server.admin.password);
  return openBackOffice(browser, { baseURL: server.url, email: server.admin.email, token, path, language });
}

/** The helper text under an input (aria-describedby). */
async function helperOf(page: Page, testId: string): Promise<string> {
  const describedBy = await page.getByTestId(testId).getAttribute('aria-describedby');
  return describedBy ? (await page.locator(`[id="${describedBy}"]`).innerText()).trim() : '';
}

describe('approve dialog: the commission rate', () => {
  it('12.55 (finer than 0.1) and 101 are refused with their message and Approve disabled; 12,5 is accepted and recorded as 12.5 %', async () => {
    const application = await submitApplication('Adrien');
    const { page, errors, context } = await openAdmin('/admin/applications');
    await page.getByTestId(`approve-${application.id}`).click();
    const rate = page.getByTestId('approve-commission-rate-input');
    const approve = page.getByTestId('approve-confirm');

    await rate.fill('12.55');
    await expect.poll(() => helperOf(page, 'approve-commission-rate-input')).toBe('Le taux de commission doit avoir au plus une décimale (pas de 0,1)');
    expect(await rate.getAttribute('aria-invalid')).toBe('true');
    expect(await approve.isDisabled()).toBe(true);
    await screenshot(page, 'back-office', 'approve-rate-step-error-fr');

    await rate.fill('101');
    await expect.poll(() => helperOf(page, 'approve-commission-rate-input')).toBe('Le taux de commission doit être entre 0 et 100%');
    expect(await approve.isDisabled()).toBe(true);

    await rate.fill('12,5');
    await expect.poll(() => approve.isDisabled()).toBe(false);
    expect(await rate.getAttribute('aria-invalid')).toBe('false');
    await approve.click();
    await approve.waitFor({ state: 'detached' });
    await page.getByTestId(`approve-${application.id}`).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();

    const token = await server.login(application.email, 'applicant-password');
    const me = await server.call<{ user: ApiUser }>('GET', '/auth/me', { token });
    expect(me.body.user.referral_commission_rate).toBe(12.5);
  });
});

describe('approve dialog: its lists', () => {
  it("says when the managers or the payment variants cannot be loaded, in the spec's words for this dialog", async () => {
    const application = await submitApplication('Armand');
    const { page, context } = await openAdmin('/admin/applications');
    for (const list of ['managers', 'payment-variants']) await page.route(`**/api/v1/applications/${list}`, (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByTestId(`approve-${application.id}`).click();
    // The two toasts show one at a time, in either order, each for 4 s: the first seen is closed by a click
    // away, so the second need not wait its turn (on a loaded machine it once did not show within 30 s).
    const messages = ['Erreur de chargement des managers', 'Erreur de chargement des variantes de paiement'];
    const seen = new Set<string>();
    await expect.poll(async () => {
      for (const message of messages) {
        if (seen.has(message) || !(await page.getByText(message).isVisible())) continue;
        seen.add(message);
        if (seen.size < messages.length) await page.locator('#approve-title').click();
      }
      return [...seen].sort();
    }, { timeout: 60_000, interval: 250 }).toEqual([...messages].sort());
    await context.close();
  });
});

describe('server messages in the back office', () => {
  it.each([
    { language: 'fr', text: 'Candidature introuvable ou déjà traitée' },
    { language: 'en', text: 'Application not found or already processed' },
  ] as const)('approving an application processed meanwhile says so in $language', async ({ language, text }) => {
    const application = await submitApplication(language === 'fr' ? 'Bastien' : 'Brian');
    const { page, context } = await openAdmin('/admin/applications', language);
    await page.getByTestId(`approve-${application.id}`).click();
    await page.getByTestId('approve-confirm').waitFor();

    // Someone else rejects it while the dialog is open.
    const adminToken = await server.login(server.admin.email, server.admin.password);
    expect((await server.call('POST', `/applications/${application.id}/reject`, { token: adminToken })).status).toBe(200);
    await page.getByTestId('approve-confirm').click();

    await page.getByText(text).waitFor();
    // The list, refreshed, shows it processed: the dialog closes and the card offers no approval.
    await page.getByTestId('approve-confirm').waitFor({ state: 'detached' });
    expect(await page.getByTestId(`approve-${application.id}`).count()).toBe(0);
    await screenshot(page, 'back-office', `already-processed-${language}`);
    await context.close();
  });
});

describe('a session the server ended', () => {
  it("after the admin's password is changed elsewhere, the back office's next call sends it to the portal's /login and forgets the token", async () => {
    const { page, context } = await openAdmin('/admin');
    // The dashboard's own calls done: the click below makes the next one.
    await page.waitForLoadState('networkidle');

    const token = await server.login(server.admin.email, server.admin.password);
    const changed = await server.call('PUT', '/auth/change-password', { token, body: { current_password: server.admin.password, new_password: 'admin-temporary-password' } });
    expect(changed.status).toBe(200);
    try {
      const atLogin = page.getByTestId('login-email').waitFor();
      // The click only starts it: the page it leads to calls the API, whose refusal then leaves for the portal.
      // A call of the dashboard's own (react-admin's checks, a refetch) may get there first and take the link away
      // mid-click: then the click is moot, and reaching /login is what counts, so its failure is not the test's.
      const click = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Candidatures' }).click({ noWaitAfter: true });
      await Promise.race([click.catch(() => undefined), atLogin]);
      await atLogin;
      expect(pathOf(page)).toBe('/login');
      expect(await page.evaluate<string | null>("localStorage.getItem('token')")).toBeNull();
    } finally {
      const restored = await server.call('PUT', '/auth/change-password', {
        token: changed.body.token,
        body: { current_password: 'admin-temporary-password', new_password: server.admin.password },
      });
      expect(restored.status).toBe(200);
      await context.close();
    }
  });
});
