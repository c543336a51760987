import { beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  login,
  newPage,
  screenshot,
  type Page,
  clickThrough,
  suiteBrowser,
  signedInPages,
  pickOption,
} from './browser';

/**
 * Live-rated forwarding end to end: the store logs a measured package for user@example.com's box; the customer
 * forwards it on a carrier's live rate with a signature, and pays exactly the price shown; the operator buys the
 * outbound label in one click (the label downloads to print, tracking attached); the customer sees the parcel's
 * tracking on the item.
 */

const CUSTOMER = 'user@example.com';
const OPERATOR = 'superadmin@example.com';
const HOLDER = 'Daniel';
const SENDER = 'Northwind Outfitters';

/** Logs a measured package through the operator's Receive mail dialog. */
async function receivePackage(page: Page, sender: string) {
  await page.goto('/mailbox');
  await page.getByTestId('receive-mail').click();
  const dialog = page.getByTestId('receive-mail-dialog');
  await dialog.getByTestId('mailbox-picker').fill(HOLDER);
  await page.getByTestId('mailbox-option').first().click();
  await dialog.getByTestId('picked-mailbox').waitFor();
  await pickOption(page, 'receive-kind', 'Package');
  await dialog.getByTestId('receive-sender').fill(sender);
  await dialog.getByTestId('receive-weight').fill('3.5');
  await dialog.getByTestId('receive-length').fill('14');
  await dialog.getByTestId('receive-width').fill('10');
  await dialog.getByTestId('receive-height').fill('5');
  await dialog.getByTestId('receive-save-another').click();
  await dialog.getByTestId('receive-saved').waitFor();
  await page.keyboard.press('Escape');
}

async function openItem(page: Page, sender: string) {
  await page.goto('/inbox');
  await page.getByTestId('mail-row').filter({ hasText: sender }).first().getByTestId('mail-row-open').click();
  await page.getByTestId('item-detail').getByTestId('item-actions').waitFor();
}

/** From the item to the payment step, forwarding to a new address. */
async function toPayment(page: Page, sender: string) {
  await openItem(page, sender);
  await page.getByTestId('action-forward').click();
  await page.waitForURL(/\/forward\/insurance$/);
  await page.getByTestId('forward-next').click();
  await page.waitForURL(/\/forward\/address$/);
  await clickThrough(page, page.getByTestId('new-address-link'), /\/forward\/address\/new$/);
  await page.getByTestId('address-name').fill('Daniel Thompson');
  await page.getByTestId('address-line1').fill('1600 Amphitheatre Pkwy');
  await page.getByTestId('address-city').fill('Mountain View');
  await page.getByTestId('address-state').fill('CA');
  await page.getByTestId('address-zipCode').fill('94043');
  await page.getByTestId('forward-next').click();
  await page.waitForURL(/\/payment$/);
  await page.getByTestId('forward-rate').first().waitFor();
}

const dollars = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('live-rated forwarding', () => {
  const suite = suiteBrowser();
  const desks = signedInPages(suite, { customer: CUSTOMER, operator: OPERATOR });
  let requestUrl = '';

  beforeAll(async () => {
    await receivePackage(desks.operator.page, SENDER);
  });

  it('the customer forwards on a chosen live rate with a signature and pays exactly the price shown', async () => {
    const { page } = desks.customer;
    await toPayment(page, SENDER);
    const rates = page.getByTestId('forward-rate');
    expect(await rates.count()).toBeGreaterThan(1);
    expect(await page.getByTestId('forward-parcel').textContent()).toContain('3.5 lb, 14 × 10 × 5 in');
    expect(await page.getByTestId('forward-fallback').count()).toBe(0);

    // Not the cheapest: the second service offered, with a signature.
    const chosen = rates.nth(1);
    const service = ((await chosen.locator('.font-semibold').first().textContent()) ?? '').trim();
    const price = dollars(await chosen.getByTestId('forward-rate-price').textContent());
    await chosen.getByRole('radio').check();
    await page.getByTestId('forward-signature').click();
    const quote = page.getByTestId('forward-quote');
    await quote.getByText('Signature on delivery').waitFor();
    expect(await quote.textContent()).toContain(service);
    const total = dollars(await page.getByTestId('forward-total').textContent());
    expect(total).toBeGreaterThan(price);
    expect(await page.getByTestId('forward-pay').textContent()).toContain(`$${total.toFixed(2)}`);
    await screenshot(page, 'live-forwarding-rates-desktop');

    await page.getByTestId('forward-pay').click();
    await page.waitForURL('**/inbox/forward/success');
    expect(dollars(await page.getByTestId('forward-paid').textContent())).toBe(total);
  });

  it('the operator buys the outbound label in one click: it downloads, tracking attached', async () => {
    const { page } = desks.operator;
    await page.goto('/mailbox-requests');
    await page.getByTestId('request-type-filter').click();
    await page.getByRole('option', { name: 'Forward', exact: true }).click();
    const row = page.locator('tr, li').filter({ hasText: SENDER }).filter({ visible: true }).first();
    await row
      .getByRole('link', { name: /^(Forward|Open the)/ })
      .first()
      .click();
    await page.waitForURL(/\/mailbox-requests\/[0-9a-f-]{36}\?tab=mail$/);
    requestUrl = page.url();
    const panel = page.getByTestId('buy-label-panel');
    await panel.getByText('with a signature on delivery').waitFor();
    await screenshot(page, 'live-forwarding-buy-label-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('buy-label').click()]);
    expect(download.suggestedFilename()).toMatch(/^label-.+\.pdf$/);
    const outcome = page.getByTestId('request-outcome');
    await outcome.waitFor();
    const tracking = (
      (await outcome.getByTestId('outbound-tracking').locator('.font-mono').textContent()) ?? ''
    ).trim();
    expect(tracking.length).toBeGreaterThan(5);
    await outcome.getByTestId('print-label').waitFor();
    await screenshot(page, 'live-forwarding-label-bought-desktop');
  });

  it('the customer sees the parcel’s tracking on the item', async () => {
    const { page } = desks.customer;
    await openItem(page, SENDER);
    const tracking = page.getByTestId('item-detail').getByTestId('parcel-tracking');
    await tracking.waitFor();
    expect(await tracking.getByTestId('parcel-status').textContent()).toContain('Label created');
    await tracking.scrollIntoViewIfNeeded();
    await screenshot(page, 'live-forwarding-item-tracking-desktop');
  });

  it('fits a phone: the rates, the operator’s request and the item’s tracking at 375 px', async () => {
    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, CUSTOMER);
    await receivePackage(desks.operator.page, 'Contoso Apparel');
    await toPayment(phone.page, 'Contoso Apparel');
    await screenshot(phone.page, 'live-forwarding-rates-phone', { fullPage: true });
    await openItem(phone.page, SENDER);
    await phone.page.getByTestId('item-detail').getByTestId('parcel-tracking').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'live-forwarding-item-tracking-phone');
    await phone.context.close();

    const phoneOperator = await newPage(suite.browser, PHONE);
    await login(phoneOperator.page, OPERATOR);
    await phoneOperator.page.goto(requestUrl);
    await phoneOperator.page.getByTestId('request-outcome').waitFor();
    await screenshot(phoneOperator.page, 'live-forwarding-label-bought-phone', { fullPage: true });
    await phoneOperator.context.close();
  });
});
