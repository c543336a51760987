import { describe, expect, it } from 'vitest';
import {
  PHONE,
  expectNoSeriousA11yViolations,
  newPage,
  screenshot,
  loginPastInvoiceAlert,
  suiteBrowser,
} from './browser';

const CSV = [
  'name,companyName,line1,line2,city,state,zipCode,country,phone,email',
  'Imported Iris,Iris Florals,12 Rose Ave,,Pasadena,CA,91101,US,6265550110,iris@example.com',
  'Imported Ivan,,9 Birch Rd,,Boise,,83702,US,,',
  'Imported Ida,,77 Lake St,Apt 2,Chicago,IL,60601,US,,',
].join('\n');

describe('address import', () => {
  const suite = suiteBrowser();
  it('a shipper downloads the template, imports a CSV, sees the refused row with its message and finds the others', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await page.goto('/address-list');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import addresses' });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'address-import-dialog-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('address-import-template.csv');

    await page.getByTestId('address-import-file').setInputFiles({
      name: 'my-book.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    expect(await page.getByTestId('address-import-file-name').textContent()).toBe('my-book.csv');
    await dialog.getByRole('button', { name: 'Import' }).click();

    const result = page.getByTestId('address-import-result');
    await result.waitFor();
    expect(await result.getByRole('status').textContent()).toContain('2 of 3 addresses imported.');
    const refused = page.getByTestId('address-import-failed-row');
    expect(await refused.count()).toBe(1);
    expect(await refused.first().textContent()).toBe('3Imported IvanState is required');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'address-import-result-1280');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('Imported');
    await expect
      .poll(async () => (await page.getByRole('table', { name: 'Addresses' }).textContent()) ?? '', { timeout: 15_000 })
      .toContain('Imported Ida');
    const table = (await page.getByRole('table', { name: 'Addresses' }).textContent()) ?? '';
    expect(table).toContain('Imported Iris');
    expect(table).not.toContain('Imported Ivan');

    // Deleting one asks first, names it, and Cancel keeps it.
    const addresses = page.getByRole('table', { name: 'Addresses' });
    await addresses.getByRole('button', { name: 'Delete Imported Iris' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Imported Iris');
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await addresses.textContent()).toContain('Imported Iris');
    await addresses.getByRole('button', { name: 'Delete Imported Iris' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Address deleted').waitFor();
    await expect
      .poll(async () => (await addresses.textContent()) ?? '', { timeout: 15_000 })
      .not.toContain('Imported Iris');
    expect(await addresses.textContent()).toContain('Imported Ida');
    await context.close();
  });

  it('at 375 px: the dialog fills the screen and a file without a required column is refused with the reason', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await page.goto('/address-list');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import addresses' });
    await dialog.waitFor();
    await screenshot(page, 'address-import-dialog-375');
    await page.getByTestId('address-import-file').setInputFiles({
      name: 'no-city.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,line1,zipCode,country\nA,1 Main St,78702,US\n'),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('The CSV has no city column (download the template)');
    await screenshot(page, 'address-import-refused-375');
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(PHONE.width);
    await context.close();
  });
});
