import type { PlanAdditionalFee } from '@postwise/shared/plans';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { plans, subscriptions } from '../../billing';

export const NO_FEES: PlanAdditionalFee = {
  packageReceiving: 0,
  packageConsolidation: 0,
  overWeight: 0,
  mailStorage: 0,
  packageStorage: 0,
  palletReceiving: 0,
  palletStorage: 0,
};

/** The additional fees of the box holder's current plan (none without a plan). */
export async function holderFees(db: Db, userId: string): Promise<PlanAdditionalFee> {
  const [row] = await db
    .select({ fee: plans.additionalFee })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row?.fee ?? NO_FEES;
}
