import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../platform/schema/notifications';
import { shipmentEvents, shipments } from '../schema/shipments';
import { addCard, apiCaller, buyCheapest, DEMO_RECEIVER } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';
import { runTrackingRefresh, type TrackingContext } from './tracking-job';

let shipper: string;
let ctx: TrackingContext;

const suite = suiteApp();
beforeAll(async () => {
  shipper = await suite.t.login('shipper@example.com');
  await addCard(suite.t, shipper);
  ctx = {
    db: suite.t.database.db,
    carriers: suite.t.app.carriers,
    now: suite.t.clock.now,
    log: suite.t.app.log,
    emails: suite.t.app.emails,
    publicUrl: 'http://postwise.test',
  };
});

const DAY = 86_400_000;

/** The runner's tick (queues a tracking job per due shipment), then the queue runs those jobs. */
async function refresh(): Promise<number> {
  const { queued } = await runTrackingRefresh(ctx);
  await suite.t.drainJobs();
  return queued;
}

async function statusOf(id: string) {
  const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, id));
  return row!.status;
}

describe('tracking refresh job', () => {
  it('moves a shipment along its lifecycle, stores each event once, and e-mails the delivery', async () => {
    const bought = await buyCheapest(suite.t, shipper);
    expect(await refresh()).toBeGreaterThanOrEqual(1);
    const events = () => suite.t.database.db.$count(shipmentEvents, eq(shipmentEvents.shipmentId, bought.id));
    expect(await events()).toBe(1);
    // Running again at once finds nothing due and changes nothing.
    expect(await refresh()).toBe(0);

    suite.t.clock.advance(DAY);
    await suite.t.database.db
      .update(shipments)
      .set({ nextTrackingAt: suite.t.clock.now() })
      .where(eq(shipments.id, bought.id));
    expect(await statusOf(bought.id)).toBe('label_created');
    await refresh();
    expect(await statusOf(bought.id)).toBe('in_transit');
    const afterMoving = await events();
    expect(afterMoving).toBeGreaterThan(1);

    suite.t.clock.advance(10 * DAY);
    await suite.t.database.db
      .update(shipments)
      .set({ nextTrackingAt: suite.t.clock.now() })
      .where(eq(shipments.id, bought.id));
    await refresh();
    const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, bought.id));
    expect(row).toMatchObject({ status: 'delivered', nextTrackingAt: null });
    const mail = (await suite.t.outbox()).find((m) => m.subject === `Shipment ${bought.uniqueId}: Delivered`);
    expect(mail?.to).toBe('shipper@example.com');
    expect(mail?.html).toContain(`/public/track?t_n=${bought.uniqueId}`);

    // The public page shows the normalized events of the real shipment.
    const track = await apiCaller(suite.t)('GET', `/shipments/track/public?trackingNumber=${bought.uniqueId}`);
    expect(track.json().data.tracking.details.scanEvents.length).toBe(await events());
  });

  it('e-mails a delivery exception', async () => {
    // The clock moved past the session's life in the test above.
    shipper = await suite.t.login('shipper@example.com');
    const bought = await buyCheapest(suite.t, shipper, { receiver: { ...DEMO_RECEIVER, line1: 'Undeliverable Rd 1' } });
    suite.t.clock.advance(15 * DAY);
    await suite.t.database.db
      .update(shipments)
      .set({ nextTrackingAt: suite.t.clock.now() })
      .where(eq(shipments.id, bought.id));
    await refresh();
    expect(await statusOf(bought.id)).toBe('exception');
    expect((await suite.t.outbox()).some((m) => m.subject === `Shipment ${bought.uniqueId}: Exception`)).toBe(true);
  });

  it('notifies the owner in the app on out for delivery, delivered and exception, pushed to the open browser', async () => {
    shipper = await suite.t.login('shipper@example.com');
    const bought = await buyCheapest(suite.t, shipper);
    const [owner] = await suite.t.database.db
      .select({ userId: shipments.userId })
      .from(shipments)
      .where(eq(shipments.id, bought.id));
    const pushed: string[] = [];
    const stop = suite.t.app.notificationHub.subscribe(owner!.userId!, (e) => {
      if (e.type === 'notification' && e.notification) pushed.push(e.notification.title);
    });
    const mine = () =>
      suite.t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner!.userId!), eq(notifications.kind, 'shipment_update')));
    const before = (await mine()).length;
    suite.t.clock.advance(15 * DAY);
    await suite.t.database.db
      .update(shipments)
      .set({ nextTrackingAt: suite.t.clock.now() })
      .where(eq(shipments.id, bought.id));
    await refresh();
    expect(await statusOf(bought.id)).toBe('delivered');
    const rows = await mine();
    expect(rows.length).toBe(before + 1);
    const row = rows.find((r) => r.link === `/shipments/${bought.id}/full`);
    expect(row).toMatchObject({ title: 'Shipment delivered', readAt: null });
    expect(row?.body).toContain(bought.uniqueId);
    stop();
    expect(pushed).toContain('Shipment delivered');

    // The owner sees it in the bell's list; another customer does not.
    shipper = await suite.t.login('shipper@example.com');
    const other = await suite.t.login('user@example.com');
    const list = await apiCaller(suite.t)('GET', '/notifications', shipper);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.some((n: { id: string }) => n.id === row?.id)).toBe(true);
    expect(list.json().unreadCount).toBeGreaterThanOrEqual(1);
    const theirs = await apiCaller(suite.t)('GET', '/notifications', other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().items.some((n: { id: string }) => n.id === row?.id)).toBe(false);

    // Running again (nothing due, status unchanged) adds no duplicate.
    await refresh();
    expect((await mine()).length).toBe(before + 1);
  });
});
