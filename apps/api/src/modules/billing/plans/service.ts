import type { PlanValidity } from '@postwise/shared/constants';
import type { Plan, PlanAudience } from '@postwise/shared/plans';
import { type PlanInput, PLAN_MESSAGES } from '@postwise/shared/schemas/billing';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type PlanRow, plans } from '../schema/plans';
import { type UserRow, users, actorFromUser, actorMay } from '../../identity';
import { forbidden, notFound, validationFailed } from '../../../lib/errors';

export function toPlanDto(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceCents,
    currency: row.currency,
    validity: row.validity,
    audience: row.audience,
    isPopular: row.isPopular,
    scanCount: row.scanCount,
    numberOfStores: row.numberOfStores,
    numberOfMailboxes: row.numberOfMailboxes,
    additionalFee: row.additionalFee,
    penaltyFee: row.penaltyFee,
    ownerUserId: row.ownerUserId,
  };
}

/** Display order of a plan list: month, year, then scan packages; each by sort order then price. */
const ORDER = [asc(plans.validity), asc(plans.sortOrder), asc(plans.priceCents), asc(plans.createdAt)];

/** Whose plans: one admin's, or the platform's (owned by a super admin). */
type PlanOwner = { kind: 'platform' } | { kind: 'user'; userId: string };

interface PlanFilter {
  owner: PlanOwner;
  audience: PlanAudience;
  validity?: PlanValidity | undefined;
}

/** Active plans of one owner and audience (optionally one validity): the whole list, in display order. */
export async function listPlans(db: Db, filter: PlanFilter): Promise<Plan[]> {
  const where: SQL[] = [eq(plans.audience, filter.audience), eq(plans.status, 'active')];
  if (filter.validity) where.push(eq(plans.validity, filter.validity));
  if (filter.owner.kind === 'user') {
    where.push(eq(plans.ownerUserId, filter.owner.userId));
    const rows = await db
      .select()
      .from(plans)
      .where(and(...where))
      .orderBy(...ORDER);
    return rows.map(toPlanDto);
  }
  const rows = await db
    .select({ plan: plans })
    .from(plans)
    .innerJoin(users, eq(users.id, plans.ownerUserId))
    .where(and(...where, eq(users.roleCode, 'SUPER_ADMIN')))
    .orderBy(...ORDER);
  return rows.map((r) => r.plan).map(toPlanDto);
}

/** The platform's (super admin's) active customer plans and scan packages: the public pricing list. */
export function listHomePlans(db: Db, validity?: PlanValidity): Promise<Plan[]> {
  return listPlans(db, { owner: { kind: 'platform' }, audience: 'customer', validity });
}

async function hasActiveCustomerPlans(db: Db, ownerUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.ownerUserId, ownerUserId), eq(plans.audience, 'customer'), eq(plans.status, 'active')))
    .limit(1);
  return Boolean(row);
}

/**
 * What a buyer may buy: a sub-admin buys the platform's sub-admin plans; a customer buys the customer plans of
 * the admin who owns their account (a sub-admin that sells plans), else the platform's. Super admins buy nothing.
 */
export async function buyerPlanSource(db: Db, buyer: UserRow): Promise<Omit<PlanFilter, 'validity'> | null> {
  if (buyer.roleCode === 'SUB_ADMIN') return { owner: { kind: 'platform' }, audience: 'sub_admin' };
  if (buyer.roleCode !== 'USER') return null;
  if (buyer.parentUserId) {
    const [parent] = await db
      .select({ id: users.id, roleCode: users.roleCode })
      .from(users)
      .where(eq(users.id, buyer.parentUserId))
      .limit(1);
    if (parent?.roleCode === 'SUB_ADMIN' && (await hasActiveCustomerPlans(db, parent.id))) {
      return { owner: { kind: 'user', userId: parent.id }, audience: 'customer' };
    }
  }
  return { owner: { kind: 'platform' }, audience: 'customer' };
}

