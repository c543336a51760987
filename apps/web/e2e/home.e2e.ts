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

interface Summary {
  count: number;
  savingsCents: number;
  spentCents: number;
  recent: { id: string; uniqueId: string; trackingNumber: string | null; receiverName: string }[];
}

/** What the server says, read with the signed-in session (the screen must show exactly this). */
async function summaryOf(page: Page): Promise<Summary> {
  return page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('user-storage') ?? '{}') as {
      state?: { session?: { accessToken?: string } };
    };
    const res = await fetch('/api/v1/shipments/summary', {
      headers: { 'x-access-Token': stored.state?.session?.accessToken ?? '' },
    });
    return ((await res.json()) as { data: Summary }).data;
  });
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('customer home', () => {
  const suite = suiteBrowser();
  it('a mailbox customer sees the address card with the PMB first and figures that open the inbox', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'user@example.com', 4_000);
    const card = page.getByTestId('mailbox-address-card');
    await card.waitFor({ timeout: 15_000 });
    const address = await page.getByTestId('mailbox-address').innerText();
    expect(address).toMatch(/PMB \d+/);
    expect(address).not.toMatch(/P\.?\s?O\.? Box/i);
    expect(address).toMatch(/Los Angeles,? CA \d{5}/);
    await expect.poll(() => card.getByRole('button', { name: 'Copy address' }).isVisible()).toBe(true);

    // The address card comes before everything else on the page.
    const order = await page.evaluate(() => {
      const cardEl = document.querySelector('[data-testid="mailbox-address-card"]');
      const sections = document.getElementById('dashboard-sections');
      return cardEl && sections ? cardEl.compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();

    for (const label of ['New items', 'Fees start soon', 'Scans left']) {
      const link = card.getByRole('link', { name: new RegExp(label) });
      expect(await link.getAttribute('href'), label).toMatch(/^\/inbox/);
      expect(await link.innerText()).toMatch(/\d/);
    }
    await expect.poll(() => card.getByText(/Renews [A-Z][a-z]{2} \d{1,2}, \d{4}/).isVisible()).toBe(true);
    // No empty promises: the old "not available yet" panel is gone.
    expect(await page.getByText('not available yet').count()).toBe(0);
    await screenshot(page, 'home-mailbox-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('link', { name: /New items/ }).click();
    await page.waitForURL('**/inbox');
    await context.close();

    const phone = await newPage(suite.browser, PHONE);
    await loginPastInvoiceAlert(phone.page, 'user@example.com', 4_000);
    await phone.page.getByTestId('mailbox-address-card').waitFor({ timeout: 15_000 });
    await phone.page.getByTestId('mailbox-address').waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(phone.page, 'home-mailbox-375', { fullPage: true });
    await phone.context.close();
  });

  it('a shipping customer sees recent shipments and savings, then a quick quote opens the wizard filled in', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'shipper@example.com', 4_000);
    // A shipping-only customer has no mailbox card.
    const overview = page.getByTestId('shipping-overview');
    await overview.getByTestId('recent-shipments').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('mailbox-address-card').count()).toBe(0);

    const summary = await summaryOf(page);
    expect(summary.count).toBeGreaterThan(0);
    expect(summary.savingsCents).toBeGreaterThan(0);
    expect(await overview.getByText(dollars(summary.savingsCents), { exact: true }).isVisible()).toBe(true);
    const rows = overview.getByTestId('recent-shipments').getByRole('listitem');
    expect(await rows.count()).toBe(Math.min(5, summary.recent.length));
    const first = summary.recent[0]!;
    const firstLink = rows.first().getByRole('link');
    expect(await firstLink.getAttribute('href')).toBe(`/shipments/${first.id}`);
    expect(await firstLink.innerText()).toBe(first.trackingNumber ?? first.uniqueId);
    expect(await rows.first().innerText()).toContain(first.receiverName);
    expect(await rows.first().getByTestId('shipment-status').isVisible()).toBe(true);
    await screenshot(page, 'home-shipping-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The quick quote says what is wrong, in words, next to each field.
    const quick = page.getByTestId('quick-quote');
    await quick.getByTestId('quick-quote-submit').click();
    await expect.poll(() => quick.getByText('From ZIP is required').isVisible()).toBe(true);
    expect(await quick.getByText('To ZIP is required').isVisible()).toBe(true);
    expect(await quick.getByText('Weight is required').isVisible()).toBe(true);
    await quick.getByLabel('From ZIP').fill('9002');
    await quick.getByLabel('To ZIP').fill('78702');
    await quick.getByLabel('Weight (lb)').fill('0');
    await quick.getByTestId('quick-quote-submit').click();
    await expect.poll(() => quick.getByText('From ZIP must be a US ZIP code').isVisible()).toBe(true);
    expect(await quick.getByText('Weight must be greater than 0').isVisible()).toBe(true);
    expect(await quick.getByLabel('From ZIP').getAttribute('aria-invalid')).toBe('true');

    // The rates come on the card: the cheapest and the fastest, each with its price and what it saves.
    await quick.getByLabel('From ZIP').fill('10001');
    await quick.getByLabel('Weight (lb)').fill('3.5');
    await quick.getByLabel('Weight (lb)').press('Enter');
    const offers = quick.getByTestId('quick-quote-offer');
    await expect.poll(() => offers.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await offers.first().innerText()).toMatch(/cheapest/i);
    expect(money(await offers.first().getByTestId('quick-quote-price').innerText())).toBeGreaterThan(0);
    expect(
      await offers
        .first()
        .getByText(/^Save \$/)
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'home-quick-quote-rates-1280', { fullPage: true });
    // Ship this: another ZIP than the default sender's, so the default's name stays and the street is left to type.
    await offers.first().getByTestId('quick-quote-ship').click();
    await page.waitForURL('**/create-shipment/sender-address');
    await expect.poll(() => page.getByTestId('sender-zipCode').inputValue(), { timeout: 15_000 }).toBe('10001');
    await expect.poll(() => page.getByTestId('sender-name').inputValue()).not.toBe('');
    expect(await page.getByTestId('sender-line1').inputValue()).toBe('');
    await page.getByTestId('sender-line1').fill('350 5th Ave');
    await page.getByTestId('sender-city').fill('New York');
    await page.getByTestId('sender-state').fill('NY');
    await page.getByTestId('wizard-next').click();
    await page.waitForURL('**/create-shipment/receiver-address');
    expect(await page.getByTestId('receiver-zipCode').inputValue()).toBe('78702');
    await page.getByTestId('receiver-name').fill('Marcus Bell');
    await page.getByTestId('receiver-line1').fill('2207 E Cesar Chavez St');
    await page.getByTestId('receiver-city').fill('Austin');
    await page.getByTestId('receiver-state').fill('TX');
    await page.getByTestId('wizard-next').click();
    await page.waitForURL('**/create-shipment/package-information');
    expect(await page.getByTestId('package-0-weight').inputValue()).toBe('3.5');
    await screenshot(page, 'home-quick-quote-package-1280', { fullPage: true });
    await context.close();

    // On a phone: the cards stack, nothing scrolls sideways, and the quick quote with the default ZIP fills it all.
    const phone = await newPage(suite.browser, PHONE);
    await loginPastInvoiceAlert(phone.page, 'shipper@example.com', 4_000);
    await phone.page.getByTestId('recent-shipments').waitFor({ timeout: 15_000 });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone.page, 'home-shipping-375', { fullPage: true });
    await screenshot(phone.page, 'home-shipping-375-top');
    const q = phone.page.getByTestId('quick-quote');
    await q.getByLabel('From ZIP').fill('90021');
    await q.getByLabel('To ZIP').fill('98101');
    await q.getByLabel('Weight (lb)').fill('12');
    await q.getByTestId('quick-quote-submit').click();
    await q.getByTestId('quick-quote-offer').first().waitFor({ timeout: 15_000 });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone.page, 'home-quick-quote-rates-375', { fullPage: true });
    await q.getByTestId('quick-quote-ship').last().click();
    await phone.page.waitForURL('**/create-shipment/sender-address');
    await expect.poll(() => phone.page.getByTestId('sender-line1').inputValue(), { timeout: 15_000 }).not.toBe('');
    expect(await phone.page.getByTestId('sender-zipCode').inputValue()).toBe('90021');
    await phone.context.close();
  });

  it('the super admin who ships gets the platform overview first, then their own shipping card and quick quote', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'superadmin@example.com', 4_000);
    const overview = page.getByTestId('shipping-overview');
    await overview.waitFor({ timeout: 15_000 });
    await page.getByTestId('quick-quote').waitFor();
    const own = await summaryOf(page);
    if (own.recent.length === 0) {
      // Their own shipments, not the platform's: none yet, and the way to the first one.
      await expect.poll(() => overview.getByText('No shipments yet').isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await overview.getByRole('link', { name: 'Create shipment' }).getAttribute('href')).toBe('/create');
    } else {
      await overview.getByTestId('recent-shipments').waitFor();
    }
    const activity = page.getByRole('heading', { name: 'Activity at a glance' });
    await activity.waitFor();
    // The operator's live figures come before their own shipping.
    const [activityBox, overviewBox] = [await activity.boundingBox(), await overview.boundingBox()];
    expect(activityBox!.y).toBeLessThan(overviewBox!.y);
    expect(await page.getByTestId('mailbox-address-card').count()).toBe(0);
    await screenshot(page, 'home-super-admin-1280', { fullPage: true });
    await context.close();
  });
});
