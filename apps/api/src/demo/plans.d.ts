import type { PlanValidity } from '@postwise/shared/constants';
import type { PlanAdditionalFee, PlanAudience, PlanPenaltyFee } from '@postwise/shared/plans';
import type { Db } from '../db/client';
import type { SeedOptions } from './index';
/** Fees of a mailbox plan (spec 9 fee text), in cents: per package, per day of storage, per week late. */
export declare const STANDARD_ADDITIONAL_FEE: PlanAdditionalFee;
export declare const STANDARD_PENALTY_FEE: PlanPenaltyFee;
interface DemoPlan {
    owner: string;
    audience: PlanAudience;
    validity: PlanValidity;
    name: string;
    description: string;
    priceCents: number;
    scanCount: number;
    isPopular?: boolean;
    numberOfStores?: number;
    numberOfMailboxes?: number;
    additionalFee?: PlanAdditionalFee;
    penaltyFee?: PlanPenaltyFee;
}
export declare const DEMO_PLANS: readonly DemoPlan[];
/** Demo plans (issue 5, part 6), upserted by owner, audience, validity and name. */
export declare function seedPlans(db: Db, { overwrite }: SeedOptions): Promise<void>;
export {};
