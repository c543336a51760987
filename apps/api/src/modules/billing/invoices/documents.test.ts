import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { addCard, apiCaller } from '../../../test/shipping-kit';
import { users } from '../../identity/schema/users';
import { stores } from '../../mailbox/schema/stores';
import { insertInvoice, invoiceLine } from './invoice-records';
import { renderInvoicePdf } from './invoice-pdf';

/** Invoices are documents a business can send: issued by a business, billed to the company, paid or overdue. */
describe('invoice documents', () => {
  const call = () => apiCaller(suite.t);

  const suite = suiteApp();

  it('a purchase is issued by the store that sells it (name, address, support e-mail), never a staff member', async () => {
    const token = await suite.t.login('user@example.com');
    await addCard(suite.t, token);
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.email, 'user@example.com'));
    // A business mailbox: the document names the company.
    await suite.t.database.db
      .update(users)
      .set({
        mailboxType: 'business',
        business: {
          name: 'Lee Imports LLC',
          type: 'LLC',
          registrationPlace: 'Texas',
          phone: '5125550100',
          address1: '500 Congress Ave',
          city: 'Austin',
          state: 'TX',
          country: 'United States',
          zip: '78701',
          mailboxName: 'Lee Imports',
        },
      })
      .where(eq(users.id, user!.id));
    const plans = await call()('GET', '/plans?validity=topup', token);
    const bought = await call()(
      'POST',
      '/subscriptions',
      token,
      { plan: plans.json().items[0].id, user: user!.id },
      { 'idempotency-key': 'document-topup-1' },
    );
    expect(bought.statusCode).toBe(200);
    const invoiceId = bought.json().data.invoice.id as string;
    const detail = (await call()('GET', `/invoices/${invoiceId}`, token)).json().data;

    const issuerStores = await suite.t.database.db.select().from(stores);
    expect(issuerStores.map((s) => s.name).concat('Postwise')).toContain(detail.issuedBy.name);
    expect(detail.issuedBy.email).toBe(suite.t.config.mail.supportEmail);
    expect(detail.issuedBy.addressLines.length).toBeGreaterThan(0);
    const staff = await suite.t.database.db.select({ email: users.email, name: users.fullName }).from(users);
    const staffEmails = staff.map((s) => s.email);
    expect(staffEmails).not.toContain(detail.issuedBy.email);
    expect(detail.billedTo).toMatchObject({ company: 'Lee Imports LLC', email: 'user@example.com' });
    expect(detail.billedTo.addressLines).toContain('500 Congress Ave');
    expect(detail.payment).toMatchObject({ method: 'Visa •••• 4242' });
    expect(detail.overdue).toBe(false);
    // Lines keep what the ledger records for itself (margins) out of the payer's view.
    expect(Object.keys(detail.lines[0]).sort()).toEqual(['amountCents', 'description', 'quantity', 'unitAmountCents']);

    const pdf = await call()('GET', `/invoices/${invoiceId}/pdf`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('an open invoice past its due date is Overdue in the list and the detail', async () => {
    const token = await suite.t.login('user@example.com');
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.email, 'user@example.com'));
    const now = suite.t.clock.now();
    const late = await insertInvoice(suite.t.database.db, {
      userId: user!.id,
      issuerUserId: null,
      category: 'mail_request',
      lines: [invoiceLine('Storage, M-1000007, 12 days × $1.00', 100, 12)],
      currency: 'usd',
      status: 'open',
      dueAt: new Date(now.getTime() - 86_400_000),
    });
    const due = await insertInvoice(suite.t.database.db, {
      userId: user!.id,
      issuerUserId: null,
      category: 'mail_request',
      lines: [invoiceLine('Storage, M-1000008, 2 days × $1.00', 100, 2)],
      currency: 'usd',
      status: 'open',
      dueAt: new Date(now.getTime() + 86_400_000),
    });
    const list = (await call()('GET', '/invoices?status=pending&pageSize=50', token)).json().items as {
      id: string;
      overdue: boolean;
    }[];
    expect(list.find((i) => i.id === late.id)?.overdue).toBe(true);
    expect(list.find((i) => i.id === due.id)?.overdue).toBe(false);
    const detail = (await call()('GET', `/invoices/${late.id}`, token)).json().data;
    expect(detail).toMatchObject({
      overdue: true,
      payment: null,
      issuedBy: { email: suite.t.config.mail.supportEmail },
    });
    expect(detail.lines[0]).toMatchObject({ quantity: 12, unitAmountCents: 100, amountCents: 1200 });
    const pdf = await renderInvoicePdf(detail, []);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
