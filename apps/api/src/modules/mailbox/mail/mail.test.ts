import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailboxes } from '../schema/mailboxes';
import { profiles } from '../../identity/schema/profiles';
import { scanBalances } from '../../billing/schema/scan-balances';
import { subscriptions } from '../../billing/schema/subscriptions';
import { transactions } from '../../billing/schema/transactions';
import { users } from '../../identity/schema/users';
import { suiteApp } from '../../../test/suite-app';
import { pngDeclaring } from '../../../test/images';
import { AVA, FORWARD_ADDRESS, mailKit, multipart, OTHER, PDF, PNG, SUB, SUPER, USER } from './mail-test-kit';

const suite = suiteApp(mailKit);
let userBox: string;
let avaBox: string;

const DAY = 24 * 60 * 60 * 1000;
const ADDRESS = FORWARD_ADDRESS;

beforeAll(async () => {
  userBox = await suite.kit.mailboxOf(USER);
  avaBox = await suite.kit.mailboxOf(AVA);
});

async function receivePackage(fields: Record<string, string> = {}) {
  const res = await suite.kit.receive(
    SUPER,
    userBox,
    { kind: 'package', sender: 'Acme Parts', weightLb: '4', ...fields },
    [{ body: PNG, name: 'front.png', type: 'image/png' }],
  );
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; freeDaysLeft: number; photoUrls: string[]; status: string; number: number };
}

async function setAuthorizedIndividual(email: string, person: Record<string, string> | null) {
  await suite.t.database.db.update(users).set({ authorizedIndividual: person }).where(eq(users.email, email));
}

async function receiveLetter(sender = 'City Water') {
  const res = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string };
}

describe('authentication and roles', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const endpoints: ['GET' | 'POST', string][] = [
    ['GET', 'mailboxes'],
    ['GET', `mailboxes/${id}`],
    ['GET', `mailboxes/${id}/labels`],
    ['POST', `mailboxes/${id}/labels`],
    ['GET', 'mail-items'],
    ['GET', `mail-items/${id}`],
    ['GET', `mail-items/${id}/photos/0`],
    ['GET', `mail-items/${id}/scan`],
    ['GET', `mail-items/${id}/label`],
    ['POST', `mail-items/${id}/requests`],
    ['POST', `mail-items/${id}/archive`],
    ['POST', `mail-items/${id}/trash`],
    ['POST', `mail-items/${id}/restore`],
    ['GET', 'mail-requests'],
    ['GET', `mail-requests/${id}`],
    ['POST', `mail-requests/${id}/cancel`],
    ['POST', `mail-requests/${id}/start`],
    ['POST', `mail-requests/${id}/quote`],
    ['POST', `mail-requests/${id}/approve-quote`],
    ['POST', `mail-requests/${id}/complete`],
    ['GET', 'notifications'],
    ['POST', 'notifications/read'],
    ['GET', 'notifications/stream'],
  ];

  it('answers 401 to every mail endpoint without a session', async () => {
    for (const [method, url] of endpoints) {
      const res = await suite.kit.as(null, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ isSuccess: false, code: 'UNAUTHORIZED' });
    }
  });

  it('keeps operator endpoints from customers and customer endpoints from operators', async () => {
    for (const url of ['mailboxes', 'mail-requests', `mailboxes/${userBox}`, `mailboxes/${userBox}/labels`]) {
      expect((await suite.kit.as(USER, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await suite.kit.as(SUPER, 'GET', 'mail-items')).statusCode).toBe(403);
    expect((await suite.kit.as(SUB, 'POST', `mail-items/${id}/requests`, { type: 'scan' })).statusCode).toBe(403);
    expect((await suite.kit.as(SUPER, 'POST', `mail-requests/${id}/cancel`)).statusCode).toBe(403);
  });
});

