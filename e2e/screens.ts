import type { Page } from 'playwright-core';

/** Reading and shooting the screens of a journey. */

/** An affiliate id as screens show it (5 digits). */
export const padded = (id: number) => String(id).padStart(5, '0');
/** Intl's French amounts use narrow no-break spaces; compare with plain ones. */
export const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
export const textOf = async (page: Page, testId: string) => plain(await page.getByTestId(testId).innerText());
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
/** The back office's app bar is fixed: a full-page shot is taken from the top so that it stays there. */
export const top = (page: Page) => page.evaluate('window.scrollTo(0, 0)');
/** Modals fade in: shoot once they are opaque. */
export const settled = (page: Page) => page.waitForTimeout(400);
