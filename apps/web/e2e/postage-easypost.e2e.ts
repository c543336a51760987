import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  login,
  newPage,
  screenshot,
  type Browser,
  type Page,
  loginPastInvoiceAlert,
  suiteBrowser,
} from './browser';

/** What the local EasyPost stand-in prints on its files (apps/api/src/integrations/carriers/easypost-fake.ts). */
const FAKE_LABEL_MARK = 'EASYPOST FAKE CARRIER LABEL';
const FAKE_CUSTOMS_MARK = 'EASYPOST FAKE COMMERCIAL INVOICE';

/** pdfkit writes text as hex strings of its codes: a text is on a page when its hex is in the file. */
const pdfHas = (pdf: Buffer, text: string) =>
  pdf.toString('latin1').toLowerCase().includes(Buffer.from(text, 'latin1').toString('hex'));

async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** The super admin turns EasyPost on (with an API key) or off on the carrier configuration screen. */
async function setEasyPost(browser: Browser, on: boolean): Promise<void> {
  const { context, page } = await newPage(browser);
  await login(page, 'superadmin@example.com');
  await page.goto('/configuration/carrier');
  const card = page.getByTestId('carrier-easypost');
  await card.waitFor({ timeout: 15_000 });
  if (on) {
    await page.getByTestId('api-key-easypost').fill('EZAK_e2e_local_fake');
    await card.getByRole('button', { name: 'Save key' }).click();
    await card.getByTestId('credentials-state').filter({ hasText: 'API key saved' }).waitFor({ timeout: 15_000 });
  }
  // Hooks cannot poll with expect: the switch's own state is waited for instead.
  const toggle = page.locator('#enabled-easypost');
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await page.locator(`#enabled-easypost[aria-checked="${on}"]`).waitFor({ timeout: 15_000 });
  await context.close();
}

describe('real postage through EasyPost (a local stand-in of its API)', () => {
  const suite = suiteBrowser();
  beforeAll(async () => {
    await setEasyPost(suite.browser, true);
  });
  afterAll(async () => {
    if (suite.browser) await setEasyPost(suite.browser, false);
  });

  it('buys a two-parcel international shipment with insurance: a label page and tracking number per parcel, the customs form and the insured value', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await page.goto('/create-shipment/sender-address');
    await expect.poll(() => page.getByTestId('sender-line1').inputValue(), { timeout: 15_000 }).not.toBe('');
    await page.getByTestId('wizard-next').click();

    await page.waitForURL('**/create-shipment/receiver-address');
    const receiver = {
      name: 'Amelia Tremblay',
      line1: '290 Bremner Blvd',
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5V 3L9',
      country: 'CA',
    };
    for (const [key, value] of Object.entries(receiver)) await page.getByTestId(`receiver-${key}`).fill(value);
    await page.getByTestId('wizard-next').click();

    // Two identical parcels, each declared at $200; customs lines because the receiver is abroad.
    await page.waitForURL('**/create-shipment/package-information');
    const parcel = { length: '12', width: '10', height: '8', weight: '4', value: '200', contents: 'T-shirts' };
    for (const [key, value] of Object.entries(parcel)) await page.getByTestId(`package-0-${key}`).fill(value);
    await page.getByTestId('package-0-count').fill('2');
    await page.getByRole('button', { name: 'Add customs line' }).click();
    const line = {
      description: 'Cotton T-shirts',
      quantity: '8',
      weightOz: '32',
      hsCode: '610910',
      value: '400',
      originCountry: 'US',
    };
    for (const [key, value] of Object.entries(line)) await page.getByTestId(`customs-0-${key}`).fill(value);
    await screenshot(page, 'shipping-wizard-customs-1280', { fullPage: true });
    await page.getByTestId('wizard-next').click();

    await page.waitForURL('**/create-shipment/arrival-prefrences');
    await page.getByTestId('priority-cheapest').click();
    await page.getByTestId('wizard-next').click();

    // EasyPost's USPS Ground Advantage, with the two parcels' insurance on top ($2.00 each).
    await page.waitForURL('**/create-shipment/update-quote');
    const easypost = page.getByTestId('rate').filter({ hasText: 'GroundAdvantage' });
    await easypost.first().waitFor({ timeout: 20_000 });
    expect(await easypost.first().getByTestId('rate-insurance').innerText()).toMatch(/^\+ \$4\.00 insurance/);
    await easypost.first().click();
    await page.getByTestId('payment-card').click();
    await page.getByRole('button', { name: /Add a card|Use a different card/ }).click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await dialog.getByLabel('CVC').fill('123');
    await page.getByTestId('card-consent').click();
    await page.getByTestId('save-card').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('buy-label').click();
    await page.getByTestId('purchase-done').waitFor({ timeout: 30_000 });

    await page.getByRole('link', { name: 'See shipment details' }).click();
    await page.waitForURL('**/full');
    const parcels = page.getByTestId('parcel-tracking-numbers');
    await parcels.waitFor({ timeout: 15_000 });
    const numbers = (await parcels.locator('li .font-mono').allInnerTexts()).map((n) => n.trim());
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    numbers.forEach((n) => expect(n).toMatch(/^EZ\d+$/));
    expect(await parcels.innerText()).toContain('2 parcels');
    // The customs line as declared, its weight included.
    await page.getByText('8 × Cotton T-shirts (HS 610910, US, 32 oz) $400.00').waitFor();
    // The declared values were insured with the label: $400.00 in all, for $4.00.
    const insured = page.locator('dt', { hasText: 'Insured value' }).locator('xpath=following-sibling::dd');
    expect(await insured.innerText()).toBe('$400.00');
    const insurance = page.locator('dt', { hasText: /^Insurance$/ }).locator('xpath=following-sibling::dd');
    expect(await insurance.innerText()).toBe('$4.00');
    await screenshot(page, 'shipment-two-parcels-abroad-1280', { fullPage: true });

    // The carrier's label: one page per parcel, each with its own tracking number.
    const label = await download(page, 'label-pdf');
    expect(label.name).toMatch(/\.pdf$/);
    const pdf = await PDFDocument.load(label.bytes);
    expect(pdf.getPageCount()).toBe(2);
    for (const n of numbers) expect(pdfHas(label.bytes, `${FAKE_LABEL_MARK} ${n}`)).toBe(true);
    expect(pdfHas(label.bytes, 'SAMPLE')).toBe(false);

    // The carrier's customs form (its commercial invoice of each parcel).
    const customs = await download(page, 'customs-form');
    expect(customs.name).toMatch(/-customs\.pdf$/);
    expect((await PDFDocument.load(customs.bytes)).getPageCount()).toBe(2);
    // The stand-in's page wraps its long line: the form's own name is on one line.
    expect(pdfHas(customs.bytes, FAKE_CUSTOMS_MARK.replace('EASYPOST FAKE ', ''))).toBe(true);

    // The same details fit a phone.
    await page.setViewportSize(PHONE);
    await parcels.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'shipment-two-parcels-abroad-375', { fullPage: true });
    await context.close();
  });
});
