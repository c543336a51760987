import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, login, newPage, screenshot, type Page, suiteBrowser } from './browser';

/**
 * A large list right after the API started: its first answer carries the planner's estimate
 * (`totalIsEstimate: true`) while the server counts it. The embedded database always answers the exact total
 * (docs/decisions/008-totals-from-a-cold-start.md), so the first answer of the shipments list is rewritten on its
 * way to the browser as PostgreSQL would write it; every later answer is the server's own.
 */
const ESTIMATE = 998_214;

async function estimateFirstAnswer(page: Page): Promise<{ rewritten: () => number }> {
  let count = 0;
  await page.route(/\/api\/v1\/shipments(\?|$)/, async (route) => {
    const response = await route.fetch();
    if (count > 0) return route.fulfill({ response });
    count++;
    const page = await response.json();
    await route.fulfill({ response, json: { ...page, total: ESTIMATE, totalIsEstimate: true } });
  });
  return { rewritten: () => count };
}

describe('a list whose total is still being counted', () => {
  const suite = suiteBrowser();
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`says "about N", then shows the exact total by itself (${name})`, async () => {
      const { context, page } = await newPage(suite.browser, viewport);
      await login(page, 'superadmin@example.com');
      const { rewritten } = await estimateFirstAnswer(page);
      await page.goto('/shipments');
      const about = name === 'desktop' ? /Showing 1–\d+ of about 998,214/ : /Page 1 of about 99,822/;
      await page.getByText(about).waitFor();
      await page.getByRole('navigation', { name: 'Pagination' }).scrollIntoViewIfNeeded();
      await screenshot(page, `estimated-total-${name}`);
      expect(rewritten()).toBe(1);
      // The query client asks again while the total is an estimate: the server's exact total replaces it.
      await page.getByText(/Showing 1–\d+ of \d+$/).waitFor({ timeout: 10_000 });
      expect(await page.getByText(/about/).count()).toBe(0);
      await context.close();
    });
  }
});
