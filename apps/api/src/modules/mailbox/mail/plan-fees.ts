import type { PlanAdditionalFee } from '@postwise/shared/plans';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { NO_ADDITIONAL_FEE, plans, subscriptions } from '../../billing';

/** The additional fees of the box holder's current plan (none without a plan). */
export async function holderFees(db: Db, userId: string): Promise<PlanAdditionalFee> {
  const [row] = await db
    .select({ fee: plans.additionalFee })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row?.fee ?? NO_ADDITIONAL_FEE;
}