describe('mailboxes', () => {
  it('lists every store for the super admin and only their own stores for a sub-admin', async () => {
    const all = (await suite.kit.as(SUPER, 'GET', 'mailboxes?pageSize=100')).json();
    const ids = all.items.map((m: { id: string }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([userBox, avaBox]));
    const own = (await suite.kit.as(SUB, 'GET', 'mailboxes?pageSize=100')).json();
    const ownIds = own.items.map((m: { id: string }) => m.id);
    expect(ownIds).toContain(avaBox);
    expect(ownIds).not.toContain(userBox);
    expect(own.total).toBe(own.items.length);
  });

  it('finds a box by PMB number or holder name and writes its USPS address', async () => {
    const box = (await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}`)).json().data;
    expect(box.pmb).toMatch(/^(PMB \d+|#\d+)$/);
    expect(box.address.text).not.toMatch(/PO Box/i);
    expect(box.address.lines[1]).toContain(box.pmb);
    const byPmb = (
      await suite.kit.as(SUPER, 'GET', `mailboxes?search=${box.pmbNumber}&storeId=${box.store.id}`)
    ).json();
    expect(byPmb.items.map((m: { id: string }) => m.id)).toEqual([userBox]);
    const byName = (
      await suite.kit.as(SUPER, 'GET', `mailboxes?search=${encodeURIComponent(box.holder.fullName.slice(0, 4))}`)
    ).json();
    expect(byName.items.map((m: { id: string }) => m.id)).toContain(userBox);
  });

  it('shows the customer their own address, scans and items about to incur fees', async () => {
    const mine = (await suite.kit.as(USER, 'GET', 'mailboxes/my')).json().data;
    expect(mine.id).toBe(userBox);
    expect(mine.address.lines[1]).toContain(mine.pmb);
    expect(mine.itemsAboutToIncurFees).toBeGreaterThan(0);
    expect(mine.newItems).toBeGreaterThan(0);
    expect((await suite.kit.as('shipper@example.com', 'GET', 'mailboxes/my')).statusCode).toBe(404);
    expect((await suite.kit.as(SUPER, 'GET', 'mailboxes/my')).statusCode).toBe(403);
  });

  it("shows each box's items on hand and fees accrued as its own page counts them, and a new item at once", async () => {
    const listed = async () =>
      (await suite.kit.as(SUPER, 'GET', `mailboxes?search=${encodeURIComponent('user@example.com')}`))
        .json()
        .items.find((m: { id: string }) => m.id === userBox) as { itemsOnHand: number; feesAccruedCents: number };
    const exact = async () => (await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}`)).json().data;
    const before = await listed();
    const detail = await exact();
    expect(before.itemsOnHand).toBeGreaterThan(0);
    expect(before).toMatchObject({ itemsOnHand: detail.itemsOnHand, feesAccruedCents: detail.feesAccruedCents });
    await receiveLetter('Figures Test Co');
    const after = await listed();
    expect(after.itemsOnHand).toBe(before.itemsOnHand + 1);
    expect(after).toMatchObject({
      itemsOnHand: (await exact()).itemsOnHand,
      feesAccruedCents: (await exact()).feesAccruedCents,
    });
  });

  it("refuses a sub-admin another store's box (403) and an unknown id (404), before reading the body", async () => {
    expect((await suite.kit.as(SUB, 'GET', `mailboxes/${userBox}`)).statusCode).toBe(403);
    expect((await suite.kit.as(SUB, 'GET', `mailboxes/${userBox}/labels`)).statusCode).toBe(403);
    const res = await suite.kit.receive(SUB, userBox, { kind: 'nope' });
    expect(res.statusCode).toBe(403);
    expect((await suite.kit.as(SUPER, 'GET', 'mailboxes/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await suite.kit.as(SUPER, 'GET', 'mailboxes/not-a-uuid')).statusCode).toBe(422);
  });
});

describe('mail lists with filters', () => {
  it("every filter combination of the inbox and of a box's labels is a faithful slice of the whole list", async () => {
    type Item = { id: string; kind: string; status: string; sender: string };
    const whole = (await suite.kit.as(USER, 'GET', 'mail-items?folder=inbox&pageSize=100')).json();
    const items = whole.items as Item[];
    expect(whole.total).toBe(items.length);
    const some = items.find((i) => i.kind === 'package' && i.sender) as Item;
    expect(some).toBeDefined();
    const prefix = some.sender.slice(0, 3).toLowerCase();
    const cases: [string, (i: Item) => boolean][] = [
      [`kind=${some.kind}`, (i) => i.kind === some.kind],
      [`status=${some.status}`, (i) => i.status === some.status],
      [`kind=${some.kind}&status=${some.status}`, (i) => i.kind === some.kind && i.status === some.status],
      [`search=${encodeURIComponent(prefix)}`, (i) => i.sender.toLowerCase().startsWith(prefix)],
    ];
    for (const [filter, keep] of cases) {
      const res = (await suite.kit.as(USER, 'GET', `mail-items?folder=inbox&${filter}&pageSize=100`)).json();
      expect(
        res.items.map((i: Item) => i.id),
        filter,
      ).toEqual(items.filter(keep).map((i) => i.id));
      expect(res.total, filter).toBe(items.filter(keep).length);
    }
    // The same statements bind another box: the operator's view of that box pages only its items.
    const labels = (
      await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}/labels?kind=${some.kind}&pageSize=100`)
    ).json();
    expect(labels.items.length).toBeGreaterThan(0);
    expect(labels.items.every((i: Item) => i.kind === some.kind)).toBe(true);
    expect(labels.items.map((i: Item) => i.id)).toContain(some.id);
  });
});

describe('receiving mail', () => {
  it('logs a package with a photo, notifies the customer and shows it in the inbox with free days left', async () => {
    const item = await receivePackage({ trackingNumber: '1Z999', carrier: 'UPS', message: 'Left at the counter' });
    expect(item.freeDaysLeft).toBe(3);
    expect(item.photoUrls).toHaveLength(1);
    const inbox = (await suite.kit.as(USER, 'GET', 'mail-items?folder=inbox&kind=package&search=acme')).json();
    expect(inbox.items.map((i: { id: string }) => i.id)).toContain(item.id);
    const notes = (await suite.kit.as(USER, 'GET', 'notifications?pageSize=100')).json();
    expect(notes.items.find((n: { mailItemId: string }) => n.mailItemId === item.id)).toMatchObject({
      kind: 'new_mail',
      title: 'New package from Acme Parts',
    });
    expect(notes.unreadCount).toBeGreaterThan(0);
    const mail = (await suite.t.outbox()).find((m) => m.to === USER && m.subject === 'New package from Acme Parts');
    expect(mail?.text).toContain('Left at the counter');
  });

  it('refuses a file that is not an image, and invalid fields, with 422', async () => {
    const bad = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'A' }, [
      { body: Buffer.from('hello'), name: 'x.png', type: 'image/png' },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Photo must be an image');
    const noSender = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: '' });
    expect(noSender.json()).toMatchObject({
      isSuccess: false,
      code: 'VALIDATION_ERROR',
      message: 'Sender is required',
    });
    const noWeight = await suite.kit.receive(SUPER, userBox, { kind: 'pallet', sender: 'A' });
    expect(noWeight.json().message).toBe('Weight is required for a package or pallet');
  });

  it('refuses mail for a box whose Form 1583 application is not approved, and for a closed box', async () => {
    const [box] = await suite.t.database.db.select().from(mailboxes).where(eq(mailboxes.id, avaBox));
    await suite.t.database.db
      .update(profiles)
      .set({ mailboxStatus: 'pending' })
      .where(eq(profiles.userId, box!.userId));
    const pending = await suite.kit.receive(SUB, avaBox, { kind: 'letter', sender: 'IRS' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'MAILBOX_NOT_RECEIVING' });
    expect(pending.json().message).toContain('return it to sender');
    await suite.t.database.db.update(profiles).set({ mailboxStatus: 'active' }).where(eq(profiles.userId, box!.userId));

    const closedAt = new Date(suite.t.clock.now().getTime() - 400 * DAY);
    await suite.t.database.db.update(mailboxes).set({ status: 'closed', closedAt }).where(eq(mailboxes.id, avaBox));
    const closed = await suite.kit.receive(SUB, avaBox, { kind: 'letter', sender: 'IRS' });
    expect(closed.json()).toMatchObject({
      code: 'MAILBOX_NOT_RECEIVING',
      message: 'This mailbox is closed. Do not log this mail: return it to sender.',
    });
    const ids = async (query: string) =>
      (await suite.kit.as(SUB, 'GET', `mailboxes?pageSize=100&${query}`)).json().items.map((m: { id: string }) => m.id);
    // Closed over six months ago: "closed" (return to sender), not "cancelled" (hold USPS mail) nor active.
    expect(await ids('status=closed')).toContain(avaBox);
    expect(await ids('status=cancelled')).not.toContain(avaBox);
    expect(await ids('status=active')).not.toContain(avaBox);
    expect(await ids(`status=closed&storeId=${box!.storeId}`)).toContain(avaBox);
    await suite.t.database.db
      .update(mailboxes)
      .set({ closedAt: new Date(suite.t.clock.now().getTime() - 10 * DAY) })
      .where(eq(mailboxes.id, avaBox));
    expect(await ids('status=cancelled')).toContain(avaBox);
    expect(await ids('status=closed')).not.toContain(avaBox);
    await suite.t.database.db
      .update(mailboxes)
      .set({ status: 'active', closedAt: null })
      .where(eq(mailboxes.id, avaBox));
    expect(await ids('status=active')).toContain(avaBox);
    expect((await suite.kit.receive(SUB, avaBox, { kind: 'letter', sender: 'IRS' })).statusCode).toBe(200);
  });

  it('prints the internal label as a PDF and a PNG barcode for the store’s operators only', async () => {
    const item = await receivePackage();
    const pdf = await suite.kit.as(SUPER, 'GET', `mail-items/${item.id}/label`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const png = await suite.kit.as(SUPER, 'GET', `mail-items/${item.id}/label?format=png`);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await suite.kit.as(SUB, 'GET', `mail-items/${item.id}/label`)).statusCode).toBe(403);
  });
});

describe('tenancy of items, photos and scans', () => {
  it('serves the photo to the box holder and the store operator only', async () => {
    const item = await receivePackage();
    const url = `mail-items/${item.id}/photos/0`;
    const mine = await suite.kit.as(USER, 'GET', url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect((await suite.kit.as(SUPER, 'GET', url)).statusCode).toBe(200);
    expect((await suite.kit.as(OTHER, 'GET', url)).statusCode).toBe(404);
    expect((await suite.kit.as(SUB, 'GET', url)).statusCode).toBe(403);
    expect((await suite.kit.as(OTHER, 'GET', `mail-items/${item.id}`)).statusCode).toBe(404);
    expect((await suite.kit.as(OTHER, 'POST', `mail-items/${item.id}/requests`, { type: 'nope' })).statusCode).toBe(
      404,
    );
    const others = (await suite.kit.as(OTHER, 'GET', 'mail-items?pageSize=100')).json();
    expect(others.items.map((i: { id: string }) => i.id)).not.toContain(item.id);
  });
});

describe('scan requests', () => {
  it('uses a scan, lets the operator upload the PDF, and serves it to the holder only', async () => {
    const letter = await receiveLetter('Bank of Example');
    const [before] = await suite.t.database.db
      .select()
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(eq(users.email, USER));
    const created = await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, { type: 'scan' });
    expect(created.statusCode).toBe(200);
    const request = created.json().data.request;
    expect(request).toMatchObject({ type: 'scan', status: 'requested' });
    const [after] = await suite.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, before!.subscriptions.id));
    expect(after!.scansRemaining).toBe(before!.subscriptions.scansRemaining - 1);

    const noFile = await suite.kit.as(SUPER, 'POST', `mail-requests/${request.id}/complete`, {});
    expect(noFile.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Upload the contents scan as a PDF' });
    const form = multipart({}, [{ body: PDF, name: 'scan.pdf', type: 'application/pdf' }]);
    const done = await suite.kit.as(SUPER, 'POST', `mail-requests/${request.id}/complete`, form.payload, form.headers);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('completed');

    const item = (await suite.kit.as(USER, 'GET', `mail-items/${letter.id}`)).json().data;
    expect(item.status).toBe('scanned');
    // The finished request leaves the item, yet the holder still finds it for its timeline.
    expect(item.openRequest).toBeNull();
    expect(item.lastRequest).toEqual({ id: request.id, type: 'scan', status: 'completed' });
    const timeline = (await suite.kit.as(USER, 'GET', `mail-requests/${request.id}`)).json().data;
    expect(timeline.events.map((e: { status: string }) => e.status)).toEqual(['requested', 'completed']);
    const scan = await suite.kit.as(USER, 'GET', `mail-items/${letter.id}/scan`);
    expect(scan.headers['content-type']).toBe('application/pdf');
    expect((await suite.kit.as(OTHER, 'GET', `mail-items/${letter.id}/scan`)).statusCode).toBe(404);
    expect((await suite.kit.as(SUB, 'GET', `mail-items/${letter.id}/scan`)).statusCode).toBe(403);
    const notes = (await suite.kit.as(USER, 'GET', 'notifications?pageSize=100')).json();
    expect(notes.items.map((n: { kind: string; mailItemId: string }) => `${n.kind}:${n.mailItemId}`)).toContain(
      `scan_ready:${letter.id}`,
    );
  });

  it('refuses with NO_SCANS_LEFT when no scans are left, and gives the scan back on cancel', async () => {
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.email, USER));
    await suite.t.database.db
      .update(subscriptions)
      .set({ scansRemaining: 0 })
      .where(eq(subscriptions.userId, user!.id));
    await suite.t.database.db.delete(scanBalances).where(eq(scanBalances.userId, user!.id));
    const letter = await receiveLetter();
    const none = await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, { type: 'scan' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_SCANS_LEFT' });

    await suite.t.database.db.insert(scanBalances).values({ userId: user!.id, topupScans: 1 });
    const made = await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, { type: 'scan' });
    expect(made.statusCode).toBe(200);
    const cancelled = await suite.kit.as(USER, 'POST', `mail-requests/${made.json().data.request.id}/cancel`);
    expect(cancelled.json().data.status).toBe('cancelled');
    const [balance] = await suite.t.database.db.select().from(scanBalances).where(eq(scanBalances.userId, user!.id));
    expect(balance!.topupScans).toBe(1);
    expect((await suite.kit.as(USER, 'GET', `mail-items/${letter.id}`)).json().data.status).toBe('received');
    await suite.t.database.db
      .update(subscriptions)
      .set({ scansRemaining: 10 })
      .where(eq(subscriptions.userId, user!.id));
  });
});

describe('forwarding', () => {
  it('charges once per Idempotency-Key, holds a higher quote for approval, then ships and moves to the trash', async () => {
    const a = await receivePackage();
    const b = await receivePackage();
    const body = { type: 'forward', address: ADDRESS, declaredValueCents: 25_000, consolidateItemIds: [b.id] };
    const headers = { 'idempotency-key': 'forward-test-0001' };
    const first = await suite.kit.as(USER, 'POST', `mail-items/${a.id}/requests`, body, headers);
    expect(first.statusCode).toBe(200);
    const request = first.json().data.request;
    expect(request.itemIds).toEqual([a.id, b.id]);
    expect(request.estimate.insuranceCents).toBe(300);
    expect(request.estimate.consolidationCents).toBeGreaterThan(0);
    expect(request.paidCents).toBe(request.estimate.totalCents);
    const again = await suite.kit.as(USER, 'POST', `mail-items/${a.id}/requests`, body, headers);
    expect(again.json().data.request.id).toBe(request.id);
    const charges = await suite.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.requestKey, `mail-forward:${request.customer.id}:key:forward-test-0001`));
    expect(charges).toHaveLength(1);
    expect(charges[0]!.amountCents).toBe(request.paidCents);

    const queue = (await suite.kit.as(SUPER, 'GET', 'mail-requests?type=forward&pageSize=100')).json();
    expect(queue.items.map((r: { id: string }) => r.id)).toContain(request.id);
    const created = queue.items.map((r: { createdAt: string }) => r.createdAt);
    expect([...created].sort()).toEqual(created);
    expect(
      (await suite.kit.as(SUB, 'GET', 'mail-requests?pageSize=100')).json().items.map((r: { id: string }) => r.id),
    ).not.toContain(request.id);

    const quote = await suite.kit.as(SUPER, 'POST', `mail-requests/${request.id}/quote`, {
      postageCents: request.paidCents + 500,
      handlingCents: 300,
      carrierService: 'UPS Ground',
    });
    expect(quote.json().data).toMatchObject({ status: 'quote_pending' });
    expect(quote.json().data.extraDueCents).toBeGreaterThan(0);
    const notes = (await suite.kit.as(USER, 'GET', 'notifications?pageSize=100')).json();
    expect(notes.items.map((n: { kind: string; mailItemId: string }) => `${n.kind}:${n.mailItemId}`)).toContain(
      `quote_changed:${a.id}`,
    );
    const early = await suite.kit.as(SUPER, 'POST', `mail-requests/${request.id}/complete`, {
      carrier: 'UPS',
      trackingNumber: '1Z1',
    });
    expect(early.statusCode).toBe(409);

    const approved = await suite.kit.as(USER, 'POST', `mail-requests/${request.id}/approve-quote`, undefined, {
      'idempotency-key': 'approve-test-01',
    });
    expect(approved.json().data).toMatchObject({ status: 'in_progress', extraDueCents: 0 });
    expect((await suite.kit.as(USER, 'POST', `mail-requests/${request.id}/cancel`)).statusCode).toBe(409);

    const missing = await suite.kit.as(SUPER, 'POST', `mail-requests/${request.id}/complete`, { carrier: 'UPS' });
    expect(missing.json().message).toBe('Tracking number is required.');
    const shipped = await suite.kit.as(SUPER, 'POST', `mail-requests/${request.id}/complete`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.json().data).toMatchObject({ status: 'completed', outboundTracking: '1Z999AA10123456784' });
    const onItsWay = (await suite.t.outbox()).filter((m) => m.to === USER && m.subject === 'Your mail is on its way');
    expect(onItsWay.at(-1)?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const timeline = (await suite.kit.as(USER, 'GET', `mail-requests/${request.id}`))
      .json()
      .data.events.map((e: { status: string }) => e.status);
    expect(timeline).toEqual(['requested', 'quote', 'in_progress', 'completed']);

    const item = (await suite.kit.as(USER, 'GET', `mail-items/${b.id}`)).json().data;
    expect(item.status).toBe('forwarded');
    const trashed = await suite.kit.as(USER, 'POST', `mail-items/${b.id}/trash`);
    expect(trashed.json().data).toMatchObject({ folder: 'trash' });
    expect(
      (await suite.kit.as(USER, 'GET', 'mail-items?folder=trash&pageSize=100'))
        .json()
        .items.map((i: { id: string }) => i.id),
    ).toContain(b.id);
    expect((await suite.kit.as(USER, 'POST', `mail-items/${b.id}/restore`)).json().data.folder).toBe('inbox');
  });

  it('credits a lower quote and validates the forward address', async () => {
    const a = await receivePackage();
    const bad = await suite.kit.as(USER, 'POST', `mail-items/${a.id}/requests`, {
      type: 'forward',
      address: { ...ADDRESS, zipCode: '' },
    });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Zip Code is required' });
    const made = (
      await suite.kit.as(USER, 'POST', `mail-items/${a.id}/requests`, { type: 'forward', address: ADDRESS })
    ).json().data.request;
    const lower = await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/quote`, {
      postageCents: 100,
      handlingCents: 0,
    });
    expect(lower.json().data).toMatchObject({ status: 'in_progress', refundCents: made.paidCents - 100 });
  });
});

describe('photos of received mail', () => {
  it('refuses a photo declaring 20000×20000 pixels (422) and keeps no item', async () => {
    const before = (await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}/labels?pageSize=1`)).json().total as number;
    const res = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Pixel Bomb Co' }, [
      { body: pngDeclaring(20_000, 20_000), name: 'bomb.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Photo must be at most 40 megapixels' });
    expect((await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}/labels?pageSize=1`)).json().total).toBe(before);
  });

  it('stores the photo re-encoded: what the customer sees carries nothing but pixels', async () => {
    const png = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Polyglot Co' }, [
      { body: png, name: 'front.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const photo = await suite.kit.as(USER, 'GET', res.json().data.photoUrls[0].replace('/api/v1/', ''));
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.includes('<script>')).toBe(false);
    expect(photo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('pickup, shred, junk and folders', () => {
  it('completes a pickup with the passcode, refuses a wrong one, and accepts the authorized individual', async () => {
    const a = await receivePackage();
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${a.id}/requests`, { type: 'pickup' })).json().data;
    expect(made.passcode).toMatch(/^\d{6}$/);
    expect((await suite.t.outbox()).find((m) => m.to === USER && m.subject === 'Your pickup passcode')?.text).toContain(
      made.passcode,
    );
    const wrong = made.passcode === '000000' ? '111111' : '000000';
    const refused = await suite.kit.as(SUPER, 'POST', `mail-requests/${made.request.id}/complete`, { passcode: wrong });
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The passcode does not match' });
    const ok = await suite.kit.as(SUPER, 'POST', `mail-requests/${made.request.id}/complete`, {
      passcode: made.passcode,
    });
    expect(ok.json().data).toMatchObject({ status: 'completed', pickedUpBy: 'passcode' });

    const b = await receivePackage();
    const second = (await suite.kit.as(USER, 'POST', `mail-items/${b.id}/requests`, { type: 'pickup' })).json().data;
    expect((await suite.kit.as(SUPER, 'POST', `mail-requests/${second.request.id}/complete`, {})).json().message).toBe(
      'Enter the passcode, or confirm the authorized individual showed their ID',
    );
    // Spec 6: only the authorized individual may pick up without the passcode; with none on file it is required.
    const noneOnFile = await suite.kit.as(SUPER, 'POST', `mail-requests/${second.request.id}/complete`, {
      authorizedIndividualIdChecked: true,
    });
    expect(noneOnFile.statusCode).toBe(422);
    expect(noneOnFile.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'This mailbox has no authorized individual on file, so the one-time passcode is required.',
    });
    expect(second.request.pickup).toEqual({ authorizedIndividualName: null, passcodeLocked: false });
    await setAuthorizedIndividual(USER, { firstName: 'Maya', middleName: 'R', lastName: 'Thompson' });
    try {
      const seen = (await suite.kit.as(SUPER, 'GET', `mail-requests/${second.request.id}`)).json().data;
      expect(seen.pickup).toEqual({ authorizedIndividualName: 'Maya R Thompson', passcodeLocked: false });
      const ai = await suite.kit.as(SUPER, 'POST', `mail-requests/${second.request.id}/complete`, {
        authorizedIndividualIdChecked: true,
      });
      expect(ai.json().data).toMatchObject({ pickedUpBy: 'authorized_individual' });
    } finally {
      await setAuthorizedIndividual(USER, null);
    }
  });

  it('locks a pickup after five wrong passcodes (423), even for the right one, and tells the customer', async () => {
    const a = await receivePackage();
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${a.id}/requests`, { type: 'pickup' })).json().data;
    const wrong = made.passcode === '000000' ? '111111' : '000000';
    const complete = (passcode: string) =>
      suite.kit.as(SUPER, 'POST', `mail-requests/${made.request.id}/complete`, { passcode });
    for (let i = 0; i < 4; i++) expect((await complete(wrong)).statusCode).toBe(422);
    const fifth = await complete(wrong);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({
      isSuccess: false,
      code: 'PICKUP_LOCKED',
      message:
        'Too many wrong passcodes: this pickup is locked until the customer issues a new passcode from their inbox.',
    });
    expect((await complete(made.passcode)).statusCode).toBe(423);
    const seen = (await suite.kit.as(USER, 'GET', `mail-requests/${made.request.id}`)).json().data;
    expect(seen).toMatchObject({ status: 'requested', pickup: { passcodeLocked: true } });
    // Told in the app and by e-mail, once.
    const notices = (await suite.kit.as(USER, 'GET', 'notifications?pageSize=100')).json().items as {
      kind: string;
      body: string;
    }[];
    expect(notices.filter((n) => n.kind === 'pickup_locked' && n.body.includes(`M-${a.number}`))).toHaveLength(1);
    expect(
      (await suite.t.outbox()).filter((m) => m.to === USER && m.subject === 'Pickup locked: wrong passcodes'),
    ).toHaveLength(1);

    // The customer issues a new passcode: the old one stays dead, the new one works.
    const renewed = await suite.kit.as(USER, 'POST', `mail-requests/${made.request.id}/passcode`);
    expect(renewed.statusCode).toBe(200);
    const { passcode, request } = renewed.json().data;
    expect(passcode).toMatch(/^\d{6}$/);
    expect(request.pickup.passcodeLocked).toBe(false);
    if (passcode !== made.passcode) expect((await complete(made.passcode)).statusCode).toBe(422);
    const done = await complete(passcode);
    expect(done.json().data).toMatchObject({ status: 'completed', pickedUpBy: 'passcode' });
  });

  it('counts parallel guesses: twenty wrong passcodes at once lock it, the right one after them is refused', async () => {
    const a = await receivePackage();
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${a.id}/requests`, { type: 'pickup' })).json().data;
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '0')).filter((g) => g !== made.passcode);
    const answers = await Promise.all(
      guesses.map((passcode) => suite.kit.as(SUPER, 'POST', `mail-requests/${made.request.id}/complete`, { passcode })),
    );
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode === 423).length).toBe(guesses.length - 4);
    const right = await suite.kit.as(SUPER, 'POST', `mail-requests/${made.request.id}/complete`, {
      passcode: made.passcode,
    });
    expect(right.statusCode).toBe(423);
  });

  it('issues a new passcode only for the customer’s own open pickup', async () => {
    const a = await receivePackage();
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${a.id}/requests`, { type: 'pickup' })).json().data;
    const url = `mail-requests/${made.request.id}/passcode`;
    expect((await suite.kit.as(null, 'POST', url)).statusCode).toBe(401);
    expect((await suite.kit.as(SUPER, 'POST', url)).statusCode).toBe(403);
    expect((await suite.kit.as(OTHER, 'POST', url)).statusCode).toBe(404);
    expect((await suite.kit.as(USER, 'POST', 'mail-requests/not-an-id/passcode')).statusCode).toBe(422);
    const letter = await receiveLetter();
    const shred = (await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, { type: 'shred' })).json().data;
    expect((await suite.kit.as(USER, 'POST', `mail-requests/${shred.request.id}/passcode`)).statusCode).toBe(409);
    await suite.kit.as(SUPER, 'POST', `mail-requests/${made.request.id}/complete`, { passcode: made.passcode });
    expect((await suite.kit.as(USER, 'POST', url)).statusCode).toBe(409);
  });

  it('shreds only once confirmed, and refuses to trash mail that is still at the store', async () => {
    const letter = await receiveLetter();
    expect((await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/trash`)).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Only mail that was forwarded, picked up, shredded or recycled can go to the trash.',
    });
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, { type: 'shred' })).json().data
      .request;
    expect((await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/complete`, {})).statusCode).toBe(422);
    expect(
      (await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/complete`, { confirmed: true })).json().data.status,
    ).toBe('completed');
    expect((await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/archive`)).json().data.folder).toBe('archive');
    expect(
      (await suite.kit.as(USER, 'GET', 'mail-items?folder=archive&pageSize=100'))
        .json()
        .items.map((i: { id: string }) => i.id),
    ).toContain(letter.id);
  });

  it('junks future mail from a sender the customer always junks', async () => {
    const first = await receiveLetter('Spammy Deals');
    const made = await suite.kit.as(USER, 'POST', `mail-items/${first.id}/requests`, {
      type: 'junk',
      alwaysForSender: true,
    });
    expect(made.statusCode).toBe(200);
    const next = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'spammy deals ' });
    expect(next.json().data.status).toBe('junked');
  });

  it('lets the customer cancel before the store starts, not after', async () => {
    const letter = await receiveLetter();
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, { type: 'shred' })).json().data
      .request;
    expect((await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/start`)).json().data.status).toBe(
      'in_progress',
    );
    expect((await suite.kit.as(USER, 'POST', `mail-requests/${made.id}/cancel`)).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This request can no longer be cancelled: the store has started it.',
    });
    expect((await suite.kit.as(OTHER, 'GET', `mail-requests/${made.id}`)).statusCode).toBe(404);
    expect((await suite.kit.as(SUB, 'GET', `mail-requests/${made.id}`)).statusCode).toBe(403);
  });
});

describe('notifications', () => {
  it('marks notifications read and answers the unread count', async () => {
    await receiveLetter('Unread Co');
    const list = (await suite.kit.as(USER, 'GET', 'notifications?unread=true')).json();
    expect(list.unreadCount).toBeGreaterThan(0);
    const one = await suite.kit.as(USER, 'POST', 'notifications/read', { ids: [list.items[0].id] });
    expect(one.json().data.unreadCount).toBe(list.unreadCount - 1);
    expect((await suite.kit.as(USER, 'POST', 'notifications/read', { all: true })).json().data.unreadCount).toBe(0);
    expect((await suite.kit.as(USER, 'POST', 'notifications/read', { ids: [] })).statusCode).toBe(422);
  });
});
