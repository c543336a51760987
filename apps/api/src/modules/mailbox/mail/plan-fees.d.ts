import type { PlanAdditionalFee } from '@postwise/shared/plans';
import type { Db } from '../../../db/client';
export declare const NO_FEES: PlanAdditionalFee;
/** The additional fees of the box holder's current plan (none without a plan). */
export declare function holderFees(db: Db, userId: string): Promise<PlanAdditionalFee>;
