import {
  BATCH_COLUMNS,
  BATCH_MAX_ROWS,
  BATCH_MESSAGES,
  BATCH_TEMPLATE,
} from '@postwise/shared/schemas/shipment-batches';
import { and, eq, like } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents, paymentMethods } from '../../billing';
import { users } from '../../identity/schema/users';
import { addCard, apiCaller, DEMO_SENDER } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';
import { shipmentBatchRows } from '../schema/batches';
import { shipments } from '../schema/shipments';
import { RATE_NOT_FOUND } from '../shipments/purchase-shipment';
import { shippingAccounts } from '../schema/shipping';

let shipper: string;
let other: string;
let mailbox: string;

const HEADER = BATCH_COLUMNS.join(',');
const goodRow = (i: number, service = 'cheapest') =>
  `Receiver ${i},,${100 + i} Congress Ave,,Austin,TX,78701,US,,,Box,10,8,4,in,${1 + (i % 5)},lb,${service},REF-${i}`;

/** A browser's FormData upload of one CSV in `media` (and any text fields before it). */
function upload(csv: string, token: string | null = shipper, fields: Record<string, string> = {}) {
  const boundary = '----postwise-batch-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="batch.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/shipments/batches',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { 'x-access-Token': token } : {}),
    },
    payload,
  });
}

async function addDefaultSender(token: string) {
  const res = await suite.kit('POST', '/addresses', token, { ...DEMO_SENDER, isDefault: true });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  [shipper, other, mailbox] = await Promise.all([
    suite.t.login('shipper@example.com'),
    suite.t.login('user@example.com'),
    suite.t.login('mailbox@example.com'),
  ]);
  await addDefaultSender(shipper);
  await addDefaultSender(other);
  await addCard(suite.t, shipper);
});

describe('GET shipments/batches/template', () => {
  it('downloads the template CSV: the columns and one example row', async () => {
    const res = await suite.kit('GET', '/shipments/batches/template', shipper);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe(BATCH_TEMPLATE);
    expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('the template itself uploads as one valid row', async () => {
    const res = await upload(BATCH_TEMPLATE);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.counts).toMatchObject({ rows: 1, invalid: 0, pending: 1 });
  });

  it('answers 401 without a session and 403 to a mailbox-only customer', async () => {
    expect((await suite.kit('GET', '/shipments/batches/template')).statusCode).toBe(401);
    expect((await suite.kit('GET', '/shipments/batches/template', mailbox)).statusCode).toBe(403);
  });
});

describe('POST shipments/batches', () => {
  it('answers each invalid row with its number and a message per column; rates the valid ones in a job', async () => {
    const csv = [
      HEADER,
      goodRow(1),
      `Bad Zip,,1 Main St,,Austin,TX,787,US,,,Box,10,8,4,in,2,lb,cheapest,REF-2`,
      '',
      goodRow(4, 'fastest'),
      `,,,,Austin,ZZ,78701,US,,,Box,0,8,4,in,2,lb,slowest,REF-5`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(201);
    const batch = res.json().data;
    expect(batch).toMatchObject({ status: 'rating', counts: { rows: 4, pending: 2, invalid: 2 } });
    expect(batch.rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 5, 6]);
    const bad = batch.rows.find((r: { row: number }) => r.row === 3);
    expect(bad).toMatchObject({
      status: 'invalid',
      reference: 'REF-2',
      errors: { receiverZipCode: 'Zip Code must be 5 digits or ZIP+4 (12345-6789).' },
    });
    const worse = batch.rows.find((r: { row: number }) => r.row === 6);
    expect(Object.keys(worse.errors)).toEqual(
      expect.arrayContaining(['receiverName', 'receiverLine1', 'length', 'service']),
    );
    expect(worse.errors.service).toBe(BATCH_MESSAGES.service);

    await suite.t.drainJobs();
    const rated = (await suite.kit('GET', `/shipments/batches/${batch.id}`, shipper)).json().data;
    expect(rated).toMatchObject({ status: 'ready', counts: { rows: 4, pending: 0, valid: 2, invalid: 2 } });
    const valid = rated.rows.filter((r: { status: string }) => r.status === 'valid');
    for (const r of valid) expect(r.priceCents).toBeGreaterThan(0);
    expect(rated.totalCents).toBe(valid.reduce((s: number, r: { priceCents: number }) => s + r.priceCents, 0));
    // The fastest row got the earliest delivery of its quote, not the cheapest service.
    const fastest = rated.rows.find((r: { row: number }) => r.row === 5);
    expect(fastest.service).toBe('fastest');
    const cheapest = rated.rows.find((r: { row: number }) => r.row === 2);
    expect(fastest.expectedDeliveryDate <= cheapest.expectedDeliveryDate).toBe(true);
  });

  it('refuses a file without a file, without a required column, without rows or over the row limit (422)', async () => {
    const none = await suite.kit('POST', '/shipments/batches', shipper, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.media).toBe(BATCH_MESSAGES.fileRequired);

    const noWeight = await upload(
      'receiverName,receiverLine1,receiverCity,receiverZipCode,length,width,height\nA,1 St,X,78701,1,1,1',
    );
    expect(noWeight.statusCode).toBe(422);
    expect(noWeight.json().message).toBe(BATCH_MESSAGES.missingColumns(['weight']));

    expect((await upload(`${HEADER}\n\n`)).json().message).toBe(BATCH_MESSAGES.empty);

    const many = [HEADER, ...Array.from({ length: BATCH_MAX_ROWS + 1 }, (_, i) => goodRow(i))].join('\n');
    const tooMany = await upload(many);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ isSuccess: false, message: BATCH_MESSAGES.tooManyRows });
  });

  it('refuses a sender that is not one of the caller’s addresses, and a caller without a sender', async () => {
    const otherAddress = (await suite.kit('GET', '/addresses/default', other)).json().data.id;
    expect((await upload(`${HEADER}\n${goodRow(1)}`, shipper, { fromAddressId: otherAddress })).statusCode).toBe(404);
    const [admin] = await Promise.all([suite.t.login('superadmin@example.com')]);
    const noSender = await upload(`${HEADER}\n${goodRow(1)}`, admin);
    expect(noSender.statusCode).toBe(422);
    expect(noSender.json().errors.fromAddressId).toBe(BATCH_MESSAGES.noSender);
  });

  it('answers 401 without a session and 403 to a mailbox-only customer', async () => {
    expect((await upload(`${HEADER}\n${goodRow(1)}`, null)).statusCode).toBe(401);
    expect((await upload(`${HEADER}\n${goodRow(1)}`, mailbox)).statusCode).toBe(403);
  });
});

