import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, newContext, openPage, type Viewport, type WatchedPage } from './browser';

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
 * script runs (react-admin's `RaStore.locale`). Signs in on the /login form with `password`; with
 * `token` instead (a session from the API's sign-in), the profile starts with that session stored, as
 * a person coming back has it, and opens `path` (default /admin) directly: for journeys whose subject
 * is not the sign-in form, which foundation, onboarding and the auditor's journey go through.
 */
export async function openBackOffice(
  browser: Browser,
  options: { baseURL: string; email: string; language: 'fr' | 'en'; viewport?: Viewport; timezoneId?: string } & ({ password: string } | { token: string; path?: string }),
): Promise<WatchedPage & { context: BrowserContext }> {
  const token = 'token' in options ? options.token : undefined;
  const context = await newContext(browser, { baseURL: options.baseURL, viewport: options.viewport ?? DESKTOP, language: options.language, token, timezoneId: options.timezoneId });
  await context.addInitScript({ content: `localStorage.setItem('RaStore.locale', ${JSON.stringify(JSON.stringify(options.language))});` });
  const watched = await openPage(context);
  if ('password' in options) await signIn(watched.page, options.email, options.password);
  else await watched.page.goto(options.path ?? '/admin');
  await watched.page.getByTestId('account-menu').waitFor();
  return { context, ...watched };
}

/**
 * A fresh browser profile that starts signed in with `token` (a session from the API's sign-in, where
 * the /login form would have stored it) and opens `path`: a person coming back to the portal or the
 * back office. `language` is the portal's stored language (the back office starts in French).
 */
export async function openSignedIn(
  browser: Browser,
  options: { baseURL: string; token: string; path: string; language?: 'fr' | 'en'; viewport?: Viewport; timezoneId?: string },
): Promise<WatchedPage & { context: BrowserContext }> {
  const context = await newContext(browser, { baseURL: options.baseURL, viewport: options.viewport ?? DESKTOP, language: options.language, token: options.token, timezoneId: options.timezoneId });
  const watched = await openPage(context);
  await watched.page.goto(options.path);
  return { context, ...watched };
}

/** Switches the back office to English from its account menu (the choice is stored for the next visits). */
export async function switchBackOfficeToEnglish(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.keyboard.press('Escape');
}
