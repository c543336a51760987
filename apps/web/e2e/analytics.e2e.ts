import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  type Page,
  suiteBrowser,
  screenshotAtWidths,
} from './browser';

/**
 * Analytics & Reports end to end: the super admin's dashboard shows live figures that link to their
 * lists; Analytics & Reports answers for a range, changes with it and exports a CSV.
 */

const shots = (page: Page, name: string) => screenshotAtWidths(page, `analytics-${name}`);

describe('analytics', () => {
  const suite = suiteBrowser();
  it('the super admin dashboard shows live figures linking to the lists behind them', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    const mrr = page.getByRole('link', { name: /Open Analytics & Reports$/ });
    await mrr.waitFor();
    await page
      .getByRole('link', { name: /Open Customers$/ })
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Open mail requests by age' }).waitFor();
    await shots(page, 'dashboard');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: /open Invoices & Billing$/ }).click();
    await page.waitForURL('**/invoices-billing**');
    await page.goBack();
    await mrr.click();
    await page.waitForURL('**/analytics-reports');
    await context.close();
  });

  it('opens Analytics & Reports, changes the range (figures change) and downloads a CSV', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    await page.goto('/analytics-reports');
    await page.getByRole('heading', { name: 'Analytics & Reports' }).waitFor();
    const newSubs = page.getByTestId('stat-Subscriptions');
    await newSubs.waitFor();
    const monthFigures = await page.getByRole('table', { name: 'Revenue by category' }).innerText();

    await page.getByRole('button', { name: 'Year' }).click();
    await expect
      .poll(async () => page.getByRole('table', { name: 'Revenue by category' }).innerText(), { timeout: 15_000 })
      .not.toBe(monthFigures);
    await page.getByRole('table', { name: 'Top sub-admins by revenue' }).waitFor();
    // The year is drawn month by month (recharts, loaded with the page), and the same figures read as a table.
    await page.getByTestId('revenue-mrr-chart').locator('svg .recharts-bar-rectangle').first().waitFor();
    await shots(page, 'reports-year');
    await page.getByRole('button', { name: 'Show table' }).click();
    const monthly = page.getByRole('table', { name: 'Revenue and MRR by month' });
    expect(await monthly.getByRole('row').count()).toBeGreaterThanOrEqual(12);
    await page.getByRole('button', { name: 'Show chart' }).click();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From').fill('2001-01-01');
    await page.getByLabel('To (exclusive)').fill('2001-02-01');
    // The days are the platform's (Los Angeles), as the server counts them, and the page says so.
    await page.getByText('2001-01-01 to 2001-02-01 (exclusive), days in Los Angeles time').waitFor();
    await expect.poll(async () => newSubs.innerText(), { timeout: 15_000 }).toBe('0 new');
    await page.getByText('Nothing in this range.').first().waitFor();

    await page.getByRole('button', { name: 'Year' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toBe('section,label,value');
    expect(csv).toMatch(/^revenue \(USD\),subscriptions,\d+\.\d\d$/m);
    expect(csv).toMatch(/^revenue \(USD\),net,-?\d+\.\d\d$/m);
    await context.close();
  });
});
