import { describe, expect, it } from 'vitest';
import { baseURL, newPage, PHONE, type Page, suiteBrowser } from './browser';

/** The pages the build prerenders (src/entry-server.tsx) with a heading that proves their content is there. */
const PRERENDERED = [
  { path: '/', title: 'Home', heading: /Your mail,\s*anywhere/ },
  { path: '/about', title: 'About', heading: 'A mailroom you can trust, wherever you are' },
  { path: '/contact', title: 'Contact', heading: 'Talk to a real person' },
  { path: '/mailbox-pricing', title: 'Mailbox Pricing', heading: 'Simple plans, every fee in plain sight' },
  { path: '/help', title: 'How We Can Help', heading: 'Your mailroom and shipping desk, run for you' },
  { path: '/public/track', title: 'Track Shipment', heading: 'Where is my parcel?' },
  { path: '/policy-terms', title: 'Policy & Terms', heading: 'Policy & Terms' },
  { path: '/login', title: 'Login', heading: null },
  { path: '/register', title: 'Sign Up', heading: null },
  { path: '/forgot-password', title: 'Forgot Password', heading: null },
] as const;

/** Console errors and warnings, and uncaught errors, of one page (hydration mismatches are reported there). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('prerendered public pages', () => {
  const suite = suiteBrowser();
  it('show their content, title and description with JavaScript disabled', async () => {
    const context = await suite.browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const p of PRERENDERED) {
      const response = await page.goto(p.path);
      expect(response?.headers()['cache-control']).toBe('no-cache');
      expect(await page.title()).toBe(`${p.title} | Postwise`);
      const heading = p.heading
        ? page.getByRole('heading', { level: 1, name: p.heading })
        : page.getByRole('heading').first();
      expect(await heading.isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').or(page.getByRole('main')).first().isVisible()).toBe(true);
    }
    // The description is the page's own, not the shell's generic one.
    await page.goto('/about');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^About Postwise/);
    await context.close();
  });

  it('paint without waiting for the stylesheet: their CSS is inline, the full stylesheet loads without blocking', async () => {
    /** What the first screen looks like, as computed styles of its landmarks. */
    const looks = (page: Page) =>
      page.evaluate(() =>
        [
          document.body,
          document.querySelector('h1, h2'),
          document.querySelector('header, nav'),
          document.querySelector('a, button'),
        ].map((el) => {
          if (!el) return null;
          const s = getComputedStyle(el);
          return [s.fontFamily, s.fontSize, s.fontWeight, s.color, s.backgroundColor, s.display, s.padding].join('|');
        }),
      );
    for (const p of PRERENDERED) {
      const { context, page } = await newPage(suite.browser, PHONE);
      await page.goto(p.path, { waitUntil: 'load' });
      await expect
        .poll(() => page.evaluate(() => document.querySelector('link[rel="stylesheet"]')?.getAttribute('media')))
        .toBe('all');
      const blocking = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.css'))
          .map((e) => (e as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus),
      );
      expect(blocking, p.path).toEqual(['non-blocking']);
      const full = await looks(page);
      await context.close();

      // The inline CSS alone (stylesheet unreachable, no JavaScript) styles the first screen the same way.
      const bare = await suite.browser.newContext({ baseURL: baseURL(), viewport: PHONE, javaScriptEnabled: false });
      const inlineOnly = await bare.newPage();
      await inlineOnly.route(/\/assets\/.*\.css$/, (route) => route.abort());
      await inlineOnly.goto(p.path, { waitUntil: 'load' });
      expect(await looks(inlineOnly), p.path).toEqual(full);
      await bare.close();
    }
  });

  it('hydrate without console errors and respond to input', async () => {
    for (const p of PRERENDERED) {
      const { context, page } = await newPage(suite.browser, PHONE);
      const problems = collectProblems(page);
      await page.goto(p.path);
      await page.waitForLoadState('networkidle');
      expect(problems, p.path).toEqual([]);
      await context.close();
    }

    // A public page's menu opens only once React has taken over the prerendered markup.
    const { context, page } = await newPage(suite.browser, PHONE);
    const problems = collectProblems(page);
    await page.goto('/about');
    await page.getByTestId('mobile-menu-toggle').click();
    await page.getByRole('navigation', { name: 'Main mobile' }).waitFor();

    // The login form validates with the shared schema, loaded on the first submit.
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('Email is required.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