describe('GET shipments/batches and shipments/batches/{id}', () => {
  it('lists own batches newest first, paged; another customer’s batch is not found', async () => {
    suite.t.clock.advance(1000);
    const mine = (await upload(`${HEADER}\n${goodRow(7)}`)).json().data;
    const theirs = (await upload(`${HEADER}\n${goodRow(8)}`, other)).json().data;
    const page = (await suite.kit('GET', '/shipments/batches?pageNo=1&pageSize=2', shipper)).json();
    expect(page).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 2 });
    expect(page.items[0].id).toBe(mine.id);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.some((b: { id: string }) => b.id === theirs.id)).toBe(false);

    expect((await suite.kit('GET', `/shipments/batches/${theirs.id}`, shipper)).statusCode).toBe(404);
    expect((await suite.kit('POST', `/shipments/batches/${theirs.id}/purchase`, shipper, {})).statusCode).toBe(404);
    expect((await suite.kit('GET', `/shipments/batches/${theirs.id}/labels`, shipper)).statusCode).toBe(404);
    expect((await suite.kit('GET', '/shipments/batches/not-a-uuid', shipper)).statusCode).toBe(422);
  });

  it('answers 401 without a session and 403 to a mailbox-only customer', async () => {
    const mine = (await upload(`${HEADER}\n${goodRow(9)}`)).json().data;
    expect((await suite.kit('GET', '/shipments/batches')).statusCode).toBe(401);
    expect((await suite.kit('GET', '/shipments/batches', mailbox)).statusCode).toBe(403);
    expect((await suite.kit('GET', `/shipments/batches/${mine.id}`)).statusCode).toBe(401);
    expect((await suite.kit('GET', `/shipments/batches/${mine.id}`, mailbox)).statusCode).toBe(403);
  });
});

