import { randomUUID } from 'node:crypto';
import {
  type ForwardQuote,
  type MailItemKind,
  type MailItemStatus,
  type MailRequestStatus,
  type MailRequestType,
  addDays,
  formatMailboxAddress,
  forwardQuote,
  isFinalStatus,
  receivingFees,
  storageDailyFee,
} from '@postwise/shared/mail';
import { eq, sql } from 'drizzle-orm';
import type { FileStorage } from '../integrations/storage/file-storage';
import { hashToken } from '../lib/tokens';
import {
  accrueStorageFees,
  holderFees,
  feeDate,
  freeUntilInZone,
  mailboxes,
  stores,
  type MailRequestEvent,
  mailItemFees,
  mailItems,
  mailRequests,
  mailRules,
} from '../modules/mailbox';
import type { Db } from '../db/client';
import { notifications } from '../modules/platform';
import { users } from '../modules/identity';
import { contentsPdf, envelopePng } from './envelope-art';
import type { SeedOptions } from './seed-options';
import { demoUserId } from './users';

/** The pickup passcode of the demo's open pickup request (README), so the operator flow can be tried. */
export const DEMO_PICKUP_PASSCODE = '246810';

interface DemoItem {
  kind: MailItemKind;
  sender: string;
  from: string[];
  daysAgo: number;
  status: MailItemStatus;
  folder?: 'inbox' | 'archive' | 'trash';
  weightLb?: number;
  dims?: [number, number, number];
  carrier?: string;
  tracking?: string;
  message?: string;
  scan?: string[];
  request?: { type: MailRequestType; status: MailRequestStatus; hoursAgo: number; quoteHigher?: boolean };
}

