import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCard, apiCaller, buyCheapest, DEMO_SENDER } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';
import { shipmentEvents, shipments } from '../schema/shipments';
import { runTrackingRefresh } from './tracking-job';

let shipper: string;
let superAdmin: string;

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  shipper = await suite.t.login('shipper@example.com');
  superAdmin = await suite.t.login('superadmin@example.com');
  await addCard(suite.t, shipper);
});
afterEach(() => vi.restoreAllMocks());

const DAY = 86_400_000;
const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });

/** The queue's jobs of one kind, as the database holds them (state, attempts, what the last run recorded). */
async function jobsOf(name: string) {
  const result = await suite.t.database.db.execute(
    sql`select id, state, retry_count as "retryCount", output, data from pgboss.job where name = ${name}`,
  );
  return (
    result as unknown as {
      rows: { id: string; state: string; retryCount: number; output: unknown; data: Record<string, unknown> }[];
    }
  ).rows;
}

/** As if the back-off of a queue's waiting retries had passed. */
async function retryNow(name: string) {
  await suite.t.database.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${name} and state = 'retry'`,
  );
}

/** The super admin's Jobs page: the jobs of a queue in a state, with their summaries. */
async function jobsPage(queue: string, state: string) {
  // The tests move the clock past a session's life.
  superAdmin = await suite.t.login('superadmin@example.com');
  const res = await suite.kit('GET', `/jobs?state=${state}&queue=${queue}`, superAdmin);
  expect(res.statusCode).toBe(200);
  return res.json().items as { queue: string; summary: string; lastError: string | null; attempts: number }[];
}

describe('carrier follow-ups on the job queue', () => {
  it('queues one tracking refresh per due shipment, retries a carrier that fails, and records the answer once', async () => {
    const bought = await buyCheapest(suite.t, shipper);
    // Unreachable the first time it is asked about this shipment, then answering (other shipments fall due too).
    const sandbox = suite.t.app.carriers.sandbox;
    const original = sandbox.track.bind(sandbox);
    const asked: string[] = [];
    vi.spyOn(sandbox, 'track').mockImplementation(async (input) => {
      if (input.trackingNumber === bought.trackingNumber) {
        asked.push(input.trackingNumber);
        if (asked.length === 1) throw unreachable();
      }
      return original(input);
    });
    suite.t.clock.advance(DAY);
    await suite.t.database.db
      .update(shipments)
      .set({ nextTrackingAt: suite.t.clock.now() })
      .where(eq(shipments.id, bought.id));
    expect(
      (await runTrackingRefresh({ db: suite.t.database.db, now: suite.t.clock.now })).queued,
    ).toBeGreaterThanOrEqual(1);
    // A second tick before the job ran queues nothing more for that shipment.
    expect((await runTrackingRefresh({ db: suite.t.database.db, now: suite.t.clock.now })).queued).toBe(0);
    const mine = async () => (await jobsOf('carrier-tracking')).filter((j) => j.data.shipmentId === bought.id);
    expect(await mine()).toHaveLength(1);

    await suite.t.drainJobs();
    expect(asked).toHaveLength(1);
    expect((await mine())[0]).toMatchObject({ state: 'retry' });
    const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, bought.id));
    expect(row!.status).toBe('label_created');
    const waiting = await jobsPage('carrier-tracking', 'retry');
    expect(waiting.find((j) => j.summary.includes(bought.uniqueId))).toMatchObject({
      queue: 'carrier-tracking',
      lastError: expect.stringContaining('ECONNREFUSED'),
    });

    await retryNow('carrier-tracking');
    await suite.t.drainJobs();
    expect(asked).toHaveLength(2);
    expect((await mine())[0]).toMatchObject({ state: 'completed', output: { status: 'in_transit' } });
    const [moved] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, bought.id));
    expect(moved!.status).toBe('in_transit');
    const events = await suite.t.database.db.$count(shipmentEvents, eq(shipmentEvents.shipmentId, bought.id));

    // Nothing is asked or stored twice: draining again runs nothing, and the next refresh is a new job.
    await suite.t.drainJobs();
    expect(asked).toHaveLength(2);
    expect(await suite.t.database.db.$count(shipmentEvents, eq(shipmentEvents.shipmentId, bought.id))).toBe(events);
    expect(await mine()).toHaveLength(1);
  });

  it('commits a void the carrier cannot take now, and asks the carrier again until it accepts, once', async () => {
    // The test above moved the clock past the session's life.
    shipper = await suite.t.login('shipper@example.com');
    const bought = await buyCheapest(suite.t, shipper);
    const voidLabel = vi
      .spyOn(suite.t.app.carriers.sandbox, 'voidLabel')
      .mockRejectedValueOnce(unreachable())
      .mockRejectedValueOnce(unreachable());
    const voided = await suite.kit('POST', `/shipments/${bought.id}/void`, shipper, { refundTo: 'credit' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'voided', refundTo: 'credit', refundCents: bought.priceCents });
    expect(voidLabel).toHaveBeenCalledTimes(1);
    const mine = async () => (await jobsOf('carrier-void')).filter((j) => j.data.shipmentId === bought.id);
    expect(await mine()).toHaveLength(1);

    await suite.t.drainJobs();
    expect(voidLabel).toHaveBeenCalledTimes(2);
    expect((await mine())[0]).toMatchObject({ state: 'retry' });
    const waiting = await jobsPage('carrier-void', 'retry');
    expect(waiting.find((j) => j.summary.includes(bought.uniqueId))?.lastError).toContain('ECONNREFUSED');

    await retryNow('carrier-void');
    await suite.t.drainJobs();
    expect(voidLabel).toHaveBeenCalledTimes(3);
    expect(voidLabel).toHaveBeenLastCalledWith(expect.objectContaining({ trackingNumber: bought.trackingNumber }));
    expect((await mine())[0]).toMatchObject({ state: 'completed', output: { accepted: true } });

    // A second void is refused and asks the carrier nothing more.
    expect((await suite.kit('POST', `/shipments/${bought.id}/void`, shipper, {})).statusCode).toBe(409);
    await suite.t.drainJobs();
    expect(voidLabel).toHaveBeenCalledTimes(3);
    expect(await mine()).toHaveLength(1);
  });

  it('lists a void whose retries ran out as failed on the Jobs page, where a retry finishes it', async () => {
    shipper = await suite.t.login('shipper@example.com');
    const bought = await buyCheapest(suite.t, shipper);
    const voidLabel = vi.spyOn(suite.t.app.carriers.sandbox, 'voidLabel').mockRejectedValue(unreachable());
    expect((await suite.kit('POST', `/shipments/${bought.id}/void`, shipper, {})).statusCode).toBe(200);
    const [job] = (await jobsOf('carrier-void')).filter((j) => j.data.shipmentId === bought.id);
    // As if every retry but the last had been spent.
    await suite.t.database.db.execute(sql`update pgboss.job set retry_count = retry_limit where id = ${job!.id}`);
    await suite.t.drainJobs();
    expect((await jobsOf('carrier-void')).find((j) => j.id === job!.id)).toMatchObject({ state: 'failed' });
    const failed = (await jobsPage('carrier-void', 'failed')).find((j) => j.summary.includes(bought.uniqueId));
    expect(failed).toMatchObject({
      queue: 'carrier-void',
      summary: `Void of shipment ${bought.uniqueId} · ${bought.carrier} ${bought.trackingNumber}`,
      lastError: expect.stringContaining('ECONNREFUSED'),
    });

    voidLabel.mockRestore();
    const retried = await suite.kit('POST', `/jobs/carrier-void/${job!.id}/retry`, superAdmin);
    expect(retried.statusCode).toBe(200);
    await suite.t.drainJobs();
    expect((await jobsOf('carrier-void')).find((j) => j.id === job!.id)).toMatchObject({
      state: 'completed',
      output: { accepted: true },
    });
  });

  it('still refuses a void the carrier answered no to, and queues nothing', async () => {
    const bought = await buyCheapest(suite.t, shipper);
    vi.spyOn(suite.t.app.carriers.sandbox, 'voidLabel').mockResolvedValueOnce(false);
    const refused = await suite.kit('POST', `/shipments/${bought.id}/void`, shipper, {});
    expect(refused.statusCode).toBe(409);
    const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, bought.id));
    expect(row!.status).toBe('label_created');
    expect((await jobsOf('carrier-void')).filter((j) => j.data.shipmentId === bought.id)).toHaveLength(0);
  });

  it('cancels a pickup the carrier cannot be told about now, and tells the carrier later, once', async () => {
    const bought = await buyCheapest(suite.t, shipper);
    const tomorrow = new Date(suite.t.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const pickup = (
      await suite.kit('POST', '/pickups', shipper, {
        carrier: bought.carrier,
        address: DEMO_SENDER,
        date: tomorrow,
        windowStart: '09:00',
        windowEnd: '12:00',
        shipmentIds: [bought.id],
      })
    ).json().data;
    const cancel = vi
      .spyOn(suite.t.app.carriers.sandbox, 'cancelPickup')
      .mockRejectedValueOnce(unreachable())
      .mockRejectedValueOnce(unreachable());
    const cancelled = await suite.kit('DELETE', `/pickups/${pickup.id}`, shipper);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const mine = async () => (await jobsOf('carrier-pickup-cancel')).filter((j) => j.data.pickupId === pickup.id);
    expect(await mine()).toHaveLength(1);

    await suite.t.drainJobs();
    expect((await mine())[0]).toMatchObject({ state: 'retry' });
    const waiting = await jobsPage('carrier-pickup-cancel', 'retry');
    expect(waiting.find((j) => j.summary.includes(pickup.confirmation))?.lastError).toContain('ECONNREFUSED');
    await retryNow('carrier-pickup-cancel');
    await suite.t.drainJobs();
    expect(cancel).toHaveBeenCalledTimes(3);
    expect((await mine())[0]).toMatchObject({ state: 'completed', output: { cancelled: true } });

    expect((await suite.kit('DELETE', `/pickups/${pickup.id}`, shipper)).statusCode).toBe(409);
    await suite.t.drainJobs();
    expect(cancel).toHaveBeenCalledTimes(3);
  });
});
