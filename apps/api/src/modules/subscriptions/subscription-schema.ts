import type { MySubscription } from '@postwise/shared/billing';
import { SUBSCRIPTION_STATUSES } from '@postwise/shared/billing';
import { z } from 'zod';
import type { Same } from '../../lib/type-checks';
import { planSchema } from '../plans/plan-schema';

export const mySubscriptionSchema = z
  .object({
    status: z.enum(SUBSCRIPTION_STATUSES),
    isExpired: z.boolean(),
    enteredPastDueAt: z.string().nullable(),
    plan: planSchema.nullable(),
    currentPeriodStart: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    scansRemaining: z.number().int(),
    topupScans: z.number().int(),
  })
  .meta({ id: 'MySubscription' });

const matches: Same<z.output<typeof mySubscriptionSchema>, MySubscription> = true;
void matches;