const LA = 'Los Angeles CA';
// About 25 items of every kind and state for user@example.com: new mail, a scanned letter, packages ready to
// forward, one 2 days from its storage fee, some accruing, open requests of each type, archived and trashed ones.
const ITEMS: DemoItem[] = [
  {
    kind: 'letter',
    sender: 'Internal Revenue Service',
    from: ['Department of the Treasury', 'Ogden UT 84201'],
    daysAgo: 1,
    status: 'received',
  },
  {
    kind: 'letter',
    sender: 'State Farm Insurance',
    from: ['PO Box 2371', 'Bloomington IL 61702'],
    daysAgo: 2,
    status: 'received',
    message: 'Marked "Important policy information".',
  },
  {
    kind: 'letter',
    sender: 'Chase Bank',
    from: ['Card Services', 'Wilmington DE 19850'],
    daysAgo: 6,
    status: 'scanned',
    scan: [
      'Your new card is on its way.',
      'Account ending 4821 — statement period Oct 1 to Oct 31.',
      'New balance: $1,284.16. Minimum payment due Nov 25: $35.00.',
    ],
  },
  {
    kind: 'letter',
    sender: 'LA Dept. of Water & Power',
    from: ['111 N Hope St', `${LA} 90012`],
    daysAgo: 3,
    status: 'received',
  },
  {
    kind: 'letter',
    sender: 'Verizon Wireless',
    from: ['PO Box 660108', 'Dallas TX 75266'],
    daysAgo: 9,
    status: 'scan_requested',
    request: { type: 'scan', status: 'requested', hoursAgo: 30 },
  },
  {
    kind: 'letter',
    sender: 'Coupon Saver Weekly',
    from: ['1 Deal Plaza', 'Tampa FL 33601'],
    daysAgo: 4,
    status: 'junk_requested',
    request: { type: 'junk', status: 'requested', hoursAgo: 20 },
  },
  {
    kind: 'letter',
    sender: 'Wells Fargo',
    from: ['PO Box 6995', 'Portland OR 97228'],
    daysAgo: 41,
    status: 'received',
  },
  {
    kind: 'letter',
    sender: 'Cedars-Sinai Billing',
    from: ['8700 Beverly Blvd', `${LA} 90048`],
    daysAgo: 26,
    status: 'received',
  },
  {
    kind: 'letter',
    sender: 'Old Navy Rewards',
    from: ['PO Box 4060', 'Columbus OH 43216'],
    daysAgo: 12,
    status: 'shred_requested',
    request: { type: 'shred', status: 'requested', hoursAgo: 50 },
  },
  {
    kind: 'letter',
    sender: 'Expired Offers Inc',
    from: ['400 Market St', 'San Francisco CA 94105'],
    daysAgo: 18,
    status: 'shredded',
    folder: 'trash',
  },
  {
    kind: 'letter',
    sender: 'California DMV',
    from: ['PO Box 942869', 'Sacramento CA 94269'],
    daysAgo: 20,
    status: 'scanned',
    folder: 'archive',
    scan: ['Vehicle registration renewal notice.', 'Plate 8ABC123 — renew by December 15.', 'Fee due: $214.00.'],
  },
  {
    kind: 'letter',
    sender: 'Pizza Palace Menu',
    from: ['88 Main St', `${LA} 90013`],
    daysAgo: 15,
    status: 'junked',
    folder: 'archive',
  },
  {
    kind: 'large_envelope',
    sender: 'Baker & Lee LLP',
    from: ['355 S Grand Ave', `${LA} 90071`],
    daysAgo: 5,
    status: 'received',
    weightLb: 0.6,
  },
  {
    kind: 'large_envelope',
    sender: 'The New Yorker',
    from: ['1 World Trade Center', 'New York NY 10007'],
    daysAgo: 2,
    status: 'received',
    weightLb: 0.4,
  },
  {
    kind: 'package',
    sender: 'Amazon',
    from: ['Amazon Fulfillment', 'San Bernardino CA 92408'],
    daysAgo: 0.2,
    status: 'received',
    weightLb: 3.2,
    dims: [14, 10, 6],
    carrier: 'UPS',
    tracking: '1Z999AA10123456784',
  },
  {
    kind: 'package',
    sender: 'B&H Photo',
    from: ['420 9th Ave', 'New York NY 10001'],
    daysAgo: 1,
    status: 'received',
    weightLb: 6.5,
    dims: [18, 12, 10],
    carrier: 'FedEx',
    tracking: '794644790132',
    message: 'Box slightly dented on one corner.',
  },
  {
    kind: 'package',
    sender: 'Etsy Seller: Clay Studio',
    from: ['22 Pottery Ln', 'Portland OR 97201'],
    daysAgo: 6,
    status: 'received',
    weightLb: 2.1,
    dims: [10, 10, 8],
    carrier: 'USPS',
    tracking: '9400111202555842761623',
  },
  {
    kind: 'package',
    sender: 'Apple',
    from: ['1 Apple Park Way', 'Cupertino CA 95014'],
    daysAgo: 2,
    status: 'forward_requested',
    weightLb: 1.8,
    dims: [9, 7, 4],
    carrier: 'UPS',
    tracking: '1Z999AA10123456785',
    request: { type: 'forward', status: 'requested', hoursAgo: 26 },
  },
  {
    kind: 'package',
    sender: 'Chewy',
    from: ['7700 W Sunrise Blvd', 'Plantation FL 33322'],
    daysAgo: 2,
    status: 'pickup_requested',
    weightLb: 22,
    dims: [20, 14, 12],
    carrier: 'FedEx',
    tracking: '794644790133',
    request: { type: 'pickup', status: 'requested', hoursAgo: 10 },
  },
  {
    kind: 'package',
    sender: 'Zappos',
    from: ['400 E Stewart Ave', 'Las Vegas NV 89101'],
    daysAgo: 9,
    status: 'forwarded',
    folder: 'trash',
    weightLb: 2.4,
    dims: [13, 8, 5],
    carrier: 'UPS',
    tracking: '1Z999AA10123456786',
  },
  {
    kind: 'package',
    sender: 'Best Buy',
    from: ['7601 Penn Ave S', 'Richfield MN 55423'],
    daysAgo: 14,
    status: 'picked_up',
    folder: 'archive',
    weightLb: 4,
    dims: [16, 12, 4],
    carrier: 'USPS',
    tracking: '9400111202555842761624',
  },
  {
    kind: 'package',
    sender: 'IKEA',
    from: ['600 N San Fernando Blvd', 'Burbank CA 91502'],
    daysAgo: 3,
    status: 'forward_requested',
    weightLb: 18,
    dims: [30, 16, 6],
    carrier: 'FedEx',
    tracking: '794644790134',
    request: { type: 'forward', status: 'quote_pending', hoursAgo: 40, quoteHigher: true },
  },
  {
    kind: 'package',
    sender: 'Rogue Fitness',
    from: ['545 E 5th Ave', 'Columbus OH 43201'],
    daysAgo: 2,
    status: 'received',
    weightLb: 55,
    dims: [24, 18, 12],
    carrier: 'FedEx Freight',
    tracking: '794644790135',
    message: 'Heavy: two people to lift.',
  },
  {
    kind: 'pallet',
    sender: 'Uline',
    from: ['12575 Uline Dr', 'Pleasant Prairie WI 53158'],
    daysAgo: 1,
    status: 'received',
    weightLb: 320,
    dims: [48, 40, 50],
    carrier: 'XPO Logistics',
    tracking: 'XPO55512345',
  },
  {
    kind: 'letter',
    sender: 'Sunny Deals Flyers',
    from: ['900 Ocean Ave', 'Santa Monica CA 90401'],
    daysAgo: 0.5,
    status: 'junked',
  },
];

