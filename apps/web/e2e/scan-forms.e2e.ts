import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  PHONE,
  baseURL,
  expectNoSeriousA11yViolations,
  newPage,
  screenshot,
  loginPastInvoiceAlert,
  suiteBrowser,
} from './browser';

/** pdfkit writes text as hex strings of its codes: a text is on a page when its hex is in the file. */
const pdfHas = (pdf: Buffer, text: string) =>
  pdf.toString('latin1').toLowerCase().includes(Buffer.from(text, 'latin1').toString('hex'));

async function api<T>(path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseURL()}/api/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'x-access-Token': token } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { isSuccess: boolean; data: T; message?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message}`);
  return json.data;
}

/** A from address of this run's own: the demo shipper has labels of today from its usual addresses. */
const SENDER = {
  name: 'Sofia Ramirez',
  companyName: 'Manifest Test Co',
  line1: `${(Date.now() % 9000) + 100} Manifest Way`,
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90021',
  country: 'US',
};

/** Seeds through the API: two sandbox USPS labels from SENDER, paid with a card. */
async function buyTwoUspsLabels(): Promise<string[]> {
  const { accessToken } = await api<{ accessToken: string }>('auths/login', null, {
    email: 'shipper@example.com',
    password: DEMO_PASSWORD,
  });
  await api('paymentMethods', accessToken, {
    card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  const numbers: string[] = [];
  for (const i of [1, 2]) {
    const quote = await api<{ rates: { id: string; carrier: string }[] }>('shipments/quotes', accessToken, {
      sender: SENDER,
      receiver: {
        name: `Receiver ${i}`,
        line1: '2207 E Cesar Chavez St',
        city: 'Austin',
        state: 'TX',
        zipCode: '78702',
        country: 'US',
      },
      packages: [
        {
          packageType: 'Box',
          dimension: { unit: 'in', length: 10, width: 8, height: 4 },
          weight: 2,
          weightUnits: 'lb',
        },
      ],
    });
    const usps = quote.rates.find((r) => r.carrier === 'USPS')!;
    const bought = await api<{ trackingNumber: string }>(
      'shipments',
      accessToken,
      { rateId: usps.id, payment: 'card' },
      { 'idempotency-key': `e2e-scan-${Date.now()}-${i}` },
    );
    numbers.push(bought.trackingNumber);
  }
  return numbers;
}

describe('SCAN forms', () => {
  const suite = suiteBrowser();
  it("a shipper makes today's SCAN form of two USPS labels from one address and downloads it", async () => {
    const numbers = await buyTwoUspsLabels();
    const { context, page } = await newPage(suite.browser);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await page.goto('/shipments');
    await page.getByRole('link', { name: 'SCAN forms' }).click();
    await page.waitForURL('**/shipments/scan-forms');

    const group = page.getByTestId('scan-form-group').filter({ hasText: SENDER.line1 });
    await group.waitFor({ timeout: 15_000 });
    expect(await group.textContent()).toContain('2 labels · 2 packages');
    await screenshot(page, 'scan-forms-1280', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await group.getByRole('button', { name: 'Create SCAN form' }).click();
    await page.getByText('SCAN form created for 2 packages').waitFor({ timeout: 15_000 });
    await group.waitFor({ state: 'detached', timeout: 15_000 });

    const row = page.getByRole('row').filter({ hasText: SENDER.line1 });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('2 packages');
    await screenshot(page, 'scan-forms-created-1280', { fullPage: true });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Download the SCAN form/ }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^scan-form-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/);
    const pdf = readFileSync(await file.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfHas(pdf, 'SAMPLE')).toBe(true);
    for (const n of numbers) expect(pdfHas(pdf, n)).toBe(true);
    await context.close();
  });

  it('fits a phone (375 px): the waiting labels, the date and the forms with their download', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await loginPastInvoiceAlert(page, 'shipper@example.com');
    await page.goto('/shipments/scan-forms');
    await page.getByRole('heading', { name: 'Created SCAN forms' }).waitFor({ timeout: 15_000 });
    await page
      .getByRole('button', { name: /Download the SCAN form/ })
      .first()
      .waitFor({ timeout: 15_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'scan-forms-375', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
