import type { PlanValidity } from '@postwise/shared/constants';
import type { Plan, PlanAudience } from '@postwise/shared/plans';
import type { PlanInput } from '@postwise/shared/schemas/billing';
import type { Db } from '../../../db/client';
import { type PlanRow } from '../schema/plans';
import { type UserRow } from '../../identity/schema/users';
export declare function toPlanDto(row: PlanRow): Plan;
/** Whose plans: one admin's, or the platform's (owned by a super admin). */
type PlanOwner = {
    kind: 'platform';
} | {
    kind: 'user';
    userId: string;
};
interface PlanFilter {
    owner: PlanOwner;
    audience: PlanAudience;
    validity?: PlanValidity | undefined;
}
/** Active plans of one owner and audience (optionally one validity): the whole list, in display order. */
export declare function listPlans(db: Db, filter: PlanFilter): Promise<Plan[]>;
/** The platform's (super admin's) active customer plans and scan packages: the public pricing list. */
export declare function listHomePlans(db: Db, validity?: PlanValidity): Promise<Plan[]>;
/**
 * What a buyer may buy: a sub-admin buys the platform's sub-admin plans; a customer buys the customer plans of
 * the admin who owns their account (a sub-admin that sells plans), else the platform's. Super admins buy nothing.
 */
export declare function buyerPlanSource(db: Db, buyer: UserRow): Promise<Omit<PlanFilter, 'validity'> | null>;
export declare function listPlansForBuyer(db: Db, buyer: UserRow, validity?: PlanValidity): Promise<Plan[]>;
export declare function findPlan(db: Db, id: string): Promise<PlanRow | undefined>;
/** Whether `buyer` may buy the active plan `plan` (the same rule as their plan list). */
export declare function isPlanAvailableTo(db: Db, plan: PlanRow, buyer: UserRow): Promise<boolean>;
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
export declare function listPlansFor(db: Db, viewer: UserRow, query: PlanListQuery): Promise<Plan[]>;
/** One plan: for the admin who manages it (edit form) or a buyer it is offered to. */
export declare function getPlanFor(db: Db, viewer: UserRow, id: string): Promise<Plan>;
/** Creates a plan: the super admin for either audience, a sub-admin only customer plans of their own. */
export declare function createPlan(db: Db, admin: UserRow, input: PlanInput, audience: PlanAudience): Promise<Plan>;
export declare function updatePlan(db: Db, admin: UserRow, id: string, input: PlanInput): Promise<Plan>;
/** Archives a plan: it leaves every list, while subscriptions and invoices that point at it keep working. */
export declare function archivePlan(db: Db, admin: UserRow, id: string): Promise<{
    id: string;
}>;
export declare function findPlansByIds(db: Db, ids: string[]): Promise<Map<string, PlanRow>>;
export {};
