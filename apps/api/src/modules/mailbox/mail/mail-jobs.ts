import { MAIL_ITEM_KIND_LABELS, MAIL_RULES, addDays, requestAllowed } from '@postwise/shared/mail';
import { dayKeyIn, DEFAULT_TIME_ZONE, midnightIn } from '@postwise/shared/time-zones';
import { formatCents } from '@postwise/shared/plans';
import { BILLING_RULES } from '@postwise/shared/billing';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type InvoiceLine, insertInvoice, lockBillingUser, chargeInvoice } from '../../billing';
import { mailItemFees, mailItems, mailRequests } from '../schema/mail';
import { stores } from '../schema/stores';
import { isAppError } from '../../../lib/errors';
import { notify } from '../../platform';
import type { MailContext } from './mail-context';
import { mailboxOnHand } from './mail-records';
import { startOfMonthInZone } from '../../../lib/time-zone';
import { freeDaysLeftInZone, zonedStorageDaysSql } from './storage-clock';
import { scanPreviewKeys, thumbnailKeys } from './photo-thumbnails';
import { sendCertificationReminders, sendIdExpiryAlerts } from '../compliance/compliance-jobs';

export interface MailJobsReport {
  storageFeeRows: number;
  feeWarnings: number;
  purged: number;
  invoices: { userId: string; invoiceId: string; totalCents: number; paid: boolean }[];
  /** Operators reminded of the quarter's CMRA certification. */
  certificationReminders: number;
  /** IDs whose coming expiry was told to their customer and operator. */
  idExpiryAlerts: number;
}

/**
 * One run of the mail jobs. Each step is safe to run twice and from several processes at once:
 * - storage fees: one row per item and day, inserted with ON CONFLICT DO NOTHING on the unique
 *   (item, kind, day) key, so a second run (or a second process) adds nothing;
 * - "fees start in 5 days": claimed by one UPDATE ... RETURNING on fee_warning_sent_at, so each item is told once;
 * - trash emptying: one UPDATE ... RETURNING on purged_at;
 * - monthly usage invoices: per user under billing's advisory lock, fee rows claimed FOR UPDATE SKIP LOCKED and
 *   stamped with the invoice in the same transaction, then paid through the ledger's one charge path (after the
 *   commit: the invoice is written once, its payment is a purchase of its own that recovery finishes).
 */
export async function runMailJobs(ctx: MailContext): Promise<MailJobsReport> {
  const now = ctx.now();
  return {
    storageFeeRows: await accrueStorageFees(ctx.db, now),
    feeWarnings: await sendFeeWarnings(ctx, now),
    purged: await emptyTrash(ctx, now),
    invoices: await invoiceMonthlyUsage(ctx, now),
    certificationReminders: await sendCertificationReminders(ctx, now),
    idExpiryAlerts: await sendIdExpiryAlerts(ctx, now),
  };
}

/**
 * Storage fee rows for each started day after the free period, up to now or the end of storage. Days are the
 * store's calendar days (stores.time_zone): fee day n is booked on the local date n - 1 days after the free period
 * ended, and a day across a daylight-saving change is one day.
 */
export async function accrueStorageFees(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const days = zonedStorageDaysSql(
    sql`least(coalesce(i.storage_ended_at, ${at}::timestamptz), ${at}::timestamptz)`,
    sql`i.free_until`,
    sql`s.time_zone`,
  );
  // Days already recorded are contiguous from day 1, so new ones start after their count.
  const result = await db.execute(sql`
    insert into ${mailItemFees} (mail_item_id, user_id, kind, fee_date, amount_cents)
    select i.id, i.user_id, 'storage',
           ((i.free_until at time zone s.time_zone) + (n - 1) * interval '1 day')::date,
           i.storage_daily_fee_cents
    from ${mailItems} i
    join ${stores} s on s.id = i.store_id
    cross join lateral generate_series(
      (select count(*) from ${mailItemFees} f where f.mail_item_id = i.id and f.kind = 'storage')::int + 1,
      (${days})::int
    ) as n
    where i.storage_daily_fee_cents > 0
      and i.free_until < ${at}::timestamptz
      and (i.storage_ended_at is null or i.storage_ended_at > i.free_until)
    on conflict (mail_item_id, kind, fee_date) do nothing`);
  return Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
}

