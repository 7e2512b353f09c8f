import type { Page } from 'playwright-core';

/** Reading and shooting the screens of a journey. */

/** An affiliate id as screens show it (5 digits). */
export const padded = (id: number) => String(id).padStart(5, '0');
/** Text as typed (Intl's French amounts use no-break spaces): non-breaking spaces as spaces, non-breaking hyphens (week labels) as hyphens. */
export const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/\u2011/g, '-');
export const textOf = async (page: Page, testId: string) => plain(await page.getByTestId(testId).innerText());
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
/** The back office's app bar is fixed: a full-page shot is taken from the top so that it stays there. */
export const top = (page: Page) => page.evaluate('window.scrollTo(0, 0)');
/**
 * Modals fade in, drawers slide, tooltips fade out: waits until what was just set moving has come to
 * rest, to shoot it still. A frame or two first, for a change the page has yet to render to start its
 * transition; then every running animation with an end (a spinner's endless one has none), the buttons'
 * click ripples aside: they fade for 550 ms, often behind the dialog that the click opened.
 */
export async function settled(page: Page): Promise<void> {
  type Animation = { playState: string; effect: { getComputedTiming(): { endTime?: number | string }; target?: { closest(selector: string): unknown } | null } | null };
  type Window = { requestAnimationFrame(callback: () => void): void; document: { getAnimations(): Animation[] } };
  // Functions run in the page (not strings: the back office's Content-Security-Policy forbids eval).
  await page.evaluate(() => new Promise<void>((resolve) => {
    const window = globalThis as unknown as Window;
    window.requestAnimationFrame(() => window.requestAnimationFrame(resolve));
  }));
  await page.waitForFunction(() =>
    (globalThis as unknown as Window).document.getAnimations().every(
      ({ playState, effect }) => playState !== 'running' || effect?.getComputedTiming().endTime === Infinity || Boolean(effect?.target?.closest('.MuiTouchRipple-root')),
    ),
  );
}

/** What has the keyboard focus: its data-testid and its text (functions run in the page: the back office's CSP forbids eval). */
export function focused(page: Page): Promise<{ testId: string | null; text: string | null }> {
  type Element = { getAttribute(name: string): string | null; textContent: string | null };
  return page.evaluate(() => {
    const element = (globalThis as unknown as { document: { activeElement: Element | null } }).document.activeElement;
    return { testId: element?.getAttribute('data-testid') ?? null, text: element?.textContent ?? null };
  });
}
