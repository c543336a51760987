import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../billing/schema/invoices';
import { mailItemFees, mailItems } from '../schema/mail';
import { notifications } from '../../platform/schema/notifications';
import { suiteApp } from '../../../test/suite-app';
import { mailContext } from './mail-context';
import { runMailJobs } from './mail-jobs';
import { FORWARD_ADDRESS, mailKit, SUPER, USER } from './mail-test-kit';
import { browserKeys, decryptPush, startFakePushService } from '../../platform/push/fake-push-service';

const suite = suiteApp(mailKit);
let box: string;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  box = await suite.kit.mailboxOf(USER);
});

async function receive(kind: string, sender: string) {
  const res = await suite.kit.receive(SUPER, box, { kind, sender, ...(kind === 'package' ? { weightLb: '3' } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; storageDailyFeeCents: number };
}

const storageRows = (id: string) =>
  suite.t.database.db
    .select()
    .from(mailItemFees)
    .where(and(eq(mailItemFees.mailItemId, id), eq(mailItemFees.kind, 'storage')));

describe('mail jobs', () => {
  it('accrues one storage fee per item per day, idempotently across runs and concurrent processes', async () => {
    const pkg = await receive('package', 'Fee Test Co');
    expect(pkg.storageDailyFeeCents).toBeGreaterThan(0);
    suite.kit.advance(5 * DAY + 3_600_000); // 2 days and 1 hour past the 3 free days: 3 fee days started
    await Promise.all([runMailJobs(mailContext(suite.t.app)), runMailJobs(mailContext(suite.t.app))]);
    await runMailJobs(mailContext(suite.t.app));
    const rows = await storageRows(pkg.id);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.feeDate)).size).toBe(3);
    const item = (await suite.kit.as(USER, 'GET', `mail-items/${pkg.id}`)).json().data;
    expect(item.freeDaysLeft).toBe(0);
    // What the item shows live equals every fee row recorded for it (storage days plus any receiving fee).
    const allRows = await suite.t.database.db.select().from(mailItemFees).where(eq(mailItemFees.mailItemId, pkg.id));
    expect(item.feeAccruedCents).toBe(allRows.reduce((sum, r) => sum + r.amountCents, 0));
  });

  it('tells the customer once, 5 days before fees start', async () => {
    const letter = await receive('letter', 'Warning Test Co');
    await runMailJobs(mailContext(suite.t.app));
    suite.kit.advance(26 * DAY);
    await runMailJobs(mailContext(suite.t.app));
    await runMailJobs(mailContext(suite.t.app));
    const sent = await suite.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.mailItemId, letter.id), eq(notifications.kind, 'fees_soon')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toBe('Storage fees start in 4 days');
  });

  it('never warns about an item with an open request, and never offers to shred a package', async () => {
    await runMailJobs(mailContext(suite.t.app)); // earlier items' notices are out of the way
    const forwarded = await receive('package', 'Forwarded Parts Co');
    const paid = await suite.kit.as(
      USER,
      'POST',
      `mail-items/${forwarded.id}/requests`,
      { type: 'forward', address: FORWARD_ADDRESS },
      {
        'idempotency-key': 'fee-notice-forward-1',
      },
    );
    expect(paid.statusCode).toBe(200);
    const kept = await receive('package', 'Kept Parts Co');
    await runMailJobs(mailContext(suite.t.app));
    const notices = (
      await suite.t.database.db.select().from(notifications).where(eq(notifications.kind, 'fees_soon'))
    ).filter((n) => n.body.includes('Parts Co'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.mailItemId).toBe(kept.id);
    expect(notices[0]!.body).not.toContain('Forwarded Parts Co');
    expect(notices[0]!.body.toLowerCase()).not.toContain('shred');
    const [row] = await suite.t.database.db.select().from(mailItems).where(eq(mailItems.id, forwarded.id));
    expect(row!.feeWarningSentAt).toBeNull();
  });

  it('sends one digest per customer per run, however many items start paying fees', async () => {
    const letters = [
      await receive('letter', 'Digest One Co'),
      await receive('letter', 'Digest Two Co'),
      await receive('letter', 'Digest Three Co'),
    ];
    const before = (await suite.t.outbox()).filter(
      (m) => m.to === USER && m.subject.startsWith('Storage fees start'),
    ).length;
    suite.kit.advance(26 * DAY);
    await runMailJobs(mailContext(suite.t.app));
    await runMailJobs(mailContext(suite.t.app));
    const notices = (await suite.t.outbox()).filter((m) => m.to === USER && m.subject.startsWith('Storage fees start'));
    expect(notices).toHaveLength(before + 1);
    const digest = notices[0]!;
    for (const sender of ['Digest One Co', 'Digest Two Co', 'Digest Three Co']) expect(digest.text).toContain(sender);
    const rows = await suite.t.database.db
      .select()
      .from(mailItems)
      .where(
        inArray(
          mailItems.id,
          letters.map((l) => l.id),
        ),
      );
    expect(rows.every((r) => r.feeWarningSentAt !== null)).toBe(true);
  });

  it('empties the trash 30 days after an item was trashed', async () => {
    const letter = await receive('letter', 'Trash Test Co');
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, { type: 'shred' })).json().data
      .request;
    await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/complete`, { confirmed: true });
    expect((await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/trash`)).statusCode).toBe(200);
    suite.kit.advance(29 * DAY);
    await runMailJobs(mailContext(suite.t.app));
    expect((await suite.kit.as(USER, 'GET', `mail-items/${letter.id}`)).statusCode).toBe(200);
    suite.kit.advance(2 * DAY);
    await runMailJobs(mailContext(suite.t.app));
    expect((await suite.kit.as(USER, 'GET', `mail-items/${letter.id}`)).statusCode).toBe(404);
    const [row] = await suite.t.database.db.select().from(mailItems).where(eq(mailItems.id, letter.id));
    expect(row!.purgedAt).not.toBeNull();
  });

  it('invoices last month’s fees once (category mail_request) and charges the default card', async () => {
    suite.kit.advance(35 * DAY); // into a later month than every fee so far
    const first = await runMailJobs(mailContext(suite.t.app));
    const second = await runMailJobs(mailContext(suite.t.app));
    const mine = first.invoices.filter((i) => i.totalCents >= 0);
    expect(mine.length).toBeGreaterThan(0);
    expect(second.invoices).toEqual([]);
    const ids = mine.map((i) => i.invoiceId);
    const rows = await suite.t.database.db.select().from(invoices).where(inArray(invoices.id, ids));
    for (const invoice of rows) {
      expect(invoice.category).toBe('mail_request');
      const fees = await suite.t.database.db.select().from(mailItemFees).where(eq(mailItemFees.invoiceId, invoice.id));
      const sum = fees.reduce((s, f) => s + f.amountCents, 0);
      const credits = invoice.lines.filter((l) => l.amountCents < 0).reduce((s, l) => s + l.amountCents, 0);
      expect(invoice.totalCents).toBe(sum + credits);
    }
    const userInvoice = first.invoices.find((i) => i.totalCents > 0);
    expect(userInvoice?.paid).toBe(true);
  });

  it('tells the customer an invoice is due when the card is declined: in the app, by e-mail and by push', async () => {
    const pushService = await startFakePushService();
    try {
      const device = browserKeys();
      const endpoint = pushService.endpoint();
      expect((await suite.kit.as(USER, 'POST', 'push-subscriptions', { endpoint, keys: device.keys })).statusCode).toBe(
        201,
      );
      // A card that attaches and is declined when charged, as the default.
      const card = { card: { number: '4000000000000341', expMonth: 12, expYear: 2034, cvc: '123' } };
      expect((await suite.kit.as(USER, 'POST', 'paymentMethods', card)).statusCode).toBe(200);
      const letter = await receive('letter', 'Unpaid Fees Co');
      suite.kit.advance(45 * DAY); // past the free days, then into the next month
      await runMailJobs(mailContext(suite.t.app));
      suite.kit.advance(31 * DAY);
      const report = await runMailJobs(mailContext(suite.t.app));
      const unpaid = report.invoices.find((i) => !i.paid);
      expect(unpaid).toBeDefined();
      expect(letter.storageDailyFeeCents).toBeGreaterThan(0);
      const [note] = await suite.t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'invoice_due')));
      expect(note).toMatchObject({ title: 'Invoice due', link: '/invoices-billing?p_s=pending' });
      expect((await suite.t.outbox()).some((m) => m.to === USER && m.subject === 'Invoice due')).toBe(true);
      // The device got every event of the run (the new letter, its fee warning) and the invoice due.
      const pushed = pushService.received.map((p) => JSON.parse(decryptPush(p.body, device)) as { kind: string });
      expect(pushed.map((p) => p.kind)).toContain('new_mail');
      expect(pushed.find((p) => p.kind === 'invoice_due')).toMatchObject({
        title: 'Invoice due',
        link: '/invoices-billing?p_s=pending',
      });
    } finally {
      await pushService.close();
    }
  });
});
