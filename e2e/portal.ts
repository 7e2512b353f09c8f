import type { Page } from 'playwright-core';

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
