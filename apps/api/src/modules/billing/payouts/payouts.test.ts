import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../identity/schema/audit-log';
import { invoices } from '../schema/invoices';
import { payoutLines, payouts } from '../schema/payouts';
import { plans } from '../schema/plans';
import { transactions } from '../schema/transactions';
import { users } from '../../identity/schema/users';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';
import { closePeriodFor, ledgerFor, runPayoutJob } from './compute';

const SUB = 'subadmin@example.com';
const OTHER_SUB = 'reseller@example.com';
const SA = 'superadmin@example.com';
const CUSTOMER = 'ava.nguyen@example.com';

const suite = suiteApp(adminKit);

type Payout = { id: string; status: string; periodStart: string; payoutCents: number; subAdmin: { email: string } };
const list = async (email: string | null, query = '') => suite.kit.as(email, 'GET', `/api/v1/payouts${query}`);

describe('payouts API', () => {
  it('a sub-admin lists their own payouts (seeded: one paid, one pending), paged; another sub-admin sees none of them', async () => {
    const own = (await list(SUB, '?pageNo=1&pageSize=10')).json();
    expect(own).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 10, total: 2 });
    expect(own.items.map((p: Payout) => p.status).sort()).toEqual(['paid', 'pending']);
    expect(own.items.every((p: Payout) => p.subAdmin.email === SUB)).toBe(true);
    const other = (await list(OTHER_SUB)).json();
    expect(other.items.some((p: Payout) => p.subAdmin.email === SUB)).toBe(false);
    const id = own.items[0].id as string;
    for (const suffix of ['', '/lines', '/csv', '/pdf']) {
      expect((await suite.kit.as(OTHER_SUB, 'GET', `/api/v1/payouts/${id}${suffix}`)).statusCode).toBe(404);
    }
  });

  it('401 without a session, 403 for a customer, 422 for a malformed id or period', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(CUSTOMER)).statusCode).toBe(403);
    expect((await suite.kit.as(SUB, 'GET', '/api/v1/payouts/not-a-uuid')).statusCode).toBe(422);
    const bad = await list(SA, '?period=2026-13');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Period must be a month, e.g. 2026-10.');
    expect((await suite.kit.as(null, 'GET', '/api/v1/plan-usage')).statusCode).toBe(401);
    expect((await suite.kit.as(CUSTOMER, 'GET', '/api/v1/dashboard/sub-admin')).statusCode).toBe(403);
  });

  it('the super admin sees every payout and filters by sub-admin, status and period', async () => {
    const subId = await suite.kit.idOf(SUB);
    const all = (await list(SA, '?pageSize=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    const mine = (await list(SA, `?subAdminId=${subId}&status=paid`)).json();
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ status: 'paid', reference: 'ACH-DEMO-0001', subAdmin: { email: SUB } });
    const period = mine.items[0].periodStart.slice(0, 7);
    expect((await list(SA, `?period=${period}&subAdminId=${subId}`)).json().total).toBe(1);
  });

  it('statement lines, CSV and PDF for the owner', async () => {
    const payout = (await list(SUB, '?status=pending')).json().items[0] as Payout;
    // The statement's exact terms, as the page prints them (fees and share in 1/10,000 cent).
    expect(payout).toMatchObject({ providerFeeMicro: expect.any(Number), platformShareMicro: expect.any(Number) });
    const lines = await suite.kit.as(SUB, 'GET', `/api/v1/payouts/${payout.id}/lines`);
    expect(lines.statusCode).toBe(200);
    expect(Array.isArray(lines.json().data)).toBe(true);
    const csv = await suite.kit.as(SUB, 'GET', `/api/v1/payouts/${payout.id}/csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`payout-${payout.periodStart.slice(0, 7)}.csv`);
    expect(csv.body.split('\n')[0]).toBe(
      'period_start,period_end,category,description,invoice_id,transaction_id,date,amount_usd',
    );
    expect(csv.body).toContain(`summary,Payout,,,,${payout.payoutCents / 100}`);
    // Amounts are plain numbers (a spreadsheet sums them): the lines and the carried terms add up to the payout.
    const rows = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((r) => r.split(','));
    const amounts = rows.map((r) => r.at(-1)!);
    expect(amounts.every((a) => /^-?\d+(\.\d+)?$/.test(a))).toBe(true);
    const lineSum = rows
      .filter((r) => r[2] !== 'summary' || r[3]!.startsWith('Carried'))
      .reduce((sum, r) => sum + Math.round(Number(r.at(-1)) * 1_000_000), 0);
    expect(lineSum).toBe(payout.payoutCents * 10_000);
    const pdf = await suite.kit.as(SUB, 'GET', `/api/v1/payouts/${payout.id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('approve then mark paid: super admin only, a reference required, audited, and a paid statement is final', async () => {
    const payout = (await list(SUB, '?status=pending')).json().items[0] as Payout;
    const url = `/api/v1/payouts/${payout.id}`;
    expect((await suite.kit.as(SUB, 'POST', `${url}/approve`)).statusCode).toBe(403);
    expect((await suite.kit.as(SA, 'POST', `${url}/paid`, { reference: 'X' })).statusCode).toBe(409);
    const approved = await suite.kit.as(SA, 'POST', `${url}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    expect((await suite.kit.as(SA, 'POST', `${url}/approve`)).statusCode).toBe(409);
    const missing = await suite.kit.as(SA, 'POST', `${url}/paid`, { reference: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Payment reference is required.');
    const paid = await suite.kit.as(SA, 'POST', `${url}/paid`, { reference: 'ACH-4242' });
    expect(paid.json().data).toMatchObject({ status: 'paid', reference: 'ACH-4242' });
    expect((await suite.kit.as(SA, 'POST', `${url}/paid`, { reference: 'again' })).statusCode).toBe(409);
    const audit = await suite.t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, payout.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['payout.approve', 'payout.paid']);
  });
});

describe('payout job', () => {
  it('is idempotent: a second run for the same period writes nothing and changes nothing', async () => {
    const db = suite.t.database.db;
    const subAdmins = await db.select().from(users).where(eq(users.roleCode, 'SUB_ADMIN'));
    const first = await runPayoutJob(db, suite.t.app.payments);
    // The seed closed last month for subadmin@example.com already; every other sub-admin gets theirs now.
    expect(first.written).toBe(subAdmins.length - 1);
    const after = await db.select().from(payouts);
    const second = await runPayoutJob(db, suite.t.app.payments);
    expect(second.written).toBe(0);
    expect(await db.select().from(payouts)).toEqual(after);
  });

  it('reads the ledger; a refund after close lowers the next period and never rewrites the closed one', async () => {
    const db = suite.t.database.db;
    const subId = await suite.kit.idOf(SUB);
    const [customer] = await db.select().from(users).where(eq(users.email, CUSTOMER));
    const [invoice] = await db
      .insert(invoices)
      .values({
        number: 'INV-PAYOUT-1',
        userId: customer!.id,
        issuerUserId: subId,
        category: 'subscription',
        lines: [{ description: 'Mailbox plan', quantity: 1, unitAmountCents: 10_000, amountCents: 10_000 }],
        subtotalCents: 10_000,
        totalCents: 10_000,
        status: 'paid',
        paidAt: new Date('2025-01-10T10:00:00Z'),
        createdAt: new Date('2025-01-10T10:00:00Z'),
      })
      .returning();
    const [charge] = await db
      .insert(transactions)
      .values({
        invoiceId: invoice!.id,
        userId: customer!.id,
        amountCents: 10_000,
        status: 'succeeded',
        description: 'Mailbox plan',
        provider: 'sandbox',
        requestKey: 'payout-test-charge',
        idempotencyKey: 'payout-test-charge-1',
        providerChargeId: 'pi_payout_test',
        // What the provider kept, as the payout job records it before closing (the sandbox: 2.9% + 30¢).
        providerFeeCents: 320,
        createdAt: new Date('2025-01-10T10:00:00Z'),
      })
      .returning();

    expect(await closePeriodFor(db, subId, '2025-01-01', '2025-01-31')).toBe(true);
    expect(await closePeriodFor(db, subId, '2025-01-01', '2025-01-31')).toBe(false);
    const [jan] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.subAdminUserId, subId), eq(payouts.periodStart, '2025-01-01')));
    // $100.00 − fee $3.20 = $96.80; share 20% (Reseller Growth default) $19.36 → $77.44
    expect(jan).toMatchObject({ grossCents: 10_000, refundCents: 0, payoutCents: 7744, carryOutMicro: 0 });
    const janLines = await db.select().from(payoutLines).where(eq(payoutLines.payoutId, jan!.id));
    expect(janLines.find((l) => l.category === 'subscription')).toMatchObject({
      invoiceId: invoice!.id,
      transactionId: charge!.id,
      amountMicro: 10_000 * 10_000,
    });

    // Refunded in February, after January closed.
    const [refund] = await db
      .insert(transactions)
      .values({
        invoiceId: invoice!.id,
        userId: customer!.id,
        amountCents: 2500,
        kind: 'refund',
        status: 'succeeded',
        description: 'Refund',
        provider: 'sandbox',
        requestKey: 'payout-test-refund',
        idempotencyKey: 'payout-test-refund-1',
        createdAt: new Date('2025-02-03T10:00:00Z'),
      })
      .returning();
    expect(await closePeriodFor(db, subId, '2025-02-01', '2025-02-28')).toBe(true);
    const [janAgain] = await db.select().from(payouts).where(eq(payouts.id, jan!.id));
    expect(janAgain).toEqual(jan);
    const [feb] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.subAdminUserId, subId), eq(payouts.periodStart, '2025-02-01')));
    expect(feb).toMatchObject({ grossCents: 0, refundCents: 2500, payoutCents: 0, carryOutMicro: -2500 * 10_000 });
    const febLines = await db.select().from(payoutLines).where(eq(payoutLines.payoutId, feb!.id));
    expect(febLines).toHaveLength(1);
    expect(febLines[0]).toMatchObject({ category: 'refund', transactionId: refund!.id, amountMicro: -2500 * 10_000 });
  });
});

describe('payout ledger: shipping margin', () => {
  it('counts the margin recorded on each label line of a pay-later month invoice, voided labels left out', async () => {
    const db = suite.t.database.db;
    const subId = await suite.kit.idOf(SUB);
    const [customer] = await db.select().from(users).where(eq(users.email, CUSTOMER));
    const line = (description: string, amountCents: number, marginCents: number, voided = false) => ({
      description,
      quantity: 1,
      unitAmountCents: amountCents,
      amountCents,
      marginCents,
      ...(voided ? { voided: true } : {}),
    });
    const [invoice] = await db
      .insert(invoices)
      .values({
        number: 'INV-PAYOUT-SHIP',
        userId: customer!.id,
        issuerUserId: subId,
        category: 'shipment',
        lines: [
          line('Shipment PAYOUT-S1: USPS Ground to B, tracking 1', 1200, 300),
          line('Shipment PAYOUT-S2: USPS Ground to B, tracking 2', 1100, 400),
          line('Shipment PAYOUT-S3: USPS Ground to B, tracking 3', 5000, 2000, true),
        ],
        subtotalCents: 7300,
        totalCents: 7300,
        status: 'paid',
        paidAt: new Date('2024-06-30T10:00:00Z'),
        createdAt: new Date('2024-06-01T10:00:00Z'),
      })
      .returning();
    const ledger = await ledgerFor(db, subId, '2024-06-01', '2024-06-30');
    const entry = ledger.find((e) => e.invoiceId === invoice!.id);
    // (12.00 − 9.00) + (11.00 − 7.00); the voided label's margin is not income.
    expect(entry).toMatchObject({ category: 'shipping_margin', amountCents: 700 });
  });
});

describe('plan limits', () => {
  it("GET plan-usage answers the sub-admin's limits and usage", async () => {
    const res = (await suite.kit.as(SUB, 'GET', '/api/v1/plan-usage')).json();
    expect(res.data).toMatchObject({ planName: 'Reseller Growth', storesLimit: 3, storesUsed: 2 });
    expect(res.data.mailboxesLimit).toBe(400);
  });

  it('a sub-admin at their store limit is refused a new store (409, with the upgrade message)', async () => {
    await suite.kit.unlock(OTHER_SUB);
    const usage = (await suite.kit.as(OTHER_SUB, 'GET', '/api/v1/plan-usage')).json().data;
    expect(usage).toMatchObject({ storesLimit: 1, storesUsed: 1 });
    const res = await suite.kit.as(OTHER_SUB, 'POST', '/api/v1/stores', {
      name: 'Second store',
      address1: '1 Main St',
      address2: '',
      city: 'Los Angeles',
      state: 'California',
      zip: '90001',
      country: 'United States',
      phone: '2135550199',
      hours: '',
      pmbPrefix: 'PMB',
      nextPmbNumber: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your plan allows 1 store. Upgrade your plan to add another store.');
  });

  it("approving a mailbox beyond the plan's numberOfMailboxes is refused (409) and opens nothing", async () => {
    const db = suite.t.database.db;
    const used = (await suite.kit.as(SUB, 'GET', '/api/v1/plan-usage')).json().data.mailboxesUsed as number;
    await db.update(plans).set({ numberOfMailboxes: used }).where(eq(plans.name, 'Reseller Growth'));
    const applicant = await suite.kit.idOf('emma.rodriguez@example.com');
    const res = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${applicant}/approve`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Your plan allows ${used} ${used === 1 ? 'mailbox' : 'mailboxes'}. Upgrade your plan to approve another mailbox.`,
    );
    expect((await suite.kit.as(SUB, 'GET', '/api/v1/plan-usage')).json().data.mailboxesUsed).toBe(used);
    await db.update(plans).set({ numberOfMailboxes: 400 }).where(eq(plans.name, 'Reseller Growth'));
  });

  it('the sub-admin dashboard answers live figures', async () => {
    const res = await suite.kit.as(SUB, 'GET', '/api/v1/dashboard/sub-admin');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.customers).toBeGreaterThan(0);
    expect(data.planUsage).toMatchObject({ storesLimit: 3 });
    expect(typeof data.payoutSoFar.payoutCents).toBe('number');
  });

  it('two sub-admins asking at once each get their own figures (one computation per sub-admin, never shared)', async () => {
    const alone = {
      [SUB]: (await suite.kit.as(SUB, 'GET', '/api/v1/dashboard/sub-admin')).json().data,
      [OTHER_SUB]: (await suite.kit.as(OTHER_SUB, 'GET', '/api/v1/dashboard/sub-admin')).json().data,
    };
    const own = async (email: string) => {
      const [row] = await suite.t.database.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.parentUserId, await suite.kit.idOf(email)), eq(users.roleCode, 'USER')));
      return Number(row?.n ?? 0);
    };
    expect(alone[SUB].customers).toBe(await own(SUB));
    expect(alone[OTHER_SUB].customers).toBe(await own(OTHER_SUB));
    expect(alone[SUB].customers).not.toBe(alone[OTHER_SUB].customers);
    const together = await Promise.all(
      [SUB, OTHER_SUB, SUB, OTHER_SUB].map((email) => suite.kit.as(email, 'GET', '/api/v1/dashboard/sub-admin')),
    );
    expect(together.map((res) => res.json().data)).toEqual([
      alone[SUB],
      alone[OTHER_SUB],
      alone[SUB],
      alone[OTHER_SUB],
    ]);
  });
});
