import { and, eq, notExists } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { invoices } from '../../billing/schema/invoices';
import { users } from '../../identity/schema/users';
import { mailboxes } from '../../mailbox/schema/mailboxes';
import { stores } from '../../mailbox/schema/stores';
import { shipmentInvoiceLines } from '../schema/shipping';
import { shipments } from '../schema/shipments';
import { addToMonthlyInvoice } from './pay-later';

let userId: string;
/** Shipments of the customer on no invoice yet: one per line added below. */
let shipmentIds: string[];

const suite = suiteApp();
beforeAll(async () => {
  const [user] = await suite.t.database.db.select().from(users).where(eq(users.email, 'user@example.com'));
  userId = user!.id;
  const free = await suite.t.database.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.userId, userId),
        notExists(
          suite.t.database.db
            .select()
            .from(shipmentInvoiceLines)
            .where(eq(shipmentInvoiceLines.shipmentId, shipments.id)),
        ),
      ),
    )
    .limit(4);
  expect(free).toHaveLength(4);
  shipmentIds = free.map((s) => s.id);
});

const label = (n: number) => ({ description: `Label PW-${n}`, quantity: 1, unitAmountCents: 100, amountCents: 100 });

async function periodOf(invoiceId: string) {
  const [row] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return {
    start: row!.periodStart!.toISOString(),
    end: row!.periodEnd!.toISOString(),
    due: row!.dueAt!.toISOString(),
  };
}

describe("the pay-later shipping invoice's month", () => {
  it("is the customer's store's month, not the UTC month", async () => {
    // 05:00 UTC on 1 December 2026 is still 30 November (21:00) in Los Angeles, the demo store's zone.
    const november = await addToMonthlyInvoice(suite.t.database.db, {
      userId,
      shipmentId: shipmentIds[0]!,
      line: label(1),
      now: new Date('2026-12-01T05:00:00Z'),
    });
    expect(await periodOf(november)).toEqual({
      start: '2026-11-01T07:00:00.000Z', // local midnight, PDT
      end: '2026-12-01T08:00:00.000Z', // local midnight, PST
      due: '2026-12-15T08:00:00.000Z', // 14 days after the month ends
    });
    // Four hours later it is 1 December there too: a new month's invoice.
    const december = await addToMonthlyInvoice(suite.t.database.db, {
      userId,
      shipmentId: shipmentIds[1]!,
      line: label(2),
      now: new Date('2026-12-01T09:00:00Z'),
    });
    expect(december).not.toBe(november);
    expect((await periodOf(december)).start).toBe('2026-12-01T08:00:00.000Z');
    // A shipment later that November evening joins November's invoice.
    const sameEvening = await addToMonthlyInvoice(suite.t.database.db, {
      userId,
      shipmentId: shipmentIds[2]!,
      line: label(3),
      now: new Date('2026-12-01T07:30:00Z'),
    });
    expect(sameEvening).toBe(november);
  });

  it("follows the store's zone when its owner sets another", async () => {
    const [box] = await suite.t.database.db.select().from(mailboxes).where(eq(mailboxes.userId, userId));
    const [store] = await suite.t.database.db.select().from(stores).where(eq(stores.id, box!.storeId));
    await suite.t.database.db.update(stores).set({ timeZone: 'Asia/Tokyo' }).where(eq(stores.id, store!.id));
    try {
      // 20:00 UTC on 30 June 2027 is already 1 July (05:00) in Tokyo.
      const july = await addToMonthlyInvoice(suite.t.database.db, {
        userId,
        shipmentId: shipmentIds[3]!,
        line: label(4),
        now: new Date('2027-06-30T20:00:00Z'),
      });
      expect(await periodOf(july)).toEqual({
        start: '2027-06-30T15:00:00.000Z',
        end: '2027-07-31T15:00:00.000Z',
        due: '2027-08-14T15:00:00.000Z',
      });
    } finally {
      await suite.t.database.db.update(stores).set({ timeZone: store!.timeZone }).where(eq(stores.id, store!.id));
    }
  });
});