/**
 * "Storage fees start soon": the items are claimed and each customer is told once per run, one notification and
 * one e-mail listing all of their items, in the claim's transaction (a notice exists exactly when its items are
 * marked told).
 */
async function sendFeeWarnings(ctx: MailContext, now: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(mailItems)
      .set({ feeWarningSentAt: now })
      .where(
        and(
          // Only items still on hand that nobody has acted on: an item being forwarded, scanned or picked up is
          // already leaving, and a notice then reads as a second bill.
          isNull(mailItems.storageEndedAt),
          isNull(mailItems.openRequestId),
          inArray(mailItems.status, ['received', 'scanned']),
          isNull(mailItems.feeWarningSentAt),
          isNull(mailItems.purgedAt),
          gt(mailItems.storageDailyFeeCents, 0),
          gt(mailItems.freeUntil, now),
          lt(mailItems.freeUntil, addDays(now, MAIL_RULES.feeWarningDays)),
        ),
      )
      .returning();
    const zones = await storeZones(
      tx,
      claimed.map((item) => item.storeId),
    );
    const byUser = new Map<string, (typeof claimed)[number][]>();
    for (const item of claimed) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
    for (const [userId, items] of byUser) {
      items.sort((a, b) => a.freeUntil.getTime() - b.freeUntil.getTime());
      const lines = items.map((item) => {
        const what = MAIL_ITEM_KIND_LABELS[item.kind].toLowerCase();
        return `Your ${what} from ${item.sender} (M-${item.number}) is stored free until ${dayKeyIn(item.freeUntil, zoneOf(zones, item.storeId))}; then ${formatCents(item.storageDailyFeeCents, { alwaysDecimals: true })} a day.`;
      });
      const days = freeDaysLeftInZone(items[0]!, now, zoneOf(zones, items[0]!.storeId));
      const soon = `${days} day${days === 1 ? '' : 's'}`;
      const single = items.length === 1 ? items[0]! : null;
      const them = single ? 'it' : 'them';
      // Only paper can be shredded: a package or pallet is forwarded or picked up.
      const choices = items.every((i) => requestAllowed(i.kind, i.status, 'shred'))
        ? `Forward ${them}, pick ${them} up, or shred ${them}`
        : `Forward ${them} or pick ${them} up`;
      await notify(
        { ...ctx, db: tx },
        {
          userId,
          kind: 'fees_soon',
          title: single ? `Storage fees start in ${soon}` : `Storage fees start in ${soon} for ${items.length} items`,
          body: `${lines.join(' ')} ${choices} before then.`,
          link: single ? `/inbox?item=${single.id}` : '/inbox',
          mailItemId: single?.id ?? null,
          email: {
            paragraphs: [...lines, `${choices} before then.`],
            actionLabel: 'Choose what to do',
          },
        },
        now,
      );
    }
    return claimed.length;
  });
}

async function storeZones(db: Db, storeIds: string[]): Promise<Map<string, string>> {
  if (!storeIds.length) return new Map();
  const rows = await db
    .select({ id: stores.id, timeZone: stores.timeZone })
    .from(stores)
    .where(inArray(stores.id, [...new Set(storeIds)]));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}

function zoneOf(zones: Map<string, string>, storeId: string): string {
  return zones.get(storeId) ?? DEFAULT_TIME_ZONE;
}

