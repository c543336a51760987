import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  suiteBrowser,
  shown,
} from './browser';

/**
 * Payouts and plan limits: a sub-admin opens a payout statement and exports it, a sub-admin at
 * their store limit is refused a new store, the super admin approves a payout and marks it paid.
 */

/** "October 2026": the month before now, the payout the seed left pending for subadmin@example.com. */
function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

describe('payouts', () => {
  const suite = suiteBrowser();
  it('a sub-admin sees live figures, opens a payout statement and exports it as CSV', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'subadmin@example.com');
    const overview = page.getByTestId('sub-admin-overview');
    await overview.waitFor();
    expect(await overview.textContent()).toContain('2 of 3 stores');
    await screenshot(page, 'payouts-sub-admin-dashboard-1280', { fullPage: true });

    await page.getByTestId('sidebar-item-payouts').click();
    await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    const row = shown(page.getByRole('link', { name: lastMonth(), exact: true }));
    await row.waitFor();
    // The seeded earlier month is paid: its status badge says so in words.
    expect(await shown(page.getByText('paid', { exact: true })).isVisible()).toBe(true);
    await screenshot(page, 'payouts-list-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await row.click();
    await page.getByRole('heading', { name: `Payout · ${lastMonth()}` }).waitFor();
    await page.getByTestId('payout-amount').waitFor();
    // Every term of the statement is a figure (the fees and share come in 1/10,000 cent).
    const terms = await page.locator('dl').first().innerText();
    expect(terms).toContain('CARRIED TO NEXT PERIOD');
    expect(terms).not.toMatch(/NaN|\$-/);
    await screenshot(page, 'payouts-statement-1280', { fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payout-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'period_start,period_end,category,description,invoice_id,transaction_id,date,amount_usd',
    );
    // The statement's terms close the CSV, as plain numbers a spreadsheet sums.
    expect(csv).toMatch(/,summary,Payout,,,,\d+(\.\d+)?\n/);
    await expectNoSeriousA11yViolations(page);
    await context.close();

    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, 'subadmin@example.com');
    await phone.page.goto('/payouts');
    // On a phone the whole payout card is the link to its statement.
    const card = shown(phone.page.getByRole('link', { name: `View the payout for ${lastMonth()}`, exact: true }));
    await card.waitFor();
    await screenshot(phone.page, 'payouts-list-375', { fullPage: true });
    await card.click();
    await phone.page.getByTestId('payout-amount').waitFor();
    await screenshot(phone.page, 'payouts-statement-375', { fullPage: true });
    await phone.page.goto('/dashboard');
    await phone.page.getByTestId('sub-admin-overview').waitFor();
    await screenshot(phone.page, 'payouts-sub-admin-dashboard-375', { fullPage: true });
    await phone.context.close();
  });

  it('a sub-admin at their store limit is refused a new store, with the way to upgrade', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'reseller@example.com');
    await page.goto('/add-store');
    const usage = page.getByTestId('plan-usage');
    await usage.waitFor();
    expect(await usage.textContent()).toContain('1 of 1 store');
    await page.getByLabel('Store name').fill('Second location');
    await page.getByLabel('Address Line 1').fill('100 Main St');
    await page.getByTestId('store-zip').fill('90012');
    await page.getByTestId('store-phone').fill('2135550177');
    await page.getByRole('button', { name: 'Add Store' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your plan allows 1 store.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Your plan allows 1 store. Upgrade your plan to add another store.');
    expect(await alert.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/buy-subscription');
    await screenshot(page, 'payouts-store-limit-1280', { fullPage: true });
    await context.close();
    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, 'reseller@example.com');
    await phone.page.goto('/add-store');
    await phone.page.getByTestId('plan-usage').waitFor();
    await screenshot(phone.page, 'payouts-store-limit-375', { fullPage: true });
    await phone.context.close();
  });

  it('the super admin approves a payout and marks it paid with a reference', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    await page.goto('/sub-admins');
    await page.getByRole('link', { name: 'Payouts' }).filter({ visible: true }).last().click();
    await page.getByRole('heading', { name: 'Sub Admin Payouts', level: 1 }).waitFor();
    const approve = shown(
      page.getByRole('button', { name: `Approve the payout of subadmin@example.com for ${lastMonth()}` }),
    );
    await approve.waitFor();
    await screenshot(page, 'payouts-admin-list-1280', { fullPage: true });
    await approve.click();
    const markPaid = shown(
      page.getByRole('button', { name: `Mark the payout of subadmin@example.com for ${lastMonth()} paid` }),
    );
    await markPaid.waitFor();
    await markPaid.click();
    const dialog = page.getByRole('dialog', { name: 'Mark payout paid' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.getByText('Payment reference is required.').waitFor();
    await dialog.getByLabel('Payment reference').fill('ACH-E2E-0042');
    await screenshot(page, 'payouts-mark-paid-dialog-1280');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () =>
        shown(
          page.getByRole('button', { name: `Mark the payout of subadmin@example.com for ${lastMonth()} paid` }),
        ).count(),
      )
      .toBe(0);
    await shown(page.getByRole('link', { name: `View the payout of subadmin@example.com for ${lastMonth()}` })).click();
    await page.getByText('ACH-E2E-0042').waitFor();
    await screenshot(page, 'payouts-admin-statement-1280', { fullPage: true });
    await context.close();
  });
});
