import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * Real Chromium for the browser journeys: the system's /usr/bin/chromium driven by playwright-core
 * (no browser download). CHROMIUM_PATH points elsewhere when a machine keeps it somewhere else.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Screenshots go outside the repository; E2E_SCREENSHOTS_DIR moves them (e.g. to keep them as CI artefacts). */
export const SCREENSHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'affilux-e2e-screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export type Viewport = { width: number; height: number };
export type Tour = { language: 'fr' | 'en'; viewport: Viewport; width: number; tag: string };
const tour = (language: Tour['language'], viewport: Viewport): Tour => ({ language, viewport, width: viewport.width, tag: `${language}-${viewport.width}` });

/**
 * The language and width combinations of every screen tour (each screen shown, nothing overflowing,
 * no page error, screenshots): French at 1280 and 375 px, English at 375 px only. French is the
 * longer language (some 14 % more characters over the two front ends' strings), so French at both
 * widths covers the layout of each width; English at the narrow width shows every English string, the
 * few that are longer than their French (a sixth, by a few characters) where room is tightest. English
 * at 1280 px would show the same strings with more room, for the time of a whole tour.
 */
export const TOURS: readonly Tour[] = [tour('fr', DESKTOP), tour('fr', PHONE), tour('en', PHONE)];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export type ContextOptions = {
  baseURL: string;
  viewport?: { width: number; height: number };
  /** The browser's language (navigator.language), which the portal uses when nothing is stored. */
  locale?: string;
  /** Stored portal language (localStorage `language`), set before the first page script runs unless already chosen. */
  language?: 'fr' | 'en';
  /**
   * A session token already in the profile's localStorage (`token`, where the /login form puts it), as a
   * person who signed in earlier has it: the portal and the back office start signed in.
   */
  token?: string;
  /** The browser's time zone (the system's when omitted): the screens must show the network's time whatever it is. */
  timezoneId?: string;
};

/** A fresh, isolated browser profile (no cookies, no localStorage but `token` when given): one per visitor in a journey. */
export async function newContext(browser: Browser, { baseURL, viewport = DESKTOP, locale = 'fr-FR', language, token, timezoneId }: ContextOptions): Promise<BrowserContext> {
  const storageState = token ? { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'token', value: token }] }] } : undefined;
  const context = await browser.newContext({ baseURL, viewport, locale, storageState, timezoneId });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  if (language) {
    // A script string: the root tsconfig has no DOM types, and this runs in the page, not in Node.
    await context.addInitScript({ content: `if (!localStorage.getItem('language')) localStorage.setItem('language', ${JSON.stringify(language)});` });
  }
  return context;
}

export type WatchedPage = {
  page: Page;
  /** Console errors and uncaught exceptions seen on this page so far. */
  errors: string[];
};

/** A new page that records console errors and uncaught exceptions, so a journey can assert there were none. */
export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, errors };
}

/**
 * One visitor (browser profile and tab) for the tests of a describe block, opened before them and
 * closed after: each test opens its page by address, so every page is loaded afresh, and clears
 * `errors` first to see only those logged since its own load.
 */
export function sharedVisitor(open: () => Promise<BrowserContext>): () => WatchedPage {
  let context: BrowserContext | undefined;
  let watched: WatchedPage;
  beforeAll(async () => {
    context = await open();
    watched = await openPage(context);
  });
  afterAll(async () => {
    await context?.close();
  });
  return () => watched;
}

/** A full-page screenshot under SCREENSHOTS_DIR/<folder>/<name>.png (`fullPage: false`: the viewport, e.g. for a modal); returns its path. */
export async function screenshot(page: Page, folder: string, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  const dir = path.join(SCREENSHOTS_DIR, folder);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
