import { describe, expect, it } from 'vitest';
import {
  PHONE,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  type Browser,
  type Page,
  clickThrough,
  suiteBrowser,
  signedInPages,
  pickOption,
  shown,
} from './browser';

/**
 * Mailbox operations end to end: the store logs a package with a photo for user@example.com's box, the
 * customer is told live and forwards it with insurance to a new address, paid with the saved 4242 card; the store
 * prepares, quotes and ships it; the customer trashes and restores it. Then a pickup checked by its passcode and a
 * scan answered with a PDF the customer opens.
 */

const CUSTOMER = 'user@example.com';
const OPERATOR = 'superadmin@example.com';
const HOLDER = 'Daniel';

/** A real photo of an envelope label: drawn in the browser and captured as PNG. */
async function envelopePng(browser: Browser, sender: string): Promise<Buffer> {
  const { context, page } = await newPage(browser, { width: 600, height: 400 });
  await page.setContent(
    `<body style="margin:0;background:#f4ecd8;font:24px sans-serif">
      <div style="padding:24px">${sender}<br>PO Box 1<br>Springfield IL 62701</div>
      <div style="position:absolute;left:220px;top:200px;font-size:28px">Daniel A Thompson<br>811 W 7th St PMB</div>
    </body>`,
  );
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

/** The contents of a letter as a PDF, printed by Chromium. */
async function letterPdf(browser: Browser): Promise<Buffer> {
  const { context, page } = await newPage(browser);
  await page.setContent('<h1>Notice of assessment</h1><p>Dear Daniel, your return has been processed.</p>');
  const pdf = await page.pdf({ format: 'Letter' });
  await context.close();
  return pdf;
}

/** Logs one item through the operator's Receive mail dialog (already signed in, on /mailbox). */
async function receive(
  page: Page,
  item: { kind: string; sender: string; photo?: Buffer; carrier?: string; tracking?: string; weight?: string },
  shots?: string,
) {
  await page.goto('/mailbox');
  await page.getByTestId('receive-mail').click();
  const dialog = page.getByTestId('receive-mail-dialog');
  await dialog.getByTestId('mailbox-picker').fill(HOLDER);
  await page.getByTestId('mailbox-option').first().click();
  await dialog.getByTestId('picked-mailbox').waitFor();
  await pickOption(page, 'receive-kind', item.kind);
  await dialog.getByTestId('receive-sender').fill(item.sender);
  if (item.carrier) await dialog.getByTestId('receive-carrier').fill(item.carrier);
  if (item.tracking) await dialog.getByTestId('receive-tracking').fill(item.tracking);
  if (item.weight) await dialog.getByTestId('receive-weight').fill(item.weight);
  if (item.kind === 'Package') {
    await dialog.getByTestId('receive-length').fill('12');
    await dialog.getByTestId('receive-width').fill('10');
    await dialog.getByTestId('receive-height').fill('6');
  }
  if (item.photo) {
    await dialog
      .getByTestId('receive-photo-front')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: item.photo });
  }
  if (shots) await screenshot(page, `${shots}-receive-form`);
  await dialog.getByTestId('receive-save-another').click();
  await dialog.getByTestId('receive-saved').waitFor();
  expect(await dialog.getByTestId('receive-saved').textContent()).toContain('logged for');
  if (shots) await screenshot(page, `${shots}-receive-saved`);
  await page.keyboard.press('Escape');
}

/** Opens the open request of the given type whose item came from `sender`, from the operator's queue. */
async function openRequest(page: Page, type: string, sender: string) {
  await page.goto('/mailbox-requests');
  await pickOption(page, 'request-type-filter', type);
  const row = shown(page.locator('tr, li').filter({ hasText: sender }));
  await row
    .getByRole('link', { name: new RegExp(`^(${type}|Open the)`) })
    .first()
    .click();
  await page.waitForURL(/\/mailbox-requests\/[0-9a-f-]{36}\?tab=mail$/);
}