/** Where user@example.com's demo forwards go (the mail tests forward there too). */
export const DEMO_FORWARD_ADDRESS = {
  name: 'Jordan Lee',
  line1: '500 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'United States',
};

/**
 * The mail demo: user@example.com's mailbox with about 25 items and open requests of each type (so the
 * operator queue has work). Idempotent: a mailbox that already holds items is left as it is.
 */
export async function seedMail(db: Db, { storage }: SeedOptions & { storage?: FileStorage }) {
  const holderId = await demoUserId(db, 'user@example.com');
  const operatorId = await demoUserId(db, 'superadmin@example.com');
  if (!holderId) return;
  const [box] = await db
    .select({ mailbox: mailboxes, store: stores, holder: users })
    .from(mailboxes)
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .where(eq(mailboxes.userId, holderId))
    .limit(1);
  if (!box) return;
  if ((await db.$count(mailItems, eq(mailItems.mailboxId, box.mailbox.id))) > 0) return;

  const now = new Date();
  const fee = await holderFees(db, holderId);
  const recipient = formatMailboxAddress({
    name: box.mailbox.names[0] || box.holder.fullName,
    store: box.store,
    pmbPrefix: box.store.pmbPrefix,
    pmbNumber: box.mailbox.pmbNumber,
  }).lines;
  let packagesThisMonth = 0;
  const itemRows: (typeof mailItems.$inferInsert)[] = [];
  const feeRows: (typeof mailItemFees.$inferInsert)[] = [];
  const requestRows: (typeof mailRequests.$inferInsert)[] = [];

  for (const demo of ITEMS) {
    const id = randomUUID();
    const receivedAt = new Date(now.getTime() - demo.daysAgo * 24 * 3_600_000);
    const dimensions = demo.dims ? { lengthIn: demo.dims[0], widthIn: demo.dims[1], heightIn: demo.dims[2] } : null;
    if (demo.kind === 'package') packagesThisMonth += 1;
    const fees = receivingFees(
      { kind: demo.kind, weightLb: demo.weightLb ?? null, dimensions, receiptNumberThisMonth: packagesThisMonth },
      fee,
    );
    const final = isFinalStatus(demo.status);
    const photoKeys: string[] = [];
    let contentScanKey: string | null = null;
    if (storage) {
      const png = await envelopePng({
        kind: demo.kind,
        sender: demo.sender,
        senderLines: [demo.sender, ...demo.from],
        recipientLines: recipient,
        trackingNumber: demo.tracking ?? null,
        carrier: demo.carrier ?? null,
      });
      const key = `mail/${box.mailbox.id}/${id}/photo-0`;
      await storage.put(key, png, 'image/png');
      photoKeys.push(key);
      if (demo.scan) {
        contentScanKey = `mail/${box.mailbox.id}/${id}/contents-seed.pdf`;
        await storage.put(
          contentScanKey,
          await contentsPdf(`Letter from ${demo.sender}`, demo.sender, demo.scan),
          'application/pdf',
        );
      }
    }
    const endedAt = final ? new Date(receivedAt.getTime() + Math.min(demo.daysAgo / 2, 3) * 24 * 3_600_000) : null;
    const request = demo.request
      ? requestRow(demo, { id, dimensions, holderId, operatorId: operatorId ?? null, box, now, fee })
      : null;
    if (request) requestRows.push(request);
    itemRows.push({
      id,
      openRequestId: request?.id ?? null,
      mailboxId: box.mailbox.id,
      userId: holderId,
      storeId: box.store.id,
      kind: demo.kind,
      sender: demo.sender,
      carrier: demo.carrier ?? null,
      trackingNumber: demo.tracking ?? null,
      weightLb: demo.weightLb ?? null,
      lengthIn: dimensions?.lengthIn ?? null,
      widthIn: dimensions?.widthIn ?? null,
      heightIn: dimensions?.heightIn ?? null,
      message: demo.message ?? null,
      photoKeys,
      contentScanKey,
      status: demo.status,
      folder: demo.folder ?? 'inbox',
      receivedAt,
      freeUntil: freeUntilInZone(demo.kind, receivedAt, box.store.timeZone),
      storageDailyFeeCents: storageDailyFee(demo.kind, fee),
      receivingFeeCents: fees.reduce((s, f) => s + f.amountCents, 0),
      storageEndedAt: endedAt,
      archivedAt: demo.folder === 'archive' ? addDays(receivedAt, 3) : null,
      trashedAt: demo.folder === 'trash' ? addDays(now, -3) : null,
      receivedByUserId: operatorId ?? null,
      createdAt: receivedAt,
      updatedAt: receivedAt,
    });
    for (const f of fees) {
      feeRows.push({
        mailItemId: id,
        userId: holderId,
        kind: f.kind,
        feeDate: feeDate(receivedAt, box.store.timeZone),
        amountCents: f.amountCents,
      });
    }
  }
  // One statement per table: the seed runs at every start of the embedded default and in every API test.
  await db.transaction(async (tx) => {
    await tx.insert(mailItems).values(itemRows);
    if (feeRows.length) await tx.insert(mailItemFees).values(feeRows).onConflictDoNothing();
    await tx.insert(mailRequests).values(requestRows);
  });

  const hasRules = await db.$count(mailRules, eq(mailRules.userId, holderId));
  if (!hasRules) {
    await db.insert(mailRules).values({
      userId: holderId,
      name: 'Always junk Sunny Deals Flyers',
      match: { sender: { op: 'equals', value: 'Sunny Deals Flyers' } },
      action: { type: 'junk' },
      createdAt: now,
      updatedAt: now,
    });
  }
  await accrueStorageFees(db, now);

  const [newest] = await db
    .select({ id: mailItems.id })
    .from(mailItems)
    .where(eq(mailItems.mailboxId, box.mailbox.id))
    .orderBy(sql`${mailItems.receivedAt} desc`)
    .limit(1);
  await db.insert(notifications).values([
    {
      userId: holderId,
      kind: 'new_mail',
      title: 'New package from Amazon',
      body: 'A package from Amazon arrived. Free storage for 3 days.',
      link: `/inbox?item=${newest?.id ?? ''}`,
      mailItemId: newest?.id ?? null,
      createdAt: new Date(now.getTime() - 5 * 3_600_000),
    },
    {
      userId: holderId,
      kind: 'quote_changed',
      title: 'Your forward costs more than quoted',
      body: 'After packing, the IKEA forward costs more. Approve the new price or cancel the forward.',
      link: '/inbox',
      createdAt: new Date(now.getTime() - 30 * 3_600_000),
    },
    {
      userId: holderId,
      kind: 'scan_ready',
      title: 'Scan ready: Chase Bank',
      body: 'The contents of your letter from Chase Bank are scanned.',
      link: '/inbox',
      readAt: new Date(now.getTime() - 4 * 24 * 3_600_000),
      createdAt: new Date(now.getTime() - 5 * 24 * 3_600_000),
    },
  ]);
}

