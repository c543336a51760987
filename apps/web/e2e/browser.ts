import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo1234!';
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 740 } as const;

const screenshotDir = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

export function baseURL(): string {
  return inject('baseURL');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The browser of a suite: launched before its tests and closed after them (vitest hooks, so call it at the top of a
 * file or a `describe`). Tests read `suite.browser`; a suite's own afterAll hooks run before it closes.
 */
export function suiteBrowser(): { readonly browser: Browser } {
  const suite = {} as { browser: Browser };
  beforeAll(async () => {
    suite.browser = await launch();
  });
  afterAll(async () => {
    await suite.browser?.close();
  });
  return suite;
}

/** Lists render as a table from md up and as cards on phones; only one of them is visible. */
export function shown(locator: Locator): Locator {
  return locator.filter({ visible: true }).first();
}

/** Full-page screenshots of the page at desktop width (`<name>-1280`) and at phone width (`<name>-375`). */
export async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await screenshot(page, `${name}-375`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Chooses `name` in the select opened by the trigger with test id `trigger`. */
export async function pickOption(page: Page, trigger: string, name: string): Promise<void> {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** A page of its own context, signed in as an account. */
export interface SignedInPage {
  context: BrowserContext;
  page: Page;
}

/**
 * A page signed in as each account (`{ customer: 'user@example.com', operator: … }`), opened in the suite's browser
 * before its tests; read as `desks.customer.page`. A suite's own beforeAll hooks run after these sign-ins.
 */
export function signedInPages<K extends string>(
  suite: { readonly browser: Browser },
  accounts: Record<K, string>,
  viewport: { width: number; height: number } = DESKTOP,
): Record<K, SignedInPage> {
  const pages = {} as Record<K, SignedInPage>;
  beforeAll(async () => {
    for (const [name, email] of Object.entries(accounts) as [K, string][]) {
      pages[name] = await newPage(suite.browser, viewport);
      await login(pages[name].page, email);
    }
  });
  return pages;
}

export async function newContext(browser: Browser, viewport: { width: number; height: number } = DESKTOP) {
  return browser.newContext({ baseURL: baseURL(), viewport });
}

export async function newPage(browser: Browser, viewport: { width: number; height: number } = DESKTOP) {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the real login form and waits for the dashboard. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
}

/**
 * Signs in as an account that may have open invoices (the shipper's pay-later invoice, for one): the
 * pending-invoices alert greets them once per browser context; closes it when it shows.
 */
export async function loginPastInvoiceAlert(page: Page, email: string, waitMs = 5_000): Promise<void> {
  await login(page, email);
  const alert = page.getByTestId('pending-invoices-alert');
  try {
    await alert.waitFor({ timeout: waitMs });
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'hidden' });
  } catch {
    // No alert this time (none open, or already dismissed in this browser context).
  }
}

/**
 * Clicks a link until the page is at `url`. A link that moves while the click is on its way (a list loading above
 * it pushes it down) can take a click on the spot it has left; the click is then repeated, up to `timeout`.
 */
export async function clickThrough(page: Page, link: Locator, url: RegExp, timeout = 30_000): Promise<void> {
  const until = Date.now() + timeout;
  while (!url.test(page.url())) {
    if (Date.now() > until) throw new Error(`still at ${page.url()}, not ${url}, after clicking ${link}`);
    await link.click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForURL(url, { timeout: 3_000 }).catch(() => undefined);
  }
}

export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? false });
  return file;
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page and fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A dialog still fading in has its text at part opacity, which axe counts as low contrast: let the running
  // animations that end (not spinners or skeletons, which loop) finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy (no inline scripts) still holds.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

export type { Browser, BrowserContext, Locator, Page };