async function openItem(page: Page, sender: string) {
  await page.goto('/inbox');
  await page.getByTestId('mail-row').filter({ hasText: sender }).first().getByTestId('mail-row-open').click();
  await page.getByTestId('item-detail').getByTestId('item-actions').waitFor();
}

describe('mailbox operations', () => {
  const suite = suiteBrowser();
  const desks = signedInPages(suite, { customer: CUSTOMER, operator: OPERATOR });

  it('the dashboard shows the mailbox address the USPS way, with scans and items near fees', async () => {
    const { page } = desks.customer;
    const card = page.getByTestId('mailbox-address-card');
    await card.waitFor();
    const address = (await page.getByTestId('mailbox-address').textContent()) ?? '';
    expect(address).toMatch(/PMB \d+/);
    expect(address).not.toMatch(/PO Box/i);
    await screenshot(page, 'mailbox-dashboard-desktop');
  });

  it('a package logged at the store reaches the open inbox live, with its free days left', async () => {
    const { page } = desks.customer;
    await page.goto('/inbox');
    await page.getByTestId('page-title').getByText('Inbox').waitFor();
    await screenshot(page, 'mailbox-inbox-before-desktop');

    await receive(
      desks.operator.page,
      {
        kind: 'Package',
        sender: 'Acme Parts Co',
        photo: await envelopePng(suite.browser, 'Acme Parts Co'),
        carrier: 'UPS',
        tracking: '1Z999AA10123456784',
        weight: '4',
      },
      'mailbox-operator-desktop',
    );

    // Pushed over the event stream: a toast tells it, the bell counts it and the list shows it without a reload.
    await page.getByRole('status').filter({ hasText: 'Acme Parts Co' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('notification-unread').waitFor();
    const row = page.getByTestId('mail-row').filter({ hasText: 'Acme Parts Co' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('free-days').textContent()).toBe('3 free days left');
    expect(await row.getByTestId('mail-status').textContent()).toBe('New');
    await row.locator('img').waitFor();
    await screenshot(page, 'mailbox-inbox-desktop');
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-item').first().waitFor();
    await screenshot(page, 'mailbox-notifications-desktop');
    await page.keyboard.press('Escape');
  });

  it('the customer forwards it with insurance to a new address and pays with the saved 4242 card', async () => {
    const { page } = desks.customer;
    await openItem(page, 'Acme Parts Co');
    await page.getByTestId('item-detail').locator('img').first().waitFor();
    await screenshot(page, 'mailbox-item-desktop');
    await page.getByTestId('action-forward').click();

    await page.waitForURL(/\/inbox\/[0-9a-f-]{36}\/forward\/insurance$/);
    await page.getByTestId('insurance-declared').check();
    await page.getByTestId('declared-value').fill('250');
    expect(await page.getByTestId('insurance-price').textContent()).toContain('$3.00');
    await screenshot(page, 'mailbox-forward-insurance-desktop');
    await page.getByTestId('forward-next').click();

    await page.waitForURL(/\/forward\/address$/);
    await clickThrough(page, page.getByTestId('new-address-link'), /\/forward\/address\/new$/);
    await page.getByTestId('forward-next').click();
    await page.getByText('Name is required').waitFor();
    await page.getByTestId('address-name').fill('Daniel Thompson');
    await page.getByTestId('address-line1').fill('1600 Amphitheatre Pkwy');
    await page.getByTestId('address-city').fill('Mountain View');
    await page.getByTestId('address-state').fill('CA');
    await page.getByTestId('address-zipCode').fill('94043');
    await screenshot(page, 'mailbox-forward-address-desktop');
    await page.getByTestId('forward-next').click();

    await page.waitForURL(/\/payment$/);
    await page
      .getByTestId('payment-card')
      .getByText(/ending 4242/)
      .waitFor();
    await screenshot(page, 'mailbox-forward-payment-desktop');
    await page.getByTestId('forward-pay').click();
    await page.waitForURL('**/inbox/forward/success');
    await page.getByTestId('forward-paid').waitFor();
    await screenshot(page, 'mailbox-forward-success-desktop');
  });

  it('the operator prepares, quotes and ships the forward', async () => {
    const { page } = desks.operator;
    await page.goto('/mailbox-requests');
    await shown(page.getByRole('link', { name: 'Forward' })).waitFor();
    await screenshot(page, 'mailbox-requests-queue-desktop');
    await openRequest(page, 'Forward', 'Acme Parts Co');
    await screenshot(page, 'mailbox-request-forward-desktop');

    await page.getByTestId('select-services-link').click();
    await page.waitForURL(/\/mailbox\/[0-9a-f-]{36}\/select-services\/[0-9a-f-]{36}$/);
    await pickOption(page, 'carrier-service', 'UPS Ground');
    await screenshot(page, 'mailbox-select-services-desktop');
    await page.getByTestId('services-continue').click();

    await page.waitForURL(/\/update-quote\//);
    await page.getByTestId('quote-weight').fill('4.2');
    expect(await page.getByTestId('quote-difference').textContent()).toContain('Same as paid');
    await screenshot(page, 'mailbox-update-quote-desktop');
    await page.getByTestId('quote-save').click();

    await page.waitForURL(/\/mailbox-requests\/[0-9a-f-]{36}\?tab=mail$/);
    await page.getByTestId('outbound-carrier').fill('UPS');
    await page.getByTestId('outbound-tracking').fill('1Z999AA10123456785');
    await page.getByTestId('complete-request').click();
    await page.getByTestId('request-outcome').waitFor();
    expect(await page.getByTestId('request-outcome').textContent()).toContain('1Z999AA10123456785');
    await screenshot(page, 'mailbox-request-completed-desktop');
    await page.getByRole('link', { name: 'Open the mailbox' }).click();
    await page.getByTestId('mailbox-address').waitFor();
    await shown(page.getByText('Acme Parts Co')).waitFor();
    await screenshot(page, 'mailbox-labels-desktop');
  });

  it('the customer sees it forwarded, moves it to the trash and restores it', async () => {
    const { page } = desks.customer;
    await page.goto('/inbox');
    const row = page.getByTestId('mail-row').filter({ hasText: 'Acme Parts Co' });
    await row.getByTestId('mail-status').getByText('Forwarded').waitFor();
    await openItem(page, 'Acme Parts Co');
    // The finished forward's timeline, with the outbound tracking linked to the public tracking page.
    const timeline = page.getByTestId('item-detail').getByTestId('request-timeline');
    await timeline.getByText('Completed').waitFor();
    const steps = await timeline.getByTestId('timeline-step').allTextContents();
    expect(steps[0]).toMatch(/^Requested/);
    expect(steps.some((t) => t.startsWith('Quoted'))).toBe(true);
    expect(steps.at(-1)).toMatch(/^Completed/);
    const track = timeline.getByTestId('outbound-tracking').getByRole('link', { name: '1Z999AA10123456785' });
    expect(await track.getAttribute('href')).toBe('/public/track?t_n=1Z999AA10123456785');
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(page, 'mailbox-item-timeline-desktop');
    await page.getByTestId('action-trash').click();
    await page.getByTestId('item-detail').waitFor({ state: 'detached' });

    await page.goto('/trash');
    const trashed = page.getByTestId('mail-row').filter({ hasText: 'Acme Parts Co' });
    await trashed.waitFor();
    await trashed.getByTestId('purge-date').waitFor();
    await trashed.locator('img').waitFor();
    await screenshot(page, 'mailbox-trash-desktop');
    await trashed.getByTestId('mail-row-open').click();
    await page.getByTestId('action-restore').click();
    await page.getByTestId('item-detail').waitFor({ state: 'detached' });
    await trashed.waitFor({ state: 'detached' });

    await page.goto('/inbox');
    await page.getByTestId('mail-row').filter({ hasText: 'Acme Parts Co' }).waitFor();
  });

  it('a pickup is handed over against its one-time passcode', async () => {
    await receive(desks.operator.page, { kind: 'Letter', sender: 'City Water Dept' });
    const { page } = desks.customer;
    await openItem(page, 'City Water Dept');
    await page.getByTestId('action-pickup').click();
    const passcode = (await page.getByTestId('pickup-passcode').textContent())?.trim() ?? '';
    expect(passcode).toMatch(/^\d{6}$/);
    await screenshot(page, 'mailbox-pickup-passcode-desktop');
    await page.getByRole('button', { name: 'Done' }).click();

    const op = desks.operator.page;
    await openRequest(op, 'Hold for pickup', 'City Water Dept');
    await op.getByTestId('pickup-passcode-input').fill('000000' === passcode ? '111111' : '000000');
    await op.getByTestId('complete-request').click();
    await op.getByRole('alert').first().waitFor();
    await op.getByTestId('pickup-passcode-input').fill(passcode);
    await screenshot(op, 'mailbox-request-pickup-desktop');
    await op.getByTestId('complete-request').click();
    await op.getByTestId('request-outcome').getByText('Collected with the one-time passcode.').waitFor();
  });

  it('five wrong passcodes lock a pickup until the customer issues a new passcode', async () => {
    await receive(desks.operator.page, { kind: 'Letter', sender: 'County Assessor' });
    const { page } = desks.customer;
    await openItem(page, 'County Assessor');
    await page.getByTestId('action-pickup').click();
    const first = (await page.getByTestId('pickup-passcode').textContent())?.trim() ?? '';
    await page.getByRole('button', { name: 'Done' }).click();

    const op = desks.operator.page;
    await openRequest(op, 'Hold for pickup', 'County Assessor');
    // No authorized individual on file for this box: the passcode is the only way, and the dialog says so.
    expect(await op.getByTestId('pickup-authorized-checked').count()).toBe(0);
    await op.getByText('This mailbox has no authorized individual on file').waitFor();
    const wrong = first === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await op.getByTestId('pickup-passcode-input').fill(wrong);
      await Promise.all([
        op.waitForResponse((r) => r.url().endsWith('/complete') && r.request().method() === 'POST'),
        op.getByTestId('complete-request').click(),
      ]);
    }
    await op.getByTestId('pickup-locked').waitFor();
    expect(await op.getByTestId('pickup-passcode-input').isDisabled()).toBe(true);
    await screenshot(op, 'mailbox-request-pickup-locked-desktop');

    await openItem(page, 'County Assessor');
    await page.getByTestId('pickup-locked').waitFor();
    await screenshot(page, 'mailbox-pickup-locked-desktop');
    await page.getByTestId('action-new-passcode').click();
    const renewed = (await page.getByTestId('pickup-passcode').textContent())?.trim() ?? '';
    expect(renewed).toMatch(/^\d{6}$/);
    await page.getByRole('button', { name: 'Done' }).click();

    await op.reload();
    await op.getByTestId('pickup-passcode-input').waitFor();
    expect(await op.getByTestId('pickup-locked').count()).toBe(0);
    await op.getByTestId('pickup-passcode-input').fill(renewed);
    await op.getByTestId('complete-request').click();
    await op.getByTestId('request-outcome').getByText('Collected with the one-time passcode.').waitFor();
  });

  it('a scan request is answered with a PDF that the customer opens', async () => {
    await receive(desks.operator.page, { kind: 'Letter', sender: 'Franchise Tax Board' });
    const { page } = desks.customer;
    await openItem(page, 'Franchise Tax Board');
    await page.getByTestId('action-scan').click();
    await page.getByTestId('confirm-request').click();
    await page.getByTestId('item-detail').waitFor({ state: 'detached' });

    const op = desks.operator.page;
    await openRequest(op, 'Open & scan', 'Franchise Tax Board');
    await op
      .getByTestId('scan-file')
      .setInputFiles({ name: 'contents.pdf', mimeType: 'application/pdf', buffer: await letterPdf(suite.browser) });
    await op.getByTestId('complete-request').click();
    await op.getByTestId('request-outcome').waitFor();

    await openItem(page, 'Franchise Tax Board');
    await page.getByTestId('item-detail').getByTestId('mail-status').getByText('Scanned').waitFor();
    // The first page shows as a sized picture; the PDF is fetched only when opened.
    const preview = page.getByTestId('scan-preview').getByRole('img', { name: 'First page of the scanned contents' });
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await preview.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
      /\/mail-items\/[^/]+\/scan\/preview$/,
    );
    const [tab] = await Promise.all([
      desks.customer.context.waitForEvent('page'),
      page.getByTestId('open-scan').click(),
    ]);
    await tab.waitForURL(/^blob:/);
    expect(tab.url()).toMatch(/^blob:/);
    await tab.close();
    // Choosing the picture opens the PDF too.
    const [again] = await Promise.all([
      desks.customer.context.waitForEvent('page'),
      page.getByTestId('scan-preview').click(),
    ]);
    await again.waitForURL(/^blob:/);
    await again.close();
  });

  it('the customer forwards a package to an address chosen from the saved list', async () => {
    await receive(desks.operator.page, { kind: 'Package', sender: 'Globex Supplies', weight: '2' });
    const { page } = desks.customer;
    await openItem(page, 'Globex Supplies');
    await page.getByTestId('action-forward').click();
    await page.waitForURL(/\/forward\/insurance$/);
    await page.getByTestId('forward-next').click();

    await page.waitForURL(/\/forward\/address$/);
    const options = page.getByTestId('address-option');
    // Every saved address is offered, not only the default sender.
    await options.filter({ hasText: 'Jordan Miles' }).waitFor();
    expect(await options.filter({ hasText: 'Avery Chen' }).count()).toBe(1);
    await page.getByTestId('address-search').fill('Rosa');
    await options.filter({ hasText: 'Jordan Miles' }).waitFor({ state: 'detached' });
    const rosa = options.filter({ hasText: 'Rosa Delgado' });
    await rosa.getByRole('radio').check();
    await screenshot(page, 'mailbox-forward-saved-address-desktop');
    await page.getByTestId('forward-next').click();

    await page.waitForURL(/\/payment$/);
    await page.getByText('1200 Brickell Ave').waitFor();
    await page.getByTestId('forward-pay').click();
    await page.waitForURL('**/inbox/forward/success');
    await page.getByTestId('forward-paid').waitFor();

    await openRequest(desks.operator.page, 'Forward', 'Globex Supplies');
    await desks.operator.page.getByText('Rosa Delgado').first().waitFor();
  });

  it('two letters are shredded together from the inbox selection', async () => {
    await receive(desks.operator.page, { kind: 'Letter', sender: 'Bulk Shred One' });
    await receive(desks.operator.page, { kind: 'Letter', sender: 'Bulk Shred Two' });
    const { page } = desks.customer;
    await page.goto('/inbox');
    await page.getByTestId('mail-search').fill('Bulk Shred');
    const rows = page.getByTestId('mail-row');
    await rows.filter({ hasText: 'Bulk Shred Two' }).waitFor();
    // The search applies after a pause and a new filter clears the selection: select once the list is filtered.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    for (const sender of ['Bulk Shred One', 'Bulk Shred Two']) {
      await page.getByRole('checkbox', { name: `Select the letter from ${sender}` }).click();
    }
    await page.getByText('2 selected').waitFor();
    await screenshot(page, 'mailbox-inbox-selection-desktop');
    await page.getByTestId('bulk-shred').click();
    await page.getByTestId('bulk-confirm').getByText('Shred: 2 of 2 selected').waitFor();
    await page.getByTestId('bulk-confirm-submit').click();
    await page.getByRole('status').filter({ hasText: 'Shred: 2 items requested.' }).waitFor();
    for (const sender of ['Bulk Shred One', 'Bulk Shred Two']) {
      await rows.filter({ hasText: sender }).getByTestId('mail-status').getByText('Shred requested').waitFor();
    }
    await page.getByTestId('mail-search').fill('');
  });

  it('the screens work on a phone', async () => {
    const phoneCustomer = await newPage(suite.browser, PHONE);
    await login(phoneCustomer.page, CUSTOMER);
    await phoneCustomer.page.getByTestId('mailbox-address-card').waitFor();
    await screenshot(phoneCustomer.page, 'mailbox-dashboard-phone', { fullPage: true });
    await phoneCustomer.page.goto('/inbox');
    await phoneCustomer.page.getByTestId('mail-row').first().waitFor();
    await screenshot(phoneCustomer.page, 'mailbox-inbox-phone', { fullPage: true });
    await phoneCustomer.page.getByTestId('mail-row-open').first().click();
    await phoneCustomer.page.getByTestId('item-actions').waitFor();
    // Let the sheet finish fading in before the picture.
    await phoneCustomer.page.waitForTimeout(400);
    await screenshot(phoneCustomer.page, 'mailbox-item-phone');
    await phoneCustomer.page.keyboard.press('Escape');
    const phoneRows = phoneCustomer.page.getByTestId('mail-row');
    await phoneRows.nth(0).getByRole('checkbox').click();
    await phoneRows.nth(1).getByRole('checkbox').click();
    await phoneCustomer.page.getByText('2 selected').waitFor();
    // The checkbox clicks scroll the list; the picture shows the bulk bar.
    await phoneCustomer.page.getByText('2 selected').scrollIntoViewIfNeeded();
    await screenshot(phoneCustomer.page, 'mailbox-inbox-selection-phone');
    await phoneCustomer.page.goto('/inbox');
    await phoneRows.filter({ hasText: 'Acme Parts Co' }).first().getByTestId('mail-row-open').click();
    await phoneCustomer.page.getByTestId('request-timeline').getByTestId('outbound-tracking').waitFor();
    await phoneCustomer.page.getByTestId('request-timeline').scrollIntoViewIfNeeded();
    await phoneCustomer.page.waitForTimeout(400);
    await screenshot(phoneCustomer.page, 'mailbox-item-timeline-phone');
    await receive(desks.operator.page, { kind: 'Package', sender: 'Initech Phone', weight: '1' });
    await phoneCustomer.page.goto('/inbox');
    const phoneItem = phoneRows.filter({ hasText: 'Initech Phone' }).first();
    await phoneItem.waitFor();
    const phoneItemId = await phoneItem.getAttribute('data-item-id');
    await phoneCustomer.page.goto(`/inbox/${phoneItemId}/forward/address`);
    await phoneCustomer.page.getByTestId('address-option').first().waitFor();
    await screenshot(phoneCustomer.page, 'mailbox-forward-address-phone', { fullPage: true });
    await phoneCustomer.page.goto('/archive');
    await phoneCustomer.page.getByTestId('page-title').getByText('Archive').waitFor();
    await screenshot(phoneCustomer.page, 'mailbox-archive-phone');
    await phoneCustomer.context.close();

    const phoneOperator = await newPage(suite.browser, PHONE);
    await login(phoneOperator.page, OPERATOR);
    await phoneOperator.page.goto('/mailbox');
    await shown(phoneOperator.page.getByRole('link', { name: /PMB|#/ })).waitFor();
    await screenshot(phoneOperator.page, 'mailbox-mailboxes-phone', { fullPage: true });
    await expectNoSeriousA11yViolations(phoneOperator.page);
    await phoneOperator.page.getByTestId('receive-mail').click();
    await phoneOperator.page.getByTestId('receive-mail-dialog').waitFor();
    await screenshot(phoneOperator.page, 'mailbox-receive-phone');
    await phoneOperator.page.keyboard.press('Escape');
    await phoneOperator.page.goto('/mailbox-requests?tab=mail');
    await shown(phoneOperator.page.getByRole('link', { name: /^Open the / })).waitFor();
    await screenshot(phoneOperator.page, 'mailbox-requests-phone', { fullPage: true });
    await shown(phoneOperator.page.getByRole('link', { name: /^Open the / })).click();
    await phoneOperator.page.getByTestId('request-timeline').waitFor();
    await screenshot(phoneOperator.page, 'mailbox-request-phone', { fullPage: true });
    await phoneOperator.context.close();
  });
});
