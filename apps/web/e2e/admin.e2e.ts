import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseURL,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  type Page,
  suiteBrowser,
  shown,
} from './browser';

/**
 * Administration end to end: adding and accessing a customer with the impersonation bar and its
 * Exit rule (spec 4), referred clients and nested access, the password-protected Configuration tab and
 * Policy & Terms, and the review of a mailbox application up to the customer's inbox.
 */

async function sidebarItem(page: Page, key: string) {
  await page.getByTestId(`sidebar-item-${key}`).click();
}

async function expectBar(page: Page, name: string) {
  const bar = page.getByTestId('impersonation-bar');
  await bar.waitFor();
  expect(await bar.textContent()).toContain(`You are accessing ${name}`);
  const box = await bar.boundingBox();
  expect(box?.height).toBe(40);
}

type OutboxMail = { subject: string; text: string; attachments?: { contentType: string }[] };

async function outboxFor(email: string): Promise<OutboxMail[]> {
  const res = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(email)}&limit=5`);
  const body = (await res.json()) as { data?: OutboxMail[]; items?: OutboxMail[] };
  return body.items ?? body.data ?? [];
}

describe('administration', () => {
  const suite = suiteBrowser();
  it('super admin adds a customer, opens it, accesses the account, sees the bar and exits to Customers', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    await sidebarItem(page, 'customers');
    await page.waitForURL('**/customers');
    // Other suites register customers too: find the demo one by search rather than by page position.
    await page.getByTestId('list-search').fill('ava.nguyen');
    await shown(page.getByText('ava.nguyen@example.com')).waitFor();
    await page.getByTestId('list-search').fill('');
    await page.getByText(/Showing 1–10 of \d+/).waitFor();
    await screenshot(page, 'admin-customers-desktop');
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('add-customer').first().click();
    await page.waitForURL('**/customers/add');
    await page.getByTestId('add-submit').click();
    await page.getByText('Email is required').waitFor();
    await page.getByTestId('add-email').fill('harper.lee@example.com');
    await page.getByTestId('add-first-name').fill('Harper');
    await page.getByTestId('add-last-name').fill('Lee');
    await page.getByTestId('add-submit').click();
    await page.waitForURL(/\/customers\/[0-9a-f-]{36}$/);
    await page.getByTestId('page-title').getByText('Harper Lee').waitFor();
    await page.getByText('Invitation sent to harper.lee@example.com').first().waitFor();
    const mail = await outboxFor('harper.lee@example.com');
    expect(mail[0]?.text).toContain('/register?parentUser=');

    // Open it from the list, as an admin would later.
    await sidebarItem(page, 'customers');
    await page.getByTestId('list-search').fill('harper');
    await shown(page.getByRole('link', { name: 'Harper Lee' })).click();
    await page.waitForURL(/\/customers\/[0-9a-f-]{36}$/);
    await page.getByText('Invited').first().waitFor();
    await screenshot(page, 'admin-customer-detail-desktop', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('access-account').click();
    await page.waitForURL('**/dashboard');
    await expectBar(page, 'Harper Lee');
    expect(await page.getByTestId('user-name').textContent()).toBe('Harper Lee');
    await page.getByText('Invitation sent to harper.lee@example.com').waitFor({ state: 'detached', timeout: 10_000 });
    await screenshot(page, 'admin-impersonation-bar-desktop');

    await page.getByTestId('impersonation-exit').click();
    await page.waitForURL('**/customers');
    expect(await page.getByTestId('impersonation-bar').count()).toBe(0);
    expect(await page.getByTestId('user-name').textContent()).toBe('Olivia R Martinez');
    await context.close();
  });

  it('shows the customer list and detail on a phone', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'subadmin@example.com');
    await page.goto('/customers');
    await page.getByTestId('list-search').fill('nguyen');
    await shown(page.getByText('ava.nguyen@example.com')).waitFor();
    await screenshot(page, 'admin-customers-phone', { fullPage: true });
    await shown(page.getByRole('link', { name: 'View Ava M Nguyen' })).click();
    await page.getByTestId('mailbox-address').waitFor();
    expect(await page.getByTestId('mailbox-address').textContent()).toContain('PMB 2001');
    await screenshot(page, 'admin-customer-detail-phone', { fullPage: true });
    await context.close();
  });

  it('super sub-admin opens referred clients and accesses a referred sub-admin; Exit goes back to Referred Clients', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'subadmin@example.com');
    await sidebarItem(page, 'referred-clients');
    await page.waitForURL('**/referred-clients');
    await shown(page.getByText('partner@example.com')).waitFor();
    await page.getByText('Your invitation links').waitFor();
    await screenshot(page, 'admin-referred-clients-desktop');
    await expectNoSeriousA11yViolations(page);

    await shown(page.getByRole('link', { name: 'Grace H Kim' })).click();
    await page.waitForURL(/\/referred-clients\/[0-9a-f-]{36}$/);
    await page.getByTestId('access-account').click();
    await page.waitForURL('**/dashboard');
    await expectBar(page, 'Grace H Kim');
    // The referred sub-admin is not a super sub-admin: no Referred Clients for them.
    expect(await page.getByTestId('sidebar-item-referred-clients').count()).toBe(0);

    await page.getByTestId('impersonation-exit').click();
    await page.waitForURL('**/referred-clients');
    expect(await page.getByTestId('impersonation-bar').count()).toBe(0);
    await context.close();
  });

  it('nested access keeps a stack: super admin → sub-admin → referred sub-admin, and each Exit follows spec 4', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    await sidebarItem(page, 'sub-admins');
    await shown(page.getByRole('link', { name: 'Marcus J Chen' })).click();
    await page.getByTestId('access-account').click();
    await expectBar(page, 'Marcus J Chen');

    await sidebarItem(page, 'referred-clients');
    await shown(page.getByRole('link', { name: 'Grace H Kim' })).click();
    await page.getByTestId('access-account').click();
    await page.waitForURL('**/dashboard');
    await expectBar(page, 'Grace H Kim');

    // Left a SUB_ADMIN with exactly one SUB_ADMIN in the stack (Marcus): Referred Clients.
    await page.getByTestId('impersonation-exit').click();
    await page.waitForURL('**/referred-clients');
    await expectBar(page, 'Marcus J Chen');
    // Left a SUB_ADMIN with no SUB_ADMIN in the stack: Sub Admins.
    await page.getByTestId('impersonation-exit').click();
    await page.waitForURL('**/sub-admins');
    expect(await page.getByTestId('impersonation-bar').count()).toBe(0);
    await context.close();
  });

  it('a sub-admin unlocks Configuration and edits Policy & Terms', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'reseller@example.com');
    await page.getByTestId('sidebar-group-configuration').click();
    const dialog = page.getByRole('dialog', { name: 'Unlock Tab' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await dialog.getByText('Password is required').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Password incorrect try again').waitFor();
    await screenshot(page, 'admin-unlock-tab-desktop');
    await dialog.getByLabel('Password', { exact: true }).fill('Demo1234!');
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Configuration Tab unlocked').waitFor();

    await sidebarItem(page, 'policy-terms');
    await page.waitForURL('**/configuration/policy-terms');
    const privacy = page.getByTestId('policy-privacy');
    await privacy.waitFor();
    expect(await privacy.textContent()).toContain('Patel Mailbox Services');
    await privacy.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('We keep your mailbox data private and never sell it.');
    await page.getByRole('button', { name: 'Paragraph' }).first().click();
    // Bold through the toolbar: the button shows it is pressed for the selection.
    await page.keyboard.press('Control+A');
    const bold = page.getByRole('toolbar', { name: 'Privacy Policy formatting' }).getByRole('button', { name: 'Bold' });
    await bold.click();
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    // Both editors' toolbars sit on one line, whatever the length of either text.
    const toolbarTops = await Promise.all(
      ['Privacy Policy', 'Terms'].map(
        async (name) => (await page.getByRole('toolbar', { name: `${name} formatting` }).boundingBox())?.y,
      ),
    );
    expect(toolbarTops[0]).toBeDefined();
    expect(Math.abs((toolbarTops[0] ?? 0) - (toolbarTops[1] ?? 0))).toBeLessThan(1);
    await page.getByTestId('policy-save').click();
    await page.getByText('Policy & Terms saved').waitFor();
    await screenshot(page, 'admin-policy-terms-desktop');
    await expectNoSeriousA11yViolations(page);

    // Saved on the server: a reload shows it, and the page stays reachable (the tab stays unlocked).
    await page.reload();
    await page.getByTestId('policy-privacy').waitFor();
    await page
      .getByTestId('policy-privacy')
      .getByText('We keep your mailbox data private and never sell it.')
      .waitFor();
    expect(await page.getByTestId('policy-privacy').locator('strong').textContent()).toBe(
      'We keep your mailbox data private and never sell it.',
    );
    expect(page.url()).toContain('/configuration/policy-terms');

    // The other Configuration pages of a sub-admin open too.
    await sidebarItem(page, 'store');
    await shown(page.getByText('Mid-Wilshire')).waitFor();
    await screenshot(page, 'admin-store-desktop');
    await sidebarItem(page, 'account-setting');
    await page.getByTestId('password-protection').waitFor();
    expect(await page.getByTestId('password-protection').getAttribute('data-state')).toBe('checked');
    await screenshot(page, 'admin-account-setting-desktop');
    await context.close();
  });

  it('shows the Policy & Terms editor and the store list on a phone', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'subadmin@example.com');
    // Not password-protected: the group opens at once.
    await page.getByTestId('sidebar-group-configuration').click();
    await page.getByTestId('sidebar-item-policy-terms').click();
    await page.getByTestId('policy-privacy').waitFor();
    await screenshot(page, 'admin-policy-terms-phone', { fullPage: true });
    await page.getByTestId('sidebar-item-store').click();
    await shown(page.getByText('Hollywood')).waitFor();
    await screenshot(page, 'admin-store-phone', { fullPage: true });
    await context.close();
  });

  it('an admin approves a pending mailbox application and the customer can then reach their inbox', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'subadmin@example.com');
    await sidebarItem(page, 'mailbox-requests');
    await page.waitForURL('**/mailbox-requests');
    // The mail request queue is the first tab; applications are reviewed on the second.
    await page.getByTestId('tab-applications').click();
    await shown(page.getByRole('link', { name: 'Review Emma L Rodriguez' })).click();
    await page.waitForURL(/\/mailbox-requests\/[0-9a-f-]{36}$/);
    await page.getByTestId('application-documents').waitFor();
    expect(await page.getByTestId('application-documents').textContent()).toContain('Current Lease');
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('show-form-1583').click();
    const form = page.getByRole('article', { name: 'USPS Form 1583' });
    await form.waitFor();
    expect(await form.textContent()).toContain('Emma L Rodriguez');
    await screenshot(page, 'admin-application-form-1583-desktop', { fullPage: true });

    await page.getByTestId('approve-application').click();
    // The agent records the original IDs they checked and how: they print on Form 1583 and go to the CRD export.
    await page.getByTestId('approve-applicant-photo-idNumber').fill('D1234567');
    await page.getByTestId('approve-applicant-photo-issuingAuthority').fill('California DMV');
    await page.getByTestId('approve-applicant-photo-expiresOn').fill('2030-06-30');
    await page.getByTestId('approve-witness-method').click();
    await page.getByRole('option', { name: 'Live video call' }).click();
    // The choice list closes before the dialog takes clicks again (on a loaded machine a click could land while it
    // was still closing and be taken as a click outside it).
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('approve-witness-method').textContent()).toContain('Live video call');
    await screenshot(page, 'admin-application-approve-ids-desktop');
    await page.getByTestId('approve-confirm').click();
    await page.getByText('Mailbox approved: PMB 2003').waitFor();
    await page.getByTestId('approved-address').waitFor();
    expect(await page.getByTestId('approved-address').textContent()).toContain('811 W 7th St, PMB 2003');
    await screenshot(page, 'admin-application-approved-desktop');
    const printed = page.getByRole('article', { name: 'USPS Form 1583' });
    if (!(await printed.isVisible())) await page.getByTestId('show-form-1583').click();
    await printed.getByText('No. D1234567').waitFor();
    expect(await printed.textContent()).toContain('California DMV');
    expect(await printed.textContent()).toContain('Live video call');
    // An ID checked later (the lease) is recorded after approval and printed too.
    await page.getByTestId('record-ids').click();
    await page.getByTestId('approve-applicant-address-idNumber').fill('L-42');
    await page.getByTestId('approve-applicant-address-issuingAuthority').fill('Sunset Apartments LLC');
    await page.getByTestId('record-ids-confirm').click();
    await page.getByText('IDs recorded').waitFor();
    await printed.getByText('No. L-42').waitFor();

    // The store's compliance: the CRD export names Emma's ID.
    await page.goto('/mailbox');
    await page.getByTestId('compliance-link').click();
    await page.waitForURL('**/mailbox/compliance');
    await page.getByTestId('page-title').getByText('Compliance').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crd-export').click()]);
    expect(download.suggestedFilename()).toBe('crd-export-downtown-la.csv');
    const crd = readFileSync(await download.path(), 'utf8');
    expect(crd.split('\n')[0]).toContain('Photo ID number');
    expect(crd).toContain('D1234567');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'admin-compliance-desktop', { fullPage: true });
    const mail = await outboxFor('emma.rodriguez@example.com');
    expect(mail.map((m) => m.subject)).toContain('Your mailbox is active');
    // The plan chosen before approval is charged at approval, with a receipt whose invoice PDF is attached.
    const receipt = mail.find((m) => m.subject.startsWith('Your receipt for'));
    expect(receipt?.attachments?.[0]?.contentType).toBe('application/pdf');
    await context.close();

    const customer = await newPage(suite.browser, DESKTOP);
    await login(customer.page, 'emma.rodriguez@example.com');
    await sidebarItem(customer.page, 'inbox');
    await customer.page.waitForURL('**/inbox');
    await customer.page.getByTestId('page-title').getByText('Inbox').waitFor();
    await screenshot(customer.page, 'admin-approved-customer-inbox-desktop');
    await customer.page.getByTestId('change-of-address-link').click();
    await customer.page.waitForURL('**/change-of-address');
    await customer.page.getByTestId('page-title').getByText('Change of address').waitFor();
    await screenshot(customer.page, 'admin-approved-customer-change-of-address-desktop');
    await customer.context.close();
  });

  it('shows Compliance and the change-of-address kit on a phone', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'subadmin@example.com');
    await page.goto('/mailbox/compliance');
    await page.getByTestId('crd-export').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'compliance-phone', { fullPage: true });
    await context.close();

    const customer = await newPage(suite.browser, PHONE);
    await login(customer.page, 'user@example.com');
    await customer.page.goto('/change-of-address');
    const letter = customer.page.getByRole('button', { name: /move mail here/i }).first();
    await shown(letter).waitFor();
    const [download] = await Promise.all([customer.page.waitForEvent('download'), letter.click()]);
    expect(download.suggestedFilename()).toMatch(/^change-of-address-.+-in\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expectNoSeriousA11yViolations(customer.page);
    await screenshot(customer.page, 'change-of-address-phone', { fullPage: true });
    await customer.context.close();
  });

  it('shows the mailbox application review on a phone', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'superadmin@example.com');
    await page.goto('/mailbox-requests?tab=applications');
    await page.getByTestId('application-status-filter').click();
    await page.getByRole('option', { name: 'Approved' }).click();
    await shown(page.getByRole('link', { name: 'View Emma L Rodriguez' })).click();
    await page.getByTestId('approved-address').waitFor();
    await screenshot(page, 'admin-application-phone', { fullPage: true });
    await context.close();
  });

  it('the super admin manages FAQs that the public site shows', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'superadmin@example.com');
    await sidebarItem(page, 'faqs');
    await page.waitForURL('**/faqs');
    await page.getByTestId('add-faq').click();
    await page.getByTestId('faq-submit').click();
    await page.getByText('Question is required').waitFor();
    await page.getByTestId('faq-question').fill('Can two people share one mailbox?');
    await page.getByTestId('faq-answer').fill('Yes: a mailbox plan covers up to 2 names.');
    await page.getByTestId('faq-submit').click();
    await page.getByText('FAQ added').waitFor();
    // Reorder: the new FAQ (last) moves up one place.
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100');
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/move') && r.ok()),
      shown(page.getByRole('button', { name: 'Move "Can two people share one mailbox?" up' })).click(),
    ]);
    const publicQuestions = async () => {
      const res = await fetch(`${baseURL()}/api/v1/faqs?pageSize=100`);
      return ((await res.json()) as { items: { question: string }[] }).items.map((f) => f.question);
    };
    expect((await publicQuestions()).at(-2)).toBe('Can two people share one mailbox?');
    await screenshot(page, 'admin-faqs-desktop');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
