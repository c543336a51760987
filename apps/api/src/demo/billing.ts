import { BILLING_RULES } from '@postwise/shared/billing';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import {
  addDays,
  addPeriod,
  scheduledJobs,
  type SubscriptionState,
  type PlanRow,
  plans,
  billingJobs,
  invoiceNumberSeq,
  invoices,
  paymentCustomers,
  paymentMethods,
  subscriptions,
  transactions,
} from '../modules/billing';
import type { Db } from '../db/client';
import { profiles, users } from '../modules/identity';
import type { SeedOptions } from './seed-options';
import { DEMO_PASSWORD } from './users';

/** The demo account whose renewal failed (README): its saved card is Stripe's 4000 0000 0000 0341. */
export const PAST_DUE_EMAIL = 'pastdue@example.com';

interface DemoBilling {
  email: string;
  plan: { owner: 'platform'; audience: 'customer' | 'sub_admin'; name: string; validity: 'month' | 'year' };
  card: { brand: string; last4: string; expMonth: number; expYear: number; chargeFails?: boolean };
  /** How many periods were paid before the current one. */
  paidPeriods: number;
  pastDueDays?: number;
}

const DEMO_BILLING: readonly DemoBilling[] = [
  {
    email: 'user@example.com',
    plan: { owner: 'platform', audience: 'customer', name: 'Standard Mailbox', validity: 'month' },
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    paidPeriods: 3,
  },
  {
    email: 'subadmin@example.com',
    plan: { owner: 'platform', audience: 'sub_admin', name: 'Reseller Growth', validity: 'month' },
    card: { brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2031 },
    paidPeriods: 2,
  },
  {
    email: 'reseller@example.com',
    plan: { owner: 'platform', audience: 'sub_admin', name: 'Reseller Starter', validity: 'year' },
    card: { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2030 },
    paidPeriods: 1,
  },
  {
    email: PAST_DUE_EMAIL,
    plan: { owner: 'platform', audience: 'customer', name: 'Basic Mailbox', validity: 'month' },
    card: { brand: 'visa', last4: '0341', expMonth: 11, expYear: 2030, chargeFails: true },
    paidPeriods: 2,
    // Beyond the 15 days before reinstatement (spec 9): the expired gate applies. Fewer days would still be active.
    pastDueDays: 16,
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** pastdue@example.com: a mailbox customer of the platform (README demo accounts). */
async function ensurePastDueUser(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, PAST_DUE_EMAIL));
  if (existing) return;
  const [platform] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, 'superadmin@example.com'));
  const personal = {
    firstName: 'Daniel',
    middleName: 'T',
    lastName: 'Okafor',
    fullName: 'Daniel T Okafor',
    phone: '2135550136',
    address1: '700 S Flower St',
    address2: 'Apt 1204',
    city: 'Los Angeles',
    state: 'California',
    country: 'United States',
    zip: '90017',
    mailboxName: 'Daniel T Okafor',
  };
  const [user] = await db
    .insert(users)
    .values({
      email: PAST_DUE_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      roleCode: 'USER',
      accountType: 'mailbox',
      parentUserId: platform?.id ?? null,
      status: 'active',
      personal,
      mailboxType: 'personal',
      currentStep: null,
    })
    .returning({ id: users.id });
  await db
    .insert(profiles)
    .values({ userId: user!.id, currentProfile: 'mailbox', shipmentStatus: 'none', mailboxStatus: 'active' })
    .onConflictDoNothing({ target: profiles.userId });
}

/** Whose subscription a demo invoice bills, and the card its one charge attempt used. */
interface DemoPeriod {
  userId: string;
  plan: PlanRow;
  subscriptionId: string;
  cardId: string;
  validity: 'month' | 'year';
}

/**
 * One period's subscription invoice of `plan` (a single line at the plan's price), from `start` to a period later,
 * and its one card attempt: succeeded for a paid invoice, failed for an open one.
 */
async function insertPeriodInvoice(
  tx: Db,
  period: DemoPeriod,
  {
    description,
    start,
    invoice: invoiceState,
    charge,
  }: {
    description: string;
    start: Date;
    invoice: { status: 'paid' | 'open'; dueAt: Date; paidAt?: Date };
    charge: { status: 'succeeded' | 'failed'; failureCode?: string; failureMessage?: string };
  },
): Promise<void> {
  const { plan } = period;
  const number = await nextInvoiceNumber(tx);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      userId: period.userId,
      issuerUserId: plan.ownerUserId,
      category: 'subscription',
      subscriptionId: period.subscriptionId,
      planId: plan.id,
      lines: [{ description, quantity: 1, unitAmountCents: plan.priceCents, amountCents: plan.priceCents }],
      subtotalCents: plan.priceCents,
      totalCents: plan.priceCents,
      ...invoiceState,
      periodStart: start,
      periodEnd: addPeriod(start, period.validity),
      createdAt: start,
      updatedAt: start,
    })
    .returning();
  await tx.insert(transactions).values({
    invoiceId: invoice!.id,
    userId: period.userId,
    paymentMethodId: period.cardId,
    amountCents: plan.priceCents,
    description: `Invoice ${number}`,
    provider: 'sandbox',
    providerChargeId: `pi_sandbox_demo_${invoice!.id.slice(0, 12)}`,
    requestKey: `invoice:${invoice!.id}`,
    idempotencyKey: `invoice:${invoice!.id}#1`,
    ...charge,
    createdAt: start,
  });
}