async function emptyTrash(ctx: MailContext, now: Date): Promise<number> {
  const purged = await ctx.db
    .update(mailItems)
    .set({ purgedAt: now, updatedAt: now })
    .where(
      and(
        eq(mailItems.folder, 'trash'),
        isNull(mailItems.purgedAt),
        lt(mailItems.trashedAt, addDays(now, -MAIL_RULES.trashRetentionDays)),
      ),
    )
    .returning({ photoKeys: mailItems.photoKeys, contentScanKey: mailItems.contentScanKey });
  if (purged.length > 0) mailboxOnHand.forget();
  for (const item of purged) {
    const thumbnails = item.photoKeys.flatMap(thumbnailKeys);
    const scan = item.contentScanKey ? [item.contentScanKey, ...scanPreviewKeys(item.contentScanKey)] : [];
    for (const key of [...item.photoKeys, ...thumbnails, ...scan]) {
      await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err, key }, 'purged mail file not deleted'));
    }
  }
  return purged.length;
}

const FEE_LABELS: Record<string, string> = {
  storage: 'Storage',
  package_receiving: 'Package receiving (beyond the free receipts)',
  overweight: 'Overweight or oversize handling',
  pallet_receiving: 'Pallet receiving',
  consolidation: 'Consolidation',
};

/**
 * One line per item and fee kind, naming the item and what the fee is for: "Storage, M-1000007, 12 days × $1.00".
 * Days at different rates (a plan change) get a line each.
 */
