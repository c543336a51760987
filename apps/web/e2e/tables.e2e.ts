import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, login, newPage, screenshot, type Page, suiteBrowser } from './browser';

/**
 * Lists (DataTable) at 1280×800 and 375 wide: the page scrolls with the table header stuck under the top bar,
 * phones show one compact card per row, the invoice lines stack on a phone and the store list stays compact.
 * Each screen is photographed so it can be looked at.
 */

/** 57 px: the top bar (LOADER_OFFSET_PX.normal); the sticky table header sits right below it. */
const TOP_BAR_PX = 57;

async function scrollBy(page: Page, y: number) {
  await page.evaluate((dy) => window.scrollBy(0, dy), y);
  // Scroll listeners run on the next frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Where the table header is on screen and whether the table sits in an inner scroll box. */
async function headerTop(page: Page) {
  return page.evaluate(() => {
    const th = document.querySelector('table thead th');
    return th ? Math.round(th.getBoundingClientRect().top) : null;
  });
}

async function expectHeaderSticksUnderTopBar(page: Page) {
  // The page must be able to scroll past its header: a short window makes sure of it however few rows a page has.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 480 });
  const before = await headerTop(page);
  expect(before).toBeGreaterThan(TOP_BAR_PX);
  await scrollBy(page, 400);
  expect(await headerTop(page)).toBe(TOP_BAR_PX);
  await page.setViewportSize(size);
}

describe('lists', () => {
  const suite = suiteBrowser();
  it('super admin Customers: all 10 rows on the page, the header sticks while scrolling', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    await page.goto('/customers');
    await page.getByText(/Showing 1–10 of \d+/).waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(10);
    // No inner scroll box: the table's card is as tall as its rows.
    const clipped = await page.evaluate(() => {
      const table = document.querySelector('table');
      let el = table?.parentElement ?? null;
      while (el && el !== document.body) {
        const s = getComputedStyle(el);
        if (s.overflowY === 'auto' || s.overflowY === 'scroll' || s.overflowY === 'hidden') return true;
        el = el.parentElement;
      }
      return false;
    });
    expect(clipped).toBe(false);
    await screenshot(page, 'tables-customers-1280');
    await expectHeaderSticksUnderTopBar(page);
    await screenshot(page, 'tables-customers-1280-scrolled');

    // A medium window (the sidebar is a rail): if the table is wider than its column it scrolls sideways, and
    // either way the header still follows the page and nothing is cut off.
    await page.setViewportSize({ width: 800, height: 700 });
    await scrollBy(page, -10_000);
    await expectHeaderSticksUnderTopBar(page);
    const fits = await page.evaluate(() => {
      const wrap = document.querySelector('table')?.parentElement;
      return wrap ? wrap.scrollWidth <= wrap.clientWidth || wrap.hasAttribute('data-overflowing') : false;
    });
    expect(fits).toBe(true);
    await screenshot(page, 'tables-customers-800-scrolled');

    await page.setViewportSize({ width: PHONE.width, height: 812 });
    await scrollBy(page, -10_000);
    const cards = page.getByTestId('data-table-card');
    await expect.poll(() => cards.filter({ visible: true }).count()).toBe(10);
    // Compact: ten customers fit in well under two screens.
    const listHeight = await page.getByRole('list', { name: 'Customers' }).evaluate((el) => el.clientHeight);
    expect(listHeight).toBeLessThan(900);
    await screenshot(page, 'tables-customers-375');
    await screenshot(page, 'tables-customers-375-full', { fullPage: true });
    await context.close();
  });

  it('invoices: customer and super admin lists, and an invoice on a phone', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'user@example.com');
    await page.goto('/invoices-billing');
    await expect.poll(() => page.getByRole('link', { name: /^INV-/ }).count()).toBeGreaterThan(2);
    await screenshot(page, 'tables-invoices-customer-1280');
    await page.setViewportSize({ width: PHONE.width, height: 812 });
    const cards = page.getByTestId('data-table-card').filter({ visible: true });
    await expect.poll(() => cards.count()).toBeGreaterThan(2);
    // Paid invoices have no due date: the card does not print "Due —".
    expect(await cards.allInnerTexts()).not.toContainEqual(expect.stringMatching(/Due\s*—/));
    await screenshot(page, 'tables-invoices-customer-375');
    await screenshot(page, 'tables-invoices-customer-375-full', { fullPage: true });

    // The whole card opens the invoice; on a phone the lines stack with their sums and totals.
    await cards.first().getByRole('link').click();
    await page.waitForURL(/\/invoices-billing\/[0-9a-f-]{36}$/);
    const lines = page.getByTestId('invoice-lines-phone');
    await lines.waitFor();
    const text = await lines.innerText();
    expect(text).toMatch(/\d+ × \$[\d,.]+/);
    expect(text).toContain('Total (USD)');
    // Nothing is hidden sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'tables-invoice-detail-375', { fullPage: true });
    await context.close();

    const admin = await newPage(suite.browser, DESKTOP);
    await login(admin.page, 'superadmin@example.com');
    await admin.page.goto('/invoices-billing');
    await expect.poll(() => admin.page.getByRole('link', { name: /^INV-/ }).count()).toBeGreaterThan(2);
    await screenshot(admin.page, 'tables-invoices-admin-1280');
    await expectHeaderSticksUnderTopBar(admin.page);
    await screenshot(admin.page, 'tables-invoices-admin-1280-scrolled');
    await admin.page.setViewportSize({ width: PHONE.width, height: 812 });
    await scrollBy(admin.page, -10_000);
    await expect
      .poll(() => admin.page.getByTestId('data-table-card').filter({ visible: true }).count())
      .toBeGreaterThan(2);
    await screenshot(admin.page, 'tables-invoices-admin-375');
    await admin.context.close();
  });

  it('super admin Store page and FAQs list', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    await page.goto('/configuration/store');
    await page.getByRole('table').getByText('Koreatown').waitFor();
    // Each owner has a default store; the badge marks only the super admin's own.
    expect(await page.getByRole('table').getByText('Default', { exact: true }).count()).toBe(1);
    await screenshot(page, 'tables-store-1280');
    // Rows stay compact: no store row is taller than three lines of text.
    const heights = await page.locator('table tbody tr').evaluateAll((rows) => rows.map((r) => r.clientHeight));
    expect(Math.max(...heights)).toBeLessThan(90);
    await page.setViewportSize({ width: PHONE.width, height: 812 });
    await screenshot(page, 'tables-store-375', { fullPage: true });

    await page.setViewportSize(DESKTOP);
    await page.goto('/faqs');
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(3);
    await screenshot(page, 'tables-faqs-1280');
    await expectHeaderSticksUnderTopBar(page);
    await screenshot(page, 'tables-faqs-1280-scrolled');
    await page.setViewportSize({ width: PHONE.width, height: 812 });
    await scrollBy(page, -10_000);
    await screenshot(page, 'tables-faqs-375');
    await context.close();
  });
});
