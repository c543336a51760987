import { describe, expect, it } from 'vitest';
import { PHONE, login, newPage, screenshot, suiteBrowser, signedInPages, pickOption } from './browser';

/**
 * Rules on incoming mail end to end: the customer creates a rule from the inbox ("scan letters from the County
 * Assessor"), the store logs such a letter, and the customer finds it already asked to be scanned, naming the rule.
 */

const CUSTOMER = 'user@example.com';
const OPERATOR = 'superadmin@example.com';
const HOLDER = 'Daniel';
const SENDER = 'Riverside County Assessor';

describe('mail rules', () => {
  const suite = suiteBrowser();
  const desks = signedInPages(suite, { customer: CUSTOMER, operator: OPERATOR });

  it('the customer creates a rule from the inbox; shred without the kind Letter is refused in the dialog', async () => {
    const { page } = desks.customer;
    await page.goto('/inbox');
    await page.getByTestId('mail-rules-link').click();
    await page.waitForURL(/\/mail-rules$/);
    await page.getByTestId('create-rule').click();
    const dialog = page.getByTestId('rule-dialog');
    await dialog.getByTestId('rule-name').fill('Scan county letters');
    await dialog.getByTestId('rule-sender').fill('County Assessor');
    await pickOption(page, 'rule-action', 'Shred');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.getByText('Shred applies to letters only').waitFor();
    await pickOption(page, 'rule-kind', 'Letter');
    await pickOption(page, 'rule-action', 'Open & scan');
    expect(await dialog.getByText('Shred applies to letters only').count()).toBe(0);
    await screenshot(page, 'mail-rules-dialog-desktop');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    const rule = page.getByTestId('mail-rule').filter({ hasText: 'Scan county letters' });
    await rule.waitFor();
    expect(await rule.textContent()).toContain('Sender contains “County Assessor” · Letter → Open & scan');
    await screenshot(page, 'mail-rules-desktop');
  });

  it('a letter logged at the store is already asked to be scanned by the rule', async () => {
    const { page } = desks.operator;
    await page.goto('/mailbox');
    await page.getByTestId('receive-mail').click();
    const dialog = page.getByTestId('receive-mail-dialog');
    await dialog.getByTestId('mailbox-picker').fill(HOLDER);
    await page.getByTestId('mailbox-option').first().click();
    await dialog.getByTestId('picked-mailbox').waitFor();
    await pickOption(page, 'receive-kind', 'Letter');
    await dialog.getByTestId('receive-sender').fill(SENDER);
    await dialog.getByTestId('receive-save-another').click();
    await dialog.getByTestId('receive-saved').waitFor();

    const inbox = desks.customer.page;
    await inbox.goto('/inbox');
    const row = inbox.getByTestId('mail-row').filter({ hasText: SENDER }).first();
    await row.waitFor();
    expect(await row.getByTestId('mail-row-rule').textContent()).toBe('Rule: Scan county letters');
    expect(await row.textContent()).toMatch(/Scan requested/i);
    await inbox.goto('/mail-rules');
    const rule = inbox.getByTestId('mail-rule').filter({ hasText: 'Scan county letters' });
    await rule.getByText('Acted on 1 item').waitFor();
  });

  it('pauses and resumes the rule, and the screen works on a phone', async () => {
    const { page } = desks.customer;
    const rule = page.getByTestId('mail-rule').filter({ hasText: 'Scan county letters' });
    await rule.getByRole('button', { name: 'Pause' }).click();
    await rule.getByText('Paused').waitFor();
    await rule.getByRole('button', { name: 'Resume' }).click();
    await rule.getByText('Active').waitFor();

    const phone = await newPage(suite.browser, PHONE);
    await login(phone.page, CUSTOMER);
    await phone.page.goto('/mail-rules');
    await phone.page.getByTestId('mail-rule').first().waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(phone.page, 'mail-rules-phone');
    await phone.context.close();
  });
});