describe('POST shipments/batches/{id}/purchase and GET shipments/batches/{id}/labels', () => {
  it('buys every valid row with one charge each; a retried purchase charges nothing again; labels come as one PDF', async () => {
    const csv = [
      HEADER,
      goodRow(1),
      goodRow(2, 'fastest'),
      `X,,1 St,,Austin,TX,1,US,,,Box,1,1,1,in,1,lb,,`,
      goodRow(3),
    ].join('\n');
    const batch = (await upload(csv)).json().data;
    // Not before every row has its rate.
    const early = await suite.kit('POST', `/shipments/batches/${batch.id}/purchase`, shipper, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BATCH_MESSAGES.notReady);
    await suite.t.drainJobs();

    const started = await suite.kit('POST', `/shipments/batches/${batch.id}/purchase`, shipper, { payment: 'card' });
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'purchasing', payment: 'card' });
    // A second click while it runs, and a retry after: the batch as it is, nothing queued or charged again.
    expect((await suite.kit('POST', `/shipments/batches/${batch.id}/purchase`, shipper, {})).statusCode).toBe(200);
    await suite.t.drainJobs();
    const again = await suite.kit('POST', `/shipments/batches/${batch.id}/purchase`, shipper, {});
    expect(again.statusCode, again.body).toBe(200);
    await suite.t.drainJobs();

    const done = (await suite.kit('GET', `/shipments/batches/${batch.id}`, shipper)).json().data;
    expect(done).toMatchObject({ status: 'completed', counts: { bought: 3, invalid: 1, valid: 0, failed: 0 } });
    const bought = done.rows.filter((r: { status: string }) => r.status === 'bought');
    expect(bought.every((r: { trackingNumber: string | null }) => !!r.trackingNumber)).toBe(true);
    expect(done.boughtCents).toBe(bought.reduce((s: number, r: { priceCents: number }) => s + r.priceCents, 0));

    const charges = await suite.t.database.db
      .select()
      .from(paymentIntents)
      .where(like(paymentIntents.requestKey, `%batch:${batch.id}:%`));
    expect(charges).toHaveLength(3);
    expect(charges.every((c) => c.status === 'succeeded')).toBe(true);
    const [me] = await suite.t.database.db.select().from(users).where(eq(users.email, 'shipper@example.com'));
    const labels = await suite.t.database.db.select().from(shipments).where(eq(shipments.userId, me!.id));
    expect(labels.filter((s) => bought.some((r: { shipmentId: string }) => r.shipmentId === s.id))).toHaveLength(3);

    const pdf = await suite.kit('GET', `/shipments/batches/${batch.id}/labels`, shipper);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(3);
  });

  it('a row that cannot be bought is marked failed with the reason and the others are bought', async () => {
    const batch = (await upload([HEADER, goodRow(1), goodRow(2), goodRow(3)].join('\n'))).json().data;
    await suite.t.drainJobs();
    // Row 3's rate is gone (as if the quote had been removed): its purchase is refused, the others go on.
    await suite.t.database.db
      .update(shipmentBatchRows)
      .set({ rateId: '00000000-0000-4000-8000-000000000000' })
      .where(and(eq(shipmentBatchRows.batchId, batch.id), eq(shipmentBatchRows.rowNumber, 3)));
    expect((await suite.kit('POST', `/shipments/batches/${batch.id}/purchase`, shipper, {})).statusCode).toBe(202);
    await suite.t.drainJobs();
    const done = (await suite.kit('GET', `/shipments/batches/${batch.id}`, shipper)).json().data;
    expect(done).toMatchObject({ status: 'completed', counts: { bought: 2, failed: 1 } });
    expect(done.rows.find((r: { row: number }) => r.row === 3)).toMatchObject({
      status: 'failed',
      message: RATE_NOT_FOUND,
      trackingNumber: null,
    });
    const charges = await suite.t.database.db
      .select()
      .from(paymentIntents)
      .where(like(paymentIntents.requestKey, `%batch:${batch.id}:%`));
    expect(charges).toHaveLength(2);
  });

  it('answers 409 for labels before any is bought and for a batch with nothing valid to buy', async () => {
    const invalidOnly = (await upload(`${HEADER}\nX,,1 St,,Austin,TX,1,US,,,Box,1,1,1,in,1,lb,,`)).json().data;
    expect(invalidOnly.status).toBe('ready');
    const buy = await suite.kit('POST', `/shipments/batches/${invalidOnly.id}/purchase`, shipper, {});
    expect(buy.statusCode).toBe(409);
    expect(buy.json().message).toBe(BATCH_MESSAGES.nothingToBuy);
    expect((await suite.kit('GET', `/shipments/batches/${invalidOnly.id}/labels`, shipper)).statusCode).toBe(409);
  });

  it('asks for a card before buying (409 NO_DEFAULT_PAYMENT_METHOD) when the customer has none, and buys nothing', async () => {
    const [them] = await suite.t.database.db.select().from(users).where(eq(users.email, 'user@example.com'));
    await suite.t.database.db.delete(paymentMethods).where(eq(paymentMethods.userId, them!.id));
    await suite.t.database.db
      .update(shippingAccounts)
      .set({ creditBalanceCents: 0 })
      .where(eq(shippingAccounts.userId, them!.id));
    const csv = `${HEADER}\n${goodRow(1)}`;
    const batch = (await upload(csv, other)).json().data;
    await suite.t.drainJobs();
    const res = await suite.kit('POST', `/shipments/batches/${batch.id}/purchase`, other, {});
    expect(res.statusCode).toBe(409);
    expect(['NO_CUSTOMER_ID', 'NO_DEFAULT_PAYMENT_METHOD']).toContain(res.json().code);
    expect((await suite.kit('GET', `/shipments/batches/${batch.id}`, other)).json().data.status).toBe('ready');
  });

  it('answers 401, 403 and 422', async () => {
    const mine = (await upload(`${HEADER}\n${goodRow(9)}`)).json().data;
    expect((await suite.kit('POST', `/shipments/batches/${mine.id}/purchase`, undefined, {})).statusCode).toBe(401);
    expect((await suite.kit('POST', `/shipments/batches/${mine.id}/purchase`, mailbox, {})).statusCode).toBe(403);
    expect((await suite.kit('GET', `/shipments/batches/${mine.id}/labels`)).statusCode).toBe(401);
    expect((await suite.kit('GET', `/shipments/batches/${mine.id}/labels`, mailbox)).statusCode).toBe(403);
    const bad = await suite.kit('POST', `/shipments/batches/${mine.id}/purchase`, shipper, { payment: 'cash' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.payment).toBe("Payment must be 'card' or 'later'");
  });
});