async function findPlatformPlan(db: Db, demo: DemoBilling['plan']): Promise<PlanRow | undefined> {
  const [row] = await db
    .select({ plan: plans })
    .from(plans)
    .innerJoin(users, eq(users.id, plans.ownerUserId))
    .where(
      and(
        eq(users.roleCode, 'SUPER_ADMIN'),
        eq(plans.audience, demo.audience),
        eq(plans.name, demo.name),
        eq(plans.validity, demo.validity),
        eq(plans.status, 'active'),
      ),
    )
    .limit(1);
  return row?.plan;
}

async function nextInvoiceNumber(db: Db): Promise<string> {
  const [seq] = await db
    .select({ n: sql<string>`nextval(${sql.raw(`'${invoiceNumberSeq.seqName ?? 'invoice_number_seq'}'`)})` })
    .from(sql`(select 1) as one`);
  return `INV-${String(seq!.n).padStart(6, '0')}`;
}

function subtractPeriods(at: Date, validity: 'month' | 'year', n: number): Date {
  const d = new Date(at.getTime());
  if (validity === 'month') d.setUTCMonth(d.getUTCMonth() - n);
  else d.setUTCFullYear(d.getUTCFullYear() - n);
  return d;
}

/**
 * Demo billing: sandbox cards, paid invoices and active subscriptions for user@example.com
 * and both sub-admins; pastdue@example.com whose renewal failed 3 days ago with an open invoice. Seeded once per
 * account (an account that already has a subscription row keeps its history; overwrite restores the state).
 */
export async function seedBilling(db: Db, { overwrite }: SeedOptions): Promise<void> {
  await ensurePastDueUser(db);
  const now = new Date();
  for (const demo of DEMO_BILLING) {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, demo.email))
        .limit(1);
      const plan = await findPlatformPlan(tx, demo.plan);
      if (!user || !plan) return;
      const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).limit(1);
      if (existing && !overwrite) return;

      const customerId = `cus_sandbox_demo_${user.id.slice(0, 8)}`;
      await tx
        .insert(paymentCustomers)
        .values({ userId: user.id, provider: 'sandbox', providerCustomerId: customerId })
        .onConflictDoNothing({ target: [paymentCustomers.userId, paymentCustomers.provider] });
      const pmId = `pm_sandbox${demo.card.chargeFails ? '_chargefail_' : '_'}demo_${user.id.slice(0, 8)}`;
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.isDefault, true)));
      const [card] = await tx
        .insert(paymentMethods)
        .values({
          userId: user.id,
          provider: 'sandbox',
          type: 'card',
          providerPaymentMethodId: pmId,
          ...demo.card,
          isDefault: true,
          status: 'active',
          createdAt: subtractPeriods(now, demo.plan.validity, demo.paidPeriods + 1),
        })
        .onConflictDoUpdate({
          target: [paymentMethods.provider, paymentMethods.providerPaymentMethodId],
          set: { isDefault: true, status: 'active', removedAt: null },
        })
        .returning();

      // The current period: active ones started 9 days ago; the past-due one ended pastDueDays ago.
      const validity = demo.plan.validity;
      const pastDueAt = demo.pastDueDays ? new Date(now.getTime() - demo.pastDueDays * DAY) : null;
      const currentStart = pastDueAt ? subtractPeriods(pastDueAt, validity, 1) : new Date(now.getTime() - 9 * DAY);
      const state: SubscriptionState = {
        status: pastDueAt ? 'expired' : 'active',
        isExpired: Boolean(pastDueAt),
        currentPeriodStart: currentStart,
        currentPeriodEnd: pastDueAt ?? addPeriod(currentStart, validity),
        enteredPastDueAt: pastDueAt,
        cancelledAt: null,
        lateFeesCharged: 0,
        reinstatementInvoicedAt: null,
        billingAnchorDay: currentStart.getUTCDate(),
      };
      const [sub] = await tx
        .insert(subscriptions)
        .values({ userId: user.id, planId: plan.id, scansRemaining: pastDueAt ? 0 : plan.scanCount - 4, ...state })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: { planId: plan.id, scansRemaining: pastDueAt ? 0 : plan.scanCount - 4, ...state, updatedAt: now },
        })
        .returning();
      await tx
        .update(billingJobs)
        .set({ status: 'skipped', finishedAt: now })
        .where(and(eq(billingJobs.subscriptionId, sub!.id), eq(billingJobs.status, 'pending')));
      for (const job of scheduledJobs(state)) {
        await tx
          .insert(billingJobs)
          .values({ subscriptionId: sub!.id, kind: job.kind, runAt: job.runAt })
          .onConflictDoUpdate({
            target: [billingJobs.subscriptionId, billingJobs.kind, billingJobs.runAt],
            set: { status: 'pending', finishedAt: null },
          });
      }
      if (existing) return; // history is written once

      const period = { userId: user.id, plan, subscriptionId: sub!.id, cardId: card!.id, validity };
      // Paid periods up to and including the current one, oldest first.
      const paid = demo.paidPeriods + 1;
      for (let i = paid; i >= 1; i--) {
        const start = subtractPeriods(currentStart, validity, i - 1);
        const label = `${plan.name} — ${validity === 'month' ? 'Monthly' : 'Annual'} ${i === paid ? 'subscription' : 'renewal'}`;
        await insertPeriodInvoice(tx, period, {
          description: label,
          start,
          invoice: { status: 'paid', dueAt: start, paidAt: start },
          charge: { status: 'succeeded' },
        });
      }

      if (pastDueAt) {
        await insertPeriodInvoice(tx, period, {
          description: `${plan.name} — ${validity === 'month' ? 'Monthly' : 'Annual'} renewal`,
          start: pastDueAt,
          invoice: { status: 'open', dueAt: addDays(pastDueAt, BILLING_RULES.paymentDueDays) },
          charge: { status: 'failed', failureCode: 'card_declined', failureMessage: 'Your card was declined.' },
        });
      }
    });
  }
}