function requestRow(
  demo: DemoItem,
  ctx: {
    id: string;
    dimensions: { lengthIn: number; widthIn: number; heightIn: number } | null;
    holderId: string;
    operatorId: string | null;
    box: { mailbox: { id: string }; store: { id: string } };
    now: Date;
    fee: Awaited<ReturnType<typeof holderFees>>;
  },
) {
  const r = demo.request!;
  const createdAt = new Date(ctx.now.getTime() - r.hoursAgo * 3_600_000);
  let estimate: ForwardQuote | null = null;
  if (r.type === 'forward') {
    estimate = forwardQuote(
      [{ kind: demo.kind, weightLb: demo.weightLb ?? null, dimensions: ctx.dimensions }],
      20_000,
      ctx.fee,
    );
  }
  const paid = estimate?.totalCents ?? 0;
  const quote = r.quoteHigher ? paid + 1250 : null;
  const events: MailRequestEvent[] = [{ at: createdAt.toISOString(), status: 'requested', byUserId: ctx.holderId }];
  if (r.status === 'quote_pending') {
    events.push({
      at: addDays(createdAt, 0.5).toISOString(),
      status: 'quote',
      byUserId: ctx.operatorId,
      note: 'Bulky after packing',
    });
  }
  return {
    id: randomUUID(),
    mailItemId: ctx.id,
    itemIds: [ctx.id],
    mailboxId: ctx.box.mailbox.id,
    userId: ctx.holderId,
    storeId: ctx.box.store.id,
    type: r.type,
    status: r.status,
    address: r.type === 'forward' ? DEMO_FORWARD_ADDRESS : null,
    declaredValueCents: r.type === 'forward' ? 20_000 : 0,
    estimate,
    paidCents: paid,
    quoteCents: quote,
    extraDueCents: quote ? quote - paid : 0,
    carrierService: r.quoteHigher ? 'FedEx Ground' : null,
    passcodeHash: r.type === 'pickup' ? hashToken(DEMO_PICKUP_PASSCODE) : null,
    events,
    startedAt: r.status === 'quote_pending' ? addDays(createdAt, 0.5) : null,
    createdAt,
    updatedAt: createdAt,
  } satisfies typeof mailRequests.$inferInsert;
}
