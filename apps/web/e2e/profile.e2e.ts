import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  PHONE,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  suiteBrowser,
} from './browser';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// Demo mailbox customers no other suite signs in as (one edits, one closes).
const EDITOR = 'lucas.martin@example.com';
const CLOSER = 'mia.johnson@example.com';

describe('profile and account settings', () => {
  const suite = suiteBrowser();
  it('edits the profile: a name change sends the mailbox application back for review with a notice', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, EDITOR);
    await page.getByTestId('profile-link').click();
    await page.waitForURL('**/profile');
    const address = page.getByTestId('mailbox-address');
    await address.waitFor();
    expect(await address.innerText()).toMatch(/PMB \d+/);
    expect(await address.innerText()).not.toMatch(/PO Box/i);
    await expect.poll(() => page.getByTestId('review-notice').count()).toBe(0);
    await screenshot(page, 'profile-desktop', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The onboarding rule and message for an empty name.
    const firstName = page.getByLabel('First Name', { exact: true });
    await firstName.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('First Name is required').waitFor();

    await firstName.fill('Lucas');
    await page.getByLabel('Last Name', { exact: true }).fill('Martin-Reyes');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const notice = page.getByTestId('review-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Your mailbox application was sent back for review.');
    expect(await page.getByTestId('user-name').innerText()).toBe('Lucas D Martin-Reyes');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'profile-re-review-desktop');

    // A reload shows the same: the application waits for review.
    await page.reload();
    await page.getByTestId('review-notice').waitFor();
    expect(await page.getByTestId('review-notice').innerText()).toContain('under review');
    expect(await page.getByLabel('Last Name', { exact: true }).inputValue()).toBe('Martin-Reyes');

    // Replacing an ID: the new file is checked by content and waits for review.
    const photo = page.getByTestId('document-photoId');
    expect(await photo.innerText()).toContain('Not uploaded');
    await page
      .getByTestId('document-input-photoId')
      .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Photo ID replaced').waitFor();
    await expect.poll(() => photo.innerText()).toContain('Pending');
    await context.close();
  });

  it('shows the profile on a phone', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, EDITOR);
    await page.goto('/profile');
    await page.getByTestId('mailbox-address').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'profile-phone', { fullPage: true });
    await context.close();
  });

  it('saves a notification preference', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, EDITOR);
    await page.getByRole('link', { name: 'Account Settings' }).first().click();
    await page.waitForURL('**/account-settings');
    const box = page.getByTestId('pref-email-new_mail');
    await box.waitFor();
    expect(await box.getAttribute('data-state')).toBe('checked');
    await box.click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Notification preferences saved').waitFor();
    await page.reload();
    await page.getByTestId('pref-email-new_mail').waitFor();
    expect(await page.getByTestId('pref-email-new_mail').getAttribute('data-state')).toBe('unchecked');
    expect(await page.getByTestId('pref-inApp-new_mail').getAttribute('data-state')).toBe('checked');
    await screenshot(page, 'account-settings-desktop', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it('shows a shipping customer their default sender and no mailbox on the profile', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'shipper@example.com');
    await page.goto('/account-settings');
    const sender = page.getByTestId('default-sender');
    await sender.waitFor();
    expect((await sender.innerText()).length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Change password' }).last().click();
    await page.waitForURL('**/change-password');
    await page.goto('/profile');
    await page.getByLabel('First Name', { exact: true }).waitFor();
    expect(await page.getByTestId('mailbox-address').count()).toBe(0);
    expect(await page.getByText('ID documents').count()).toBe(0);
    await screenshot(page, 'profile-shipper-desktop');
    await context.close();
  });

  it('downloads the export and closes the account, then cannot sign in again', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, CLOSER);
    await page.goto('/account-settings');
    const consequences = page.getByTestId('close-consequences');
    await consequences.waitFor();
    expect(await consequences.innerText()).toContain('returned to sender');
    expect(await consequences.innerText()).toContain('Invoices still open stay due');
    await screenshot(page, 'account-settings-phone', { fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (.zip)' }).click(),
    ]);
    const file = await download.path();
    const files = unzipSync(new Uint8Array(readFileSync(file)));
    const data = JSON.parse(strFromU8(files['account.json']!));
    expect(data.account.email).toBe(CLOSER);
    expect(data.account.passwordHash).toBeUndefined();

    await page.getByRole('button', { name: 'Close my account' }).click();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Confirm with your password').fill('wrong-password');
    await page.getByRole('button', { name: 'Close my account' }).click();
    await page.getByText('Password is incorrect').waitFor();
    await page.getByLabel('Confirm with your password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Close my account' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your account is closed.').waitFor();

    await page.getByTestId('login-email').fill(CLOSER);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page
      .getByText(/inactive/i)
      .first()
      .waitFor();
    expect(page.url()).toContain('/login');
    await context.close();
  });
});
