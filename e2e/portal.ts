import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, newContext, openPage, type WatchedPage } from './browser';

/** Signs in on the portal's /login form, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The path of the page's current URL (no origin, no query). */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * A signed-in back office in a fresh browser profile, its language stored before the first page
 * script runs (react-admin's `RaStore.locale`).
 */
export async function openBackOffice(
  browser: Browser,
  options: { baseURL: string; email: string; password: string; language: 'fr' | 'en'; viewport?: { width: number; height: number } },
): Promise<WatchedPage & { context: BrowserContext }> {
  const context = await newContext(browser, { baseURL: options.baseURL, viewport: options.viewport ?? DESKTOP, language: options.language });
  await context.addInitScript({ content: `localStorage.setItem('RaStore.locale', ${JSON.stringify(JSON.stringify(options.language))});` });
  const watched = await openPage(context);
  await signIn(watched.page, options.email, options.password);
  await watched.page.getByTestId('account-menu').waitFor();
  return { context, ...watched };
}

/** Signs an admin in on the portal and waits for the back office; in English, switches its language from the account menu. */
export async function signInAdmin(page: Page, admin: { email: string; password: string }, language: 'fr' | 'en' = 'fr'): Promise<void> {
  await signIn(page, admin.email, admin.password);
  await page.getByTestId('account-menu').waitFor();
  if (language === 'en') {
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.keyboard.press('Escape');
  }
}