export function usageLines(
  fees: { kind: string; amountCents: number; itemNumber: number; mailItemId: string }[],
): InvoiceLine[] {
  const groups = new Map<string, { kind: string; itemNumber: number; unit: number; count: number }>();
  for (const f of fees) {
    const key = `${f.mailItemId}|${f.kind}|${f.amountCents}`;
    const group = groups.get(key) ?? { kind: f.kind, itemNumber: f.itemNumber, unit: f.amountCents, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => {
    const unit = formatCents(g.unit, { alwaysDecimals: true });
    const what = FEE_LABELS[g.kind] ?? g.kind;
    const count = g.kind === 'storage' ? `${g.count} day${g.count === 1 ? '' : 's'}` : `${g.count}`;
    return {
      description: `${what}, M-${g.itemNumber}, ${count} × ${unit}`,
      quantity: g.count,
      unitAmountCents: g.unit,
      amountCents: g.unit * g.count,
    };
  });
}

/**
 * The month's mail usage (fees of days before this month) on one invoice per customer, category mail_request,
 * less credits owed to them (cancelled or lower-quoted forwards), then charged to the default card. A refused
 * or missing card leaves the invoice open for the customer to pay from the invoices page.
 */
async function invoiceMonthlyUsage(ctx: MailContext, now: Date) {
  // A fee's date is its store's local date (storage-clock.ts), so "before this month" is the store's month too.
  const beforeThisMonth = sql`${mailItemFees.feeDate} < date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${stores.timeZone})::date`;
  const users = await ctx.db
    .selectDistinct({ userId: mailItemFees.userId })
    .from(mailItemFees)
    .innerJoin(mailItems, eq(mailItems.id, mailItemFees.mailItemId))
    .innerJoin(stores, eq(stores.id, mailItems.storeId))
    .where(and(isNull(mailItemFees.invoiceId), beforeThisMonth))
    .limit(200);
  const report: MailJobsReport['invoices'] = [];
  for (const { userId } of users) {
    const made = await ctx.db.transaction(async (tx) => {
      await lockBillingUser(tx, userId);
      const fees = await tx
        .select({
          id: mailItemFees.id,
          kind: mailItemFees.kind,
          amountCents: mailItemFees.amountCents,
          feeDate: mailItemFees.feeDate,
          mailItemId: mailItemFees.mailItemId,
          itemNumber: mailItems.number,
        })
        .from(mailItemFees)
        .innerJoin(mailItems, eq(mailItems.id, mailItemFees.mailItemId))
        .innerJoin(stores, eq(stores.id, mailItems.storeId))
        .where(and(eq(mailItemFees.userId, userId), isNull(mailItemFees.invoiceId), beforeThisMonth))
        .orderBy(asc(mailItemFees.feeDate))
        .for('update', { of: mailItemFees, skipLocked: true });
      if (!fees.length) return null;
      const lines = usageLines(fees);
      let budget = lines.reduce((sum, l) => sum + l.amountCents, 0);
      const credits = await tx
        .select()
        .from(mailRequests)
        .where(and(eq(mailRequests.userId, userId), gt(mailRequests.refundCents, mailRequests.refundCreditedCents)))
        .for('update');
      for (const r of credits) {
        const credit = Math.min(budget, r.refundCents - r.refundCreditedCents);
        if (credit <= 0) break;
        lines.push({
          description: `Credit: forward request ${r.id.slice(0, 8)}`,
          quantity: 1,
          unitAmountCents: -credit,
          amountCents: -credit,
        });
        budget -= credit;
        await tx
          .update(mailRequests)
          .set({ refundCreditedCents: r.refundCreditedCents + credit })
          .where(eq(mailRequests.id, r.id));
      }
      const [issuer] = await tx
        .select({ ownerUserId: stores.ownerUserId, timeZone: stores.timeZone })
        .from(mailItems)
        .innerJoin(stores, eq(stores.id, mailItems.storeId))
        .where(eq(mailItems.id, fees[0]!.mailItemId));
      const zone = issuer?.timeZone ?? DEFAULT_TIME_ZONE;
      const invoice = await insertInvoice(tx, {
        userId,
        issuerUserId: issuer?.ownerUserId ?? null,
        category: 'mail_request',
        lines,
        currency: 'usd',
        status: budget === 0 ? 'paid' : 'open',
        // The period in the store's calendar: from local midnight of the first fee day to this month's start.
        periodStart: midnightIn(fees[0]!.feeDate, zone),
        periodEnd: startOfMonthInZone(now, zone),
        dueAt: addDays(now, BILLING_RULES.paymentDueDays),
        ...(budget === 0 ? { paidAt: now } : {}),
      });
      await tx
        .update(mailItemFees)
        .set({ invoiceId: invoice.id })
        .where(
          sql`${mailItemFees.id} in (${sql.join(
            fees.map((f) => sql`${f.id}::uuid`),
            sql`, `,
          )})`,
        );
      return invoice;
    });
    if (!made) continue;
    let paid = made.status === 'paid';
    if (!paid) {
      try {
        const outcome = await chargeInvoice(ctx, userId, made.id);
        paid = outcome.status === 'succeeded';
      } catch (err) {
        if (!isAppError(err)) ctx.log.error({ err, invoiceId: made.id }, 'mail usage invoice not charged');
      }
    }
    if (!paid) await notifyInvoiceDue(ctx, userId, made, now);
    report.push({ userId, invoiceId: made.id, totalCents: made.totalCents, paid });
  }
  return report;
}

/** Runs the mail jobs every `intervalSeconds` until stopped (server.ts; one timer per process is safe). */
/** The usage invoice could not be charged: the customer is told it is due (in-app, e-mail, push per preferences). */
async function notifyInvoiceDue(
  ctx: MailContext,
  userId: string,
  invoice: { id: string; totalCents: number; dueAt: Date | null },
  now: Date,
): Promise<void> {
  const due = invoice.dueAt ? ` by ${invoice.dueAt.toISOString().slice(0, 10)}` : '';
  try {
    await notify(
      ctx,
      {
        userId,
        kind: 'invoice_due',
        title: 'Invoice due',
        body: `Your mailbox usage invoice of ${formatCents(invoice.totalCents, { alwaysDecimals: true })} is due${due}. We could not charge your card.`,
        link: '/invoices-billing?p_s=pending',
        email: { actionLabel: 'Pay the invoice' },
        emailKey: `invoice-due:${invoice.id}`,
      },
      now,
    );
  } catch (err) {
    ctx.log.warn({ err, invoiceId: invoice.id }, 'invoice due notification not sent');
  }
}

export function startMailJobsRunner(ctx: MailContext, intervalSeconds: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runMailJobs(ctx)
      .then((r) => {
        if (
          r.storageFeeRows ||
          r.feeWarnings ||
          r.purged ||
          r.invoices.length ||
          r.certificationReminders ||
          r.idExpiryAlerts
        )
          ctx.log.info(r, 'mail jobs ran');
      })
      .catch((err) => ctx.log.error({ err }, 'mail jobs failed'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
