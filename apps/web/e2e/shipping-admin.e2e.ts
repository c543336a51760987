import { describe, expect, it } from 'vitest';
import {
  PHONE,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  type Page,
  loginPastInvoiceAlert,
  suiteBrowser,
} from './browser';

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/** Every rate on the quote step, by "carrier · service", with our price. */
async function ratePrices(page: Page): Promise<Map<string, number>> {
  await expect.poll(() => page.getByTestId('rate').count(), { timeout: 20_000 }).toBeGreaterThan(1);
  const out = new Map<string, number>();
  for (const rate of await page.getByTestId('rate').all()) {
    const name = (await rate.locator('.font-semibold').first().innerText()).trim();
    out.set(name, money(await rate.getByTestId('rate-price').innerText()));
  }
  return out;
}

/** The five steps with the default sender, a receiver in Austin and one package of the given weight (lb). */
async function wizardToQuote(page: Page, weight: string): Promise<void> {
  await page.goto('/create');
  await page.waitForURL('**/create-shipment/sender-address');
  await expect.poll(() => page.getByTestId('sender-line1').inputValue(), { timeout: 15_000 }).not.toBe('');
  await page.getByTestId('wizard-next').click();
  await page.waitForURL('**/create-shipment/receiver-address');
  for (const [key, value] of Object.entries({
    name: 'Lee Ortega',
    line1: '20 Main Street',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
  })) {
    await page.getByTestId(`receiver-${key}`).fill(value);
  }
  await page.getByTestId('wizard-next').click();
  await page.waitForURL('**/create-shipment/package-information');
  for (const [key, value] of Object.entries({ length: '10', width: '8', height: '6', weight })) {
    await page.getByTestId(`package-0-${key}`).fill(value);
  }
  await page.getByTestId('wizard-next').click();
  await page.waitForURL('**/create-shipment/arrival-prefrences');
  await page.getByTestId('wizard-next').click();
  await page.waitForURL('**/create-shipment/update-quote');
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

describe('shipping administration', () => {
  const suite = suiteBrowser();
  it('the super admin raises the all-carrier markup and the next quote of shipper@ costs more', async () => {
    const shipper = await newPage(suite.browser);
    await loginPastInvoiceAlert(shipper.page, 'shipper@example.com');
    const page = shipper.page;
    await wizardToQuote(page, '3');
    const before = await ratePrices(page);

    // The super admin edits the platform-wide markup (seeded at 15%) to 40%.
    const admin = await newPage(suite.browser);
    await login(admin.page, 'superadmin@example.com');
    await admin.page.goto('/configuration/margin-discount');
    const edit = admin.page.getByRole('button', { name: 'Edit the markup on All carriers' });
    await edit.waitFor({ timeout: 15_000 });
    await expect.poll(() => admin.page.getByText('15%').first().isVisible()).toBe(true);
    await screenshot(admin.page, 'shipping-margin-discount-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(admin.page);
    await edit.click();
    const dialog = admin.page.getByTestId('margin-dialog');
    await dialog.getByTestId('margin-value').fill('40');
    await screenshot(admin.page, 'shipping-margin-dialog-1280');
    await dialog.getByTestId('margin-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => admin.page.getByText('40%').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await admin.context.close();

    // A reload asks for a new quote (the draft is kept in sessionStorage): every service on the
    // all-carrier markup now costs more; the one with its own markup (FedEx Standard Overnight) does not move.
    await page.reload();
    const after = await ratePrices(page);
    let raised = 0;
    for (const [name, price] of before) {
      const now = after.get(name);
      expect(now, name).toBeDefined();
      if (name.includes('FedEx Standard Overnight')) expect(now).toBe(price);
      else {
        expect(now!, name).toBeGreaterThan(price);
        raised += 1;
      }
    }
    expect(raised).toBeGreaterThan(0);
    await shipper.context.close();
  });

  it('the super admin tests the carrier connection and quotes the pending shipping request; shipper@ accepts it', async () => {
    const admin = await newPage(suite.browser);
    await login(admin.page, 'superadmin@example.com');
    await admin.page.goto('/configuration/carrier');
    const sandbox = admin.page.getByTestId('carrier-sandbox');
    await sandbox.waitFor({ timeout: 15_000 });
    await admin.page.getByTestId('test-sandbox').click();
    await expect.poll(() => admin.page.getByTestId('test-result-sandbox').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await admin.page.getByTestId('carrier-easypost').getByTestId('credentials-state').innerText()).toMatch(
      /API key saved|No API key saved yet/,
    );
    await screenshot(admin.page, 'shipping-carrier-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(admin.page);

    await admin.page.goto('/shipping-requests');
    const quoteButton = admin.page.getByTestId('quote-request').first();
    await quoteButton.waitFor({ timeout: 15_000 });
    // Each request shows who asked by name; the search finds them by name and says so when nothing matches.
    const table = admin.page.getByRole('table');
    await expect
      .poll(
        () =>
          table
            .getByText(/^Sofia .*Ramirez$/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    const search = admin.page.getByRole('searchbox', { name: 'Search' });
    await search.fill('zz-nobody');
    await expect
      .poll(() => admin.page.getByText('No shipping requests match').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await search.fill('ramirez');
    await expect
      .poll(
        () =>
          table
            .getByText(/glazed tiles/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await screenshot(admin.page, 'shipping-requests-1280', { fullPage: true });
    await search.fill('');
    await quoteButton.waitFor({ timeout: 15_000 });
    await quoteButton.click();
    await admin.page.getByTestId('quote-carrier').fill('Freight partner');
    await admin.page.getByTestId('quote-service').fill('LTL liftgate');
    await admin.page.getByTestId('quote-price').fill('412.50');
    await admin.page.getByTestId('send-quote').click();
    await expect.poll(() => admin.page.getByText('$412.50').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await admin.context.close();

    const shipper = await newPage(suite.browser);
    await loginPastInvoiceAlert(shipper.page, 'shipper@example.com');
    await shipper.page.goto('/shipments');
    const accept = shipper.page.getByTestId('accept-request').first();
    await accept.waitFor({ timeout: 15_000 });
    await accept.click();
    await shipper.page.getByRole('radio', { name: /Ship now, pay later/ }).click();
    await shipper.page.getByRole('button', { name: 'Ship now, pay later' }).click();
    await expect
      .poll(() => shipper.page.getByRole('link', { name: 'Shipment', exact: true }).first().isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await screenshot(shipper.page, 'shipping-requests-customer-1280', { fullPage: true });
    await shipper.context.close();
  });

  it('when no automatic rate fits (a 400 lb package), shipper@ sends a shipping request from the quote step', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await wizardToQuote(page, '400');
    const description = page.getByTestId('shipping-request-description');
    await description.waitFor({ timeout: 20_000 });
    await page.getByTestId('send-shipping-request').click();
    await expect.poll(() => page.getByText('Tell us what you are shipping').isVisible()).toBe(true);
    await description.fill('One crate of cast-iron parts, 400 lb, forklift at both ends');
    await screenshot(page, 'shipping-request-form-1280', { fullPage: true });
    await page.getByTestId('send-shipping-request').click();
    await page.getByTestId('shipping-request-sent').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Go to Shipments' }).click();
    await page.waitForURL('**/shipments');
    await expect
      .poll(
        () =>
          page
            .getByText(/cast-iron parts/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.close();
  });

  it('the super admin sees who shipped each label and what was earned on it; the customer sees what they saved', async () => {
    const admin = await newPage(suite.browser);
    await login(admin.page, 'superadmin@example.com');
    await admin.page.goto('/shipments');
    await admin.page.getByRole('columnheader', { name: 'Customer' }).waitFor({ timeout: 15_000 });
    const table = admin.page.getByRole('table');
    await expect.poll(() => table.getByText('shipper@example.com').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(
      await table
        .getByText(/^margin \$/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(
      await table
        .getByText(/^cost \$/)
        .first()
        .isVisible(),
    ).toBe(true);
    await screenshot(admin.page, 'shipments-super-admin-1280', { fullPage: true });
    await table
      .getByRole('row')
      .filter({ hasText: /margin \$/ })
      .first()
      .getByRole('link')
      .first()
      .click();
    const earnings = admin.page.getByTestId('shipment-earnings');
    await earnings.waitFor({ timeout: 15_000 });
    expect(await earnings.getByText('Margin', { exact: true }).isVisible()).toBe(true);
    expect(await earnings.getByText('Carrier cost', { exact: true }).isVisible()).toBe(true);
    await screenshot(admin.page, 'shipment-super-admin-1280', { fullPage: true });
    await admin.context.close();

    const shipper = await newPage(suite.browser);
    await loginPastInvoiceAlert(shipper.page, 'shipper@example.com');
    await shipper.page.goto('/shipments');
    await shipper.page.getByRole('columnheader', { name: 'Cost' }).waitFor({ timeout: 15_000 });
    expect(await shipper.page.getByRole('columnheader', { name: 'Customer' }).count()).toBe(0);
    await shipper.page.getByRole('table').getByRole('link').first().click();
    await shipper.page.getByText('You saved').waitFor({ timeout: 15_000 });
    expect(await shipper.page.getByTestId('shipment-earnings').count()).toBe(0);
    await shipper.context.close();
  });

  it('anyone runs the free shipping-cost analysis on /help from a CSV and sees the total saving', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto('/help');
    const scriptsBefore = await page.evaluate(() => performance.getEntriesByType('resource').length);
    expect(await page.getByTestId('shipping-analysis').count()).toBe(0);
    await page.getByTestId('open-analysis').click();
    await page.getByTestId('shipping-analysis').waitFor({ timeout: 15_000 });
    // The analysis came as its own chunk, after the click.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').length)).toBeGreaterThan(scriptsBefore);
    const csv = [
      'fromZip,toZip,weight,length,width,height,paid',
      '90017,10001,4,12,10,8,38.50',
      '90017,98101,1.5,6,6,6,14.20',
      '10001,60601,10,16,12,10,61.00',
      '90017,02139,2,9,6,4,19.75',
    ].join('\n');
    await page
      .getByTestId('analysis-file')
      .setInputFiles({ name: 'last-month.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('analysis-upload').click();
    const total = page.getByTestId('analysis-total-saving');
    await total.waitFor({ timeout: 20_000 });
    expect(await total.innerText()).toMatch(/^\$[\d,]+\.\d{2} \(\d+%\)$/);
    expect(money((await total.innerText()).split(' ')[0]!)).toBeGreaterThan(0);
    expect(await page.getByTestId('analysis-row').count()).toBe(4);
    expect(await page.getByTestId('analysis-chart').isVisible()).toBe(true);
    await page.getByTestId('shipping-analysis').scrollIntoViewIfNeeded();
    await screenshot(page, 'shipping-analysis-1280');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it('the analysis and the configuration pages fit a 375 px phone', async () => {
    const visitor = await newPage(suite.browser, PHONE);
    await visitor.page.goto('/help?analysis');
    await visitor.page.getByTestId('analysis-file').waitFor({ timeout: 15_000 });
    await visitor.page.getByRole('tab', { name: 'One shipment' }).click();
    for (const [key, value] of Object.entries({
      fromZip: '90017',
      toZip: '10001',
      weight: '4',
      paid: '38.50',
      length: '12',
      width: '10',
      height: '8',
    })) {
      await visitor.page.getByTestId(`analysis-${key}`).fill(value);
    }
    await visitor.page.getByRole('button', { name: 'Compare', exact: true }).click();
    await visitor.page.getByTestId('analysis-total-saving').waitFor({ timeout: 20_000 });
    await visitor.page.getByTestId('shipping-analysis').scrollIntoViewIfNeeded();
    await screenshot(visitor.page, 'shipping-analysis-375');
    await noSideScroll(visitor.page);
    await visitor.context.close();

    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'superadmin@example.com');
    await page.goto('/configuration/margin-discount');
    await page.getByRole('button', { name: 'Edit the markup on All carriers' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'shipping-margin-discount-375', { fullPage: true });
    await noSideScroll(page);
    await page.goto('/configuration/carrier');
    await page.getByTestId('carrier-sandbox').waitFor({ timeout: 15_000 });
    await screenshot(page, 'shipping-carrier-375', { fullPage: true });
    await noSideScroll(page);
    await page.goto('/shipping-requests');
    // The list renders a table (hidden on a phone) and cards; wait for the visible card.
    await expect
      .poll(
        async () => {
          for (const el of await page.getByText(/glazed tiles/).all()) if (await el.isVisible()) return true;
          return false;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await screenshot(page, 'shipping-requests-375', { fullPage: true });
    await noSideScroll(page);
    await context.close();
  });
});
