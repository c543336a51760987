import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, login, newPage, screenshot, type Browser, suiteBrowser, signedInPages } from './browser';

/**
 * Searchable scans end to end: the store receives a letter by its envelope photo (box and sender read from it), a
 * rule of the customer's asks for its scan, the store uploads the scanned page (a picture-only PDF, so its words
 * can only be read by OCR), and the customer finds the letter in the inbox by a word inside that page.
 */

const CUSTOMER = 'user@example.com';
const OPERATOR = 'superadmin@example.com';
const SENDER = 'Kingfisher Insurance';
/** A word printed only inside the scanned page. */
const WORD = 'tangerine';

/** A picture of `html` (what a phone camera or a scanner gives): a PNG screenshot of it rendered. */
async function picture(browser: Browser, html: string, size: { width: number; height: number }): Promise<Buffer> {
  const { context, page } = await newPage(browser, size);
  await page.setContent(`<body style="margin:0;background:#fff;font-family:Arial,sans-serif">${html}</body>`);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

/** A scanned page: a PDF holding only the picture of a letter, no text layer. */
async function scannedPage(browser: Browser): Promise<Buffer> {
  const png = await picture(
    browser,
    `<div style="padding:60px 70px;font-size:22px;line-height:1.5">
      <h1 style="font-size:34px">Renewal notice</h1>
      <p>Dear policyholder,</p>
      <p>Your policy now covers the ${WORD} orchard behind the house.</p>
      <p>Thank you for staying with us.</p>
    </div>`,
    { width: 850, height: 1100 },
  );
  const { context, page } = await newPage(browser);
  await page.setContent(
    `<body style="margin:0"><img style="width:8.5in;height:11in;display:block" src="data:image/png;base64,${png.toString('base64')}"></body>`,
  );
  const pdf = await page.pdf({ width: '8.5in', height: '11in', printBackground: true });
  await context.close();
  return pdf;
}

async function envelopePhoto(browser: Browser, holder: string, pmb: string): Promise<Buffer> {
  return picture(
    browser,
    `<div style="padding:40px;font-size:28px;line-height:1.4">
      <div>${SENDER}</div><div>55 Ocean Avenue</div><div>Denver CO 80202</div>
      <div style="margin:120px 0 0 420px">${holder}<br>1234 Example Street ${pmb}<br>Los Angeles CA 90012</div>
    </div>`,
    { width: 1200, height: 640 },
  );
}

describe('searchable scans', () => {
  const suite = suiteBrowser();
  const desks = signedInPages(suite, { customer: CUSTOMER, operator: OPERATOR });
  let pmb = '';
  let holder = '';

  beforeAll(async () => {
    // The customer's own address, as printed on their mail.
    await desks.customer.page.goto('/dashboard');
    const address = (await desks.customer.page.getByTestId('mailbox-address').innerText()).split('\n');
    holder = address[0]!.trim();
    pmb = /(PMB \d+|#\d+)/.exec(address.join(' '))![1]!;
  });

  it('the customer has a rule that asks for the scan of letters from the sender', async () => {
    const { page } = desks.customer;
    await page.goto('/mail-rules');
    await page.getByTestId('create-rule').click();
    const dialog = page.getByTestId('rule-dialog');
    await dialog.getByTestId('rule-name').fill('Scan insurance letters');
    await dialog.getByTestId('rule-sender').fill('Kingfisher');
    await page.getByTestId('rule-action').click();
    await page.getByRole('option', { name: 'Open & scan', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the store receives the letter by its photo: box and sender are read, the operator confirms', async () => {
    const { page } = desks.operator;
    await page.goto('/mailbox');
    await page.getByTestId('receive-mail').click();
    const dialog = page.getByTestId('receive-mail-dialog');
    await dialog.getByTestId('read-photo-input').setInputFiles({
      name: 'envelope.png',
      mimeType: 'image/png',
      buffer: await envelopePhoto(suite.browser, holder, pmb),
    });
    await dialog.getByTestId('read-photo-result').waitFor({ timeout: 90_000 });
    expect(await dialog.getByTestId('picked-mailbox').innerText()).toContain(pmb);
    expect(await dialog.getByTestId('picked-mailbox').getByTestId('mailbox-status').innerText()).toBe('Active');
    expect(await dialog.getByTestId('receive-sender').inputValue()).toBe(SENDER);
    await screenshot(page, 'intake-read-photo-desktop');
    await dialog.getByTestId('receive-save').click();
    await dialog.waitFor({ state: 'detached' });

    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, OPERATOR);
    await phone.page.goto('/mailbox');
    await phone.page.getByTestId('receive-mail').click();
    await phone.page.getByTestId('read-photo-input').setInputFiles({
      name: 'envelope.png',
      mimeType: 'image/png',
      buffer: await envelopePhoto(suite.browser, holder, pmb),
    });
    await phone.page.getByTestId('read-photo-result').waitFor({ timeout: 90_000 });
    await phone.page.getByTestId('picked-mailbox').waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(phone.page, 'intake-read-photo-phone');
    await phone.context.close();
  }, 240_000);

  it('the rule asked for the scan; the store uploads the scanned page', async () => {
    const { page } = desks.operator;
    await page.goto('/mailbox-requests');
    await page.getByTestId('request-type-filter').click();
    await page.getByRole('option', { name: 'Open & scan', exact: true }).click();
    const row = page.locator('tr, li').filter({ hasText: SENDER }).filter({ visible: true }).first();
    await row
      .getByRole('link', { name: /^(Open & scan|Open the)/ })
      .first()
      .click();
    await page.waitForURL(/\/mailbox-requests\/[0-9a-f-]{36}\?tab=mail$/);
    await page
      .getByTestId('scan-file')
      .setInputFiles({ name: 'contents.pdf', mimeType: 'application/pdf', buffer: await scannedPage(suite.browser) });
    await page.getByTestId('complete-request').click();
    await page.getByTestId('request-outcome').waitFor();
  });

  it('the customer finds the letter by a word inside the scanned page', async () => {
    const { page } = desks.customer;
    const row = page.getByTestId('mail-row').filter({ hasText: SENDER }).first();
    // The page is read in the background: search until it is (one page takes a few seconds on one core).
    const deadline = Date.now() + 120_000;
    for (;;) {
      // A fresh page each time: the list keeps an answer for a search a while, and this one is waiting for news.
      await page.goto('/inbox');
      await page.getByTestId('mail-search').fill(WORD);
      try {
        await row.getByTestId('mail-row-match').waitFor({ timeout: 5_000 });
        break;
      } catch (err) {
        if (Date.now() > deadline) throw err;
      }
    }
    const match = row.getByTestId('mail-row-match');
    expect(await match.innerText()).toMatch(/^In the scan:/);
    expect((await match.locator('mark').allInnerTexts()).map((t) => t.toLowerCase())).toEqual([WORD]);
    await screenshot(page, 'inbox-search-scan-desktop');

    await row.getByTestId('mail-row-open').click();
    const detail = page.getByTestId('item-detail');
    await detail.getByTestId('scan-searchable').waitFor();
    expect(await detail.getByTestId('scan-text').innerText()).toMatch(new RegExp(`${WORD} orchard`, 'i'));
    expect(await detail.getByTestId('item-rule').innerText()).toContain('Scan insurance letters');
    await screenshot(page, 'item-scan-text-desktop');

    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, CUSTOMER);
    await phone.page.goto(`/inbox`);
    await phone.page.getByTestId('mail-search').fill(WORD);
    const phoneRow = phone.page.getByTestId('mail-row').filter({ hasText: SENDER }).first();
    await phoneRow.getByTestId('mail-row-match').waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(phone.page, 'inbox-search-scan-phone');
    await phoneRow.getByTestId('mail-row-open').click();
    await phone.page.getByTestId('item-detail').getByTestId('scan-text').waitFor();
    await screenshot(phone.page, 'item-scan-text-phone');
    await phone.context.close();
  }, 240_000);
});
