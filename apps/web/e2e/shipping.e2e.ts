import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PHONE,
  expectNoSeriousA11yViolations,
  newPage,
  screenshot,
  type Page,
  loginPastInvoiceAlert,
  suiteBrowser,
} from './browser';

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

async function fillAddress(page: Page, prefix: string, a: Record<string, string>) {
  for (const [key, value] of Object.entries(a)) await page.getByTestId(`${prefix}-${key}`).fill(value);
}

async function fillPackage(page: Page, i: number, p: Record<string, string>) {
  for (const [key, value] of Object.entries(p)) await page.getByTestId(`package-${i}-${key}`).fill(value);
}

describe('shipping', () => {
  const suite = suiteBrowser();
  it('a shipper creates a two-package shipment in five steps, pays with 4242, downloads the label and tracks it', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await page.getByRole('link', { name: 'Create shipment' }).click();
    await page.waitForURL('**/create-shipment/sender-address');

    // Step 1: the default sender is pre-filled.
    await expect.poll(() => page.getByTestId('sender-line1').inputValue(), { timeout: 15_000 }).not.toBe('');
    expect(await page.getByTestId('sender-country').inputValue()).toBe('US');
    await screenshot(page, 'shipping-wizard-sender-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('wizard-next').click();

    // Step 2: a new receiver, with the schema's messages when empty.
    await page.waitForURL('**/create-shipment/receiver-address');
    await page.getByTestId('wizard-next').click();
    await expect.poll(() => page.getByText('Name is required').isVisible()).toBe(true);
    // A ZIP code of another state is refused with the state it belongs to (USPS prefix table).
    await fillAddress(page, 'receiver', {
      name: 'Dana Whitfield',
      line1: '500 Pine Street',
      city: 'Seattle',
      state: 'WA',
      zipCode: '10001',
    });
    await page.getByTestId('wizard-next').click();
    await expect
      .poll(() => page.getByText('Zip Code 10001 is in NY, not WA. Check the Zip Code and the state.').isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/create-shipment/receiver-address');
    await fillAddress(page, 'receiver', { zipCode: '98101' });
    await page.getByTestId('wizard-next').click();

    // Step 3: two packages; Back and forward keeps what was typed.
    await page.waitForURL('**/create-shipment/package-information');
    await fillPackage(page, 0, {
      length: '12',
      width: '10',
      height: '8',
      weight: '4',
      value: '120',
      contents: 'Books',
    });
    await page.getByTestId('add-package').click();
    await fillPackage(page, 1, { length: '6', width: '6', height: '6', weight: '1.5', contents: 'Mugs' });
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/create-shipment/receiver-address');
    expect(await page.getByTestId('receiver-name').inputValue()).toBe('Dana Whitfield');
    await page.getByTestId('wizard-next').click();
    await page.waitForURL('**/create-shipment/package-information');
    expect(await page.getByTestId('package-1-weight').inputValue()).toBe('1.5');
    await screenshot(page, 'shipping-wizard-packages-1280', { fullPage: true });
    await page.getByTestId('wizard-next').click();

    // Step 4: preferences.
    await page.waitForURL('**/create-shipment/arrival-prefrences');
    await page.getByTestId('priority-cheapest').click();
    await page.getByTestId('wizard-next').click();

    // Step 5: every rate with the retail price struck through, our price and the saving, cheapest first.
    await page.waitForURL('**/create-shipment/update-quote');
    const rates = page.getByTestId('rate');
    await expect.poll(() => rates.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const prices = (await page.getByTestId('rate-price').allInnerTexts()).map(money);
    const retails = (await page.getByTestId('rate-retail').allInnerTexts()).map(money);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    prices.forEach((p, i) => expect(p).toBeLessThan(retails[i]!));
    expect(
      await page
        .getByTestId('rate-retail')
        .first()
        .evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toContain('line-through');
    expect(await page.getByTestId('rate-saving').first().innerText()).toMatch(/^Save \d+% \(\$/);
    // The $120 declared on the first package is insured at $2.00 ($1.00 per $100 or part), on top of each price.
    const insurance = await page.getByTestId('rate-insurance').first().innerText();
    expect(insurance).toMatch(/^\+ \$2\.00 insurance · \$[\d,.]+ in all$/);
    expect(money(insurance.split('·')[1]!)).toBeCloseTo(prices[0]! + 2, 2);
    await screenshot(page, 'shipping-wizard-quote-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Pay now with a new card 4242 through the shared card dialog.
    await rates.nth(0).click();
    await page.getByTestId('payment-card').click();
    await page.getByRole('button', { name: /Add a card|Use a different card/ }).click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await dialog.getByLabel('CVC').fill('123');
    await page.getByTestId('card-consent').click();
    await page.getByTestId('save-card').click();
    await dialog.waitFor({ state: 'hidden' });
    const done = page.getByTestId('purchase-done');
    await page.getByTestId('buy-label').click();
    await done.waitFor({ timeout: 20_000 });
    const trackingNumber = (await page.getByTestId('tracking-number').innerText()).trim();
    expect(trackingNumber).toMatch(/^[A-Z0-9]{8,}$/);
    await screenshot(page, 'shipping-label-ready-1280', { fullPage: true });

    // The label is a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-label-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    // It is in Shipments, found by its tracking number.
    await page.goto('/shipments');
    await page.getByTestId('shipment-search').fill(trackingNumber);
    await expect
      .poll(() => page.getByRole('link', { name: trackingNumber }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot(page, 'shipping-shipments-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: trackingNumber }).first().click();
    await page.waitForURL('**/shipments/*');
    await page.getByRole('link', { name: 'Full details' }).click();
    await page.waitForURL('**/full');
    await expect.poll(() => page.getByText('Dana Whitfield').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The partial page also names the receiver; the packages are only on the full one.
    await expect.poll(() => page.getByText('1 × Box').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByText('Insurance', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('$2.00', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, 'shipping-shipment-full-1280', { fullPage: true });
    await context.close();

    // And on the public tracking page (logged out).
    const visitor = await newPage(suite.browser);
    await visitor.page.goto(`/public/track?t_n=${trackingNumber}`);
    const result = visitor.page.getByTestId('tracking-result');
    await result.waitFor({ timeout: 15_000 });
    // By number alone only the places; the receiver's name needs the destination ZIP code.
    expect(await result.innerText()).toContain('Seattle, WA, US');
    expect(await result.innerText()).not.toContain('Dana Whitfield');
    await visitor.page.getByTestId('tracking-zip-input').fill('98101');
    await visitor.page.getByTestId('tracking-zip-submit').click();
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain('Dana Whitfield');
    await visitor.context.close();
  });

  // Builds on the shipment the first test bought (one server per file, newest first in the list).
  it('ship again copies the last shipment into the wizard; paid later, it lands on the open invoice', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await page.goto('/shipments');
    await page.getByTestId('shipment-search').fill('Dana');
    await page
      .getByRole('link', { name: /^Details of / })
      .first()
      .click();
    await page.waitForURL('**/full');
    await page.getByTestId('ship-again').click();
    await page.waitForURL('**/create-shipment/sender-address');
    for (const step of ['receiver-address', 'package-information', 'arrival-prefrences', 'update-quote']) {
      await page.getByTestId('wizard-next').click();
      await page.waitForURL(`**/create-shipment/${step}`);
    }
    await expect.poll(() => page.getByTestId('rate').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    // The credit left is shown before the choice; this rate fits in it, so pay later is open.
    expect(await page.getByTestId('pay-later-credit').innerText()).toMatch(/\$[\d,.]+ of \$[\d,.]+ available/);
    expect(await page.getByTestId('payment-later').getAttribute('aria-disabled')).toBeNull();
    await page.getByTestId('payment-later').click();
    await page.getByTestId('buy-label').click();
    await page.getByTestId('purchase-done').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('purchase-done').innerText()).toContain('Added to your monthly invoice.');
    await page.getByRole('link', { name: 'See shipment details' }).click();
    await page.waitForURL('**/full');
    await page.getByRole('link', { name: 'See the invoice' }).click();
    await page.waitForURL('**/invoices-billing/*');
    await expect
      .poll(() => page.getByText(/Shipment .+ to Dana Whitfield/).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'shipping-pay-later-invoice-1280', { fullPage: true });
    await context.close();
  });

  it('the wizard and the shipments list fit a 375 px phone', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await page.goto('/create');
    await page.waitForURL('**/create-shipment/sender-address');
    await expect.poll(() => page.getByTestId('sender-line1').inputValue(), { timeout: 15_000 }).not.toBe('');
    await screenshot(page, 'shipping-wizard-sender-375', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goto('/shipments');
    await expect.poll(() => page.getByTestId('shipment-status').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'shipping-shipments-375', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
