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
