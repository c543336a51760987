import { describe, expect, it } from 'vitest';
import {
  baseURL,
  DEMO_PASSWORD,
  PHONE,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  type Page,
  suiteBrowser,
} from './browser';

/** Signs in and waits for wherever the gate sends the account (login itself always lands on /dashboard first). */
async function signIn(page: Page, email: string, expectPath: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**${expectPath}`);
}

async function fillCard(page: Page, number: string): Promise<void> {
  const dialog = page.getByTestId('card-dialog');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
}

describe('subscriptions and payments', () => {
  const suite = suiteBrowser();
  it('a mailbox user without a subscription hits the gate, buys a plan through the card dialog and reaches the dashboard', async () => {
    const phone = await newPage(suite.browser, PHONE);
    await signIn(phone.page, 'mailbox@example.com', '/buy-subscription');
    await expect.poll(() => phone.page.getByTestId('plan-option').count()).toBe(3);
    await screenshot(phone.page, 'subscriptions-buy-375', { fullPage: true });
    await phone.context.close();

    const { context, page } = await newPage(suite.browser);
    await signIn(page, 'mailbox@example.com', '/buy-subscription');
    await expect.poll(() => page.getByTestId('plan-option').count()).toBe(3);
    await expect.poll(() => page.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'subscriptions-buy-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Buy without a plan: the spec's messages.
    await page.getByTestId('buy-plan').click();
    await expect.poll(() => page.getByText('Plan is required').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Please select a subscription plan before proceeding.').isVisible())
      .toBe(true);

    // Annual plans, then pick one.
    await page.getByRole('radio', { name: 'Annual' }).click();
    await expect.poll(() => page.getByText('/ year').count()).toBe(3);
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.getByTestId('plan-option').filter({ hasText: 'Standard Mailbox' }).click();

    // The order summary comes from the server (GET subscriptions/quote).
    const summary = page.getByTestId('order-summary');
    await summary.waitFor();
    const summaryText = await summary.innerText();
    expect(summaryText).toContain('Standard Mailbox');
    expect(summaryText).toContain('Monthly subscription');
    expect(await page.getByTestId('charged-today').innerText()).toMatch(/^\$\d+\.\d{2}$/);
    expect(await page.getByTestId('renews-at').innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \$\d+\.\d{2}$/);
    await screenshot(page, 'checkout-summary-1280', { fullPage: true });
    await page.getByTestId('buy-plan').click();

    // No card on file: the card dialog opens with the same order summary; Save Card waits for the consent.
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('order-summary').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Enter Card Details' }).isVisible()).toBe(true);
    await fillCard(page, '4000 0000 0000 0002');
    expect(await page.getByTestId('save-card').isDisabled()).toBe(true);
    await page.getByTestId('card-consent').click();
    expect(await page.getByTestId('save-card').isDisabled()).toBe(false);
    await screenshot(page, 'subscriptions-card-dialog-1280');

    // The sandbox declines 4000 0000 0000 0002: the provider's message stays in the dialog and the form keeps its values.
    await page.getByTestId('save-card').click();
    const declined = dialog.getByTestId('card-declined');
    await declined.waitFor();
    expect(await declined.getAttribute('role')).toBe('alert');
    expect(await declined.innerText()).toBe('Your card was declined.');
    expect(await dialog.getByLabel('Card number').inputValue()).toMatch(/^4000 ?0000 ?0000 ?0002$/);
    expect(await dialog.getByLabel('CVC').inputValue()).toBe('123');
    await screenshot(page, 'checkout-declined-1280');

    // A good card: the purchase is retried and succeeds.
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByTestId('save-card').click();

    // The purchase is retried after the card is saved.
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText('Card saved successfully').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Subscription successful!').isVisible()).toBe(true);
    // The confirmation: what was charged, when it renews, the invoice, and the receipt on its way.
    const confirmation = page.getByTestId('purchase-confirmation');
    await confirmation.waitFor();
    expect(await confirmation.innerText()).toContain('A receipt with the invoice PDF is on its way');
    const invoiceLink = confirmation.getByRole('link');
    expect(await invoiceLink.getAttribute('href')).toMatch(/^\/invoices-billing\/[0-9a-f-]{36}$/);
    await screenshot(page, 'subscriptions-bought-dashboard-1280');
    const invoiceNumber = (await invoiceLink.innerText()).trim();
    const outbox = (await (
      await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent('mailbox@example.com')}&limit=10`)
    ).json()) as { data: { subject: string; attachments?: { filename: string; contentType: string }[] }[] };
    const receipt = outbox.data.find((m) => m.subject.includes(invoiceNumber));
    expect(receipt?.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });

    // The card is on the payment methods page as the default.
    await page.goto('/payment-methods');
    await expect.poll(() => page.getByText('•••• 4242').first().isVisible()).toBe(true);
    await screenshot(page, 'subscriptions-payment-methods-1280');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it('a declined card in the dialog shows the provider message', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'user@example.com');
    await page.goto('/payment-methods');
    await page.getByRole('button', { name: 'Add card' }).click();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByTestId('card-consent').click();
    await screenshot(page, 'subscriptions-card-dialog-375');
    await page.getByTestId('save-card').click();
    const declined = page.getByTestId('card-declined');
    await declined.waitFor();
    expect(await declined.innerText()).toBe('Your card was declined.');
    await screenshot(page, 'checkout-declined-375');
    await context.close();
  });

  it('a past-due user sees the expired screen, resumes with a new card and reaches the dashboard', async () => {
    const { context, page } = await newPage(suite.browser);
    await signIn(page, 'pastdue@example.com', '/subscription-expired');
    const text = page.getByTestId('expired-text');
    await text.waitFor();
    expect(await text.textContent()).toMatch(/Your subscription is expired as of \w+ \d{1,2}, \d{4}\./);
    // One date story: the failed renewal day and its invoice due 14 days later.
    const since = /as of (\w+ \d{1,2}, \d{4})\./.exec((await text.textContent()) ?? '')?.[1];
    expect(since).toBeDefined();
    const story = (await page.getByTestId('past-due-story').textContent()) ?? '';
    expect(story).toContain(`The renewal on ${since} could not be charged.`);
    const due = /Its invoice is due (\w+ \d{1,2}, \d{4});/.exec(story)?.[1];
    expect(new Date(due!).getTime() - new Date(since!).getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    await screenshot(page, 'subscriptions-expired-1280');
    await expectNoSeriousA11yViolations(page);
    const phone = await newPage(suite.browser, PHONE);
    await signIn(phone.page, 'pastdue@example.com', '/subscription-expired');
    await phone.page.getByTestId('expired-text').waitFor();
    await screenshot(phone.page, 'subscriptions-expired-375', { fullPage: true });
    await phone.context.close();

    // The saved card (4000 0000 0000 0341) fails when charged: the provider's message.
    await page.getByTestId('resume-subscription').click();
    await expect.poll(() => page.getByText('Your card was declined.').isVisible()).toBe(true);

    // Update the payment method, come back and resume.
    await page.getByRole('link', { name: 'Update payment method' }).click();
    await page.waitForURL('**/payment-methods');
    // The sidebar of a page that stays open while past due offers only such pages (no item bounces back).
    await page.getByTestId('sidebar').waitFor();
    const hrefs = await page
      .getByTestId('sidebar')
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs)
      expect(href).toMatch(
        /^\/(payment-methods|invoices-billing|my-invoices|profile|account-settings|change-password)(\/|\?|$)/,
      );
    await screenshot(page, 'checkout-past-due-sidebar-1280');
    await page.getByRole('button', { name: 'Add card' }).click();
    await fillCard(page, '4242424242424242');
    await page.getByTestId('card-consent').click();
    await page.getByTestId('save-card').click();
    await expect.poll(() => page.getByText('Card saved successfully').isVisible()).toBe(true);
    await page.goto('/subscription-expired');
    await page.getByTestId('resume-subscription').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText('Subscription resumed').isVisible()).toBe(true);
    await context.close();
  });

  it('once subscribed, the buy screen sends the user back to the dashboard', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await signIn(page, 'mailbox@example.com', '/dashboard');
    await page.goto('/buy-subscription');
    await page.waitForURL('**/dashboard');
    // The gate may show Verifying Access for a moment while it re-checks; then the dashboard renders.
    await page.getByTestId('page-title').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toContain('Welcome,');
    await context.close();
  });

  it('invoices: list, pending filter, detail, PDF download and transactions', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'user@example.com');
    await page.goto('/invoices-billing');
    await expect.poll(() => page.getByRole('link', { name: /^INV-/ }).count()).toBeGreaterThan(2);
    await screenshot(page, 'subscriptions-invoices-1280');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/invoices-billing?p_s=pending');
    await expect.poll(() => page.getByText('No pending invoices').isVisible()).toBe(true);

    await page.goto('/invoices-billing');
    // The newest invoice may be a mail forward paid in mailbox.e2e.ts: open the newest subscription invoice.
    const first = page
      .getByRole('row')
      .filter({ hasText: 'Standard Mailbox' })
      .first()
      .getByRole('link', { name: /^INV-/ });
    const number = (await first.textContent())!.trim();
    await first.click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toContain(number);
    await expect.poll(() => page.getByText('Standard Mailbox').first().isVisible()).toBe(true);
    // A document a business can send: issued by the company (never a staff member), paid with when and how.
    const facts = await page.locator('dl').first().innerText();
    expect(facts).toContain('support@postwise.local');
    expect(facts).toMatch(/PAID\s+\w+ \d{1,2}, \d{4}/i);
    await screenshot(page, 'subscriptions-invoice-1280', { fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);

    await page.goto('/invoices-billing/transactions');
    await expect.poll(() => page.getByRole('cell', { name: /Visa •••• 4242/ }).count()).toBeGreaterThan(0);
    await context.close();

    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, 'user@example.com');
    await phone.page.goto('/invoices-billing');
    // On phones each invoice is one compact card that links to its detail.
    await expect.poll(() => phone.page.getByRole('link', { name: /^View INV-/ }).count()).toBeGreaterThan(0);
    await screenshot(phone.page, 'subscriptions-invoices-375');
    await phone.page
      .getByRole('link', { name: /^View INV-/ })
      .first()
      .click();
    await phone.page.getByTestId('invoice-pdf').waitFor();
    await screenshot(phone.page, 'subscriptions-invoice-375', { fullPage: true });
    await phone.context.close();
  });

  it('a sub-admin sees what the platform bills them under My Invoices', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'subadmin@example.com');
    await page.goto('/my-invoices');
    await expect.poll(() => page.getByText('Reseller Growth').count()).toBeGreaterThan(0);
    await screenshot(page, 'subscriptions-my-invoices-1280');
    await context.close();
  });

  it('the super admin adds a sub-admin plan and edits it', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'superadmin@example.com');
    await page.goto('/configuration/sub-admin-plans');
    await expect.poll(() => page.getByTestId('plan-tile').count()).toBe(3);
    await screenshot(page, 'subscriptions-plans-1280');
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('add-plan').click();
    await page.waitForURL('**/configuration/sub-admin-plans/add');
    await page.getByTestId('save-plan').click();
    await expect.poll(() => page.getByText('Plan name is required').isVisible()).toBe(true);
    await page.getByLabel('Name').fill('Reseller Scale');
    await page.getByLabel('Price per month ($)').fill('349');
    await page.getByLabel('Scans included').fill('4000');
    await page.getByLabel('Number of stores').fill('5');
    await page.getByLabel('Number of mailboxes').fill('800');
    await page.getByLabel('Late payment').fill('10');
    await page.getByLabel('Reinstatement').fill('25');
    await screenshot(page, 'subscriptions-plan-form-1280');
    await page.getByTestId('save-plan').click();
    await page.waitForURL('**/configuration/sub-admin-plans');
    await expect.poll(() => page.getByText('Plan created successfully').isVisible()).toBe(true);
    const tile = page.getByTestId('plan-tile').filter({ hasText: 'Reseller Scale' });
    await expect.poll(() => tile.textContent()).toContain('$349.00');
    await expect.poll(() => tile.textContent()).toContain('5 stores');

    await tile.getByRole('link', { name: /Edit/ }).click();
    await page.waitForURL('**/configuration/sub-admin-plans/edit/**');
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Reseller Scale');
    await page.getByLabel('Price per month ($)').fill('379.50');
    await page.getByTestId('save-plan').click();
    await page.waitForURL('**/configuration/sub-admin-plans');
    await expect.poll(() => page.getByText('Plan updated successfully').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('plan-tile').filter({ hasText: 'Reseller Scale' }).textContent())
      .toContain('$379.50');
    await context.close();

    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, 'superadmin@example.com');
    await phone.page.goto('/configuration/customer-plans');
    await expect.poll(() => phone.page.getByTestId('plan-tile').count()).toBe(3);
    await screenshot(phone.page, 'subscriptions-plans-375', { fullPage: true });
    await phone.context.close();
  });
});
