import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, openPage, screenshot } from './browser';
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

const subscribers = async () => (await server.db.pool.query("SELECT email FROM rm_newsletter_subscribers WHERE email = 'lectrice@example.test'")).rows;

describe('newsletter double opt-in', () => {
  it('a visitor subscribes in the footer, is asked to confirm, and is subscribed only once the mailed link is followed', async () => {
    const context = await newContext(browser, { baseURL: server.url, viewport: DESKTOP, language: 'fr' });
    const { page, errors } = await openPage(context);
    await page.goto('/');
    await page.getByTestId('newsletter-email').fill('lectrice@example.test');
    await page.getByTestId('newsletter-form').locator('button[type=submit]').click();
    await page.getByText('confirmez votre inscription avec le lien').waitFor();
    expect(await subscribers()).toHaveLength(0);

    const mail = await server.smtp.waitForMail('lectrice@example.test', { subject: /newsletter/i });
    const link = /(http\S+\/newsletter\/confirm\?token=[^\s"<]+)/.exec(mail.text)![1]!;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByTestId('newsletter-confirmed').waitFor();
    await screenshot(page, 'newsletter', 'confirmed-fr-1280');
    expect(await subscribers()).toHaveLength(1);
    expect(errors).toEqual([]);

    // The link works once: the browser logs the refused call, and the page says why.
    await page.reload();
    await page.getByTestId('newsletter-failed').getByText('Ce lien de confirmation est invalide ou a expiré.').waitFor();
    await context.close();

    // In English, the refusal is in English too.
    const english = await newContext(browser, { baseURL: server.url, viewport: DESKTOP, language: 'en' });
    const { page: englishPage } = await openPage(english);
    await englishPage.goto(new URL(link).pathname + new URL(link).search);
    await englishPage.getByTestId('newsletter-failed').getByText('This confirmation link is invalid or has expired.').waitFor();
    await english.close();
  });
});