export async function listPlansForBuyer(db: Db, buyer: UserRow, validity?: PlanValidity): Promise<Plan[]> {
  const source = await buyerPlanSource(db, buyer);
  return source ? listPlans(db, { ...source, validity }) : [];
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

async function isPlatformOwner(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.roleCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role === 'SUPER_ADMIN';
}

/** Whether `buyer` may buy the active plan `plan` (the same rule as their plan list). */
export async function isPlanAvailableTo(db: Db, plan: PlanRow, buyer: UserRow): Promise<boolean> {
  if (plan.status !== 'active') return false;
  const source = await buyerPlanSource(db, buyer);
  if (!source || source.audience !== plan.audience) return false;
  return source.owner.kind === 'user'
    ? plan.ownerUserId === source.owner.userId
    : isPlatformOwner(db, plan.ownerUserId);
}

export interface PlanListQuery {
  validity?: PlanValidity | undefined;
  mode?: 'available' | undefined;
  audience?: PlanAudience | undefined;
}

/**
 * GET plans (spec 7): the super admin lists the platform's plans of an audience (customer by default); a
 * sub-admin lists the customer plans they sell (mode=available) or, with audience=sub_admin, the plans the
 * platform sells them; a customer lists the plans they can buy.
 */
export async function listPlansFor(db: Db, viewer: UserRow, query: PlanListQuery): Promise<Plan[]> {
  const actor = actorFromUser(viewer);
  if (actorMay(actor, 'plans.platform')) {
    return listPlans(db, {
      owner: { kind: 'platform' },
      audience: query.audience ?? 'customer',
      validity: query.validity,
    });
  }
  // Whoever else may write customer plans (a sub-admin) lists the plans it sells.
  if (actorMay(actor, 'configuration.customer-plans')) {
    if (query.audience === 'sub_admin' && query.mode !== 'available') {
      return listPlans(db, { owner: { kind: 'platform' }, audience: 'sub_admin', validity: query.validity });
    }
    return listPlans(db, {
      owner: { kind: 'user', userId: viewer.id },
      audience: 'customer',
      validity: query.validity,
    });
  }
  return listPlansForBuyer(db, viewer, query.validity);
}

/** Whether `admin` manages `plan`: the super admin the platform's plans, a sub-admin their own customer plans. */
async function managesPlan(db: Db, admin: UserRow, plan: PlanRow): Promise<boolean> {
  if (actorMay(actorFromUser(admin), 'plans.platform')) return isPlatformOwner(db, plan.ownerUserId);
  return plan.audience === 'customer' && plan.ownerUserId === admin.id;
}

/** One plan: for the admin who manages it (edit form) or a buyer it is offered to. */
export async function getPlanFor(db: Db, viewer: UserRow, id: string): Promise<Plan> {
  const plan = await findPlan(db, id);
  if (!plan || plan.status !== 'active') throw notFound('Plan not found');
  if ((await managesPlan(db, viewer, plan)) || (await isPlanAvailableTo(db, plan, viewer))) return toPlanDto(plan);
  throw notFound('Plan not found');
}

function planValues(input: PlanInput & { price: number }, audience: PlanAudience) {
  if (audience === 'sub_admin') {
    if (input.validity === 'topup') {
      throw validationFailed('Scan packages are customer plans', { validity: 'Scan packages are customer plans' });
    }
    if (input.numberOfStores == null)
      throw validationFailed(PLAN_MESSAGES.stores, { numberOfStores: PLAN_MESSAGES.stores });
    if (input.numberOfMailboxes == null) {
      throw validationFailed(PLAN_MESSAGES.mailboxes, { numberOfMailboxes: PLAN_MESSAGES.mailboxes });
    }
  }
  return {
    name: input.name,
    description: input.description ?? null,
    priceCents: input.price,
    validity: input.validity,
    isPopular: input.isPopular ?? false,
    scanCount: input.scanCount,
    numberOfStores: audience === 'sub_admin' ? (input.numberOfStores ?? null) : null,
    numberOfMailboxes: audience === 'sub_admin' ? (input.numberOfMailboxes ?? null) : null,
    additionalFee: input.additionalFee,
    penaltyFee: input.penaltyFee,
  };
}

/** Creates a plan: the super admin for either audience, a sub-admin only customer plans of their own. */
export async function createPlan(db: Db, admin: UserRow, input: PlanInput, audience: PlanAudience): Promise<Plan> {
  const needed = audience === 'sub_admin' ? 'configuration.sub-admin-plans' : 'configuration.customer-plans';
  if (!actorMay(actorFromUser(admin), needed)) throw forbidden();
  const values = planValues(input, audience);
  const [row] = await db
    .insert(plans)
    .values({ ...values, ownerUserId: admin.id, audience, currency: 'usd', status: 'active', sortOrder: 100 })
    .returning();
  return toPlanDto(row!);
}

async function loadManagedPlan(db: Db, admin: UserRow, id: string): Promise<PlanRow> {
  const plan = await findPlan(db, id);
  if (!plan || plan.status !== 'active') throw notFound('Plan not found');
  if (!(await managesPlan(db, admin, plan))) throw forbidden();
  return plan;
}

export async function updatePlan(db: Db, admin: UserRow, id: string, input: PlanInput): Promise<Plan> {
  const plan = await loadManagedPlan(db, admin, id);
  const [row] = await db
    .update(plans)
    .set({ ...planValues(input, plan.audience), updatedAt: new Date() })
    .where(eq(plans.id, plan.id))
    .returning();
  return toPlanDto(row!);
}

/** Archives a plan: it leaves every list, while subscriptions and invoices that point at it keep working. */
export async function archivePlan(db: Db, admin: UserRow, id: string): Promise<{ id: string }> {
  const plan = await loadManagedPlan(db, admin, id);
  await db.update(plans).set({ status: 'archived', updatedAt: new Date() }).where(eq(plans.id, plan.id));
  return { id: plan.id };
}

export async function findPlansByIds(db: Db, ids: string[]): Promise<Map<string, PlanRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(plans).where(inArray(plans.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
