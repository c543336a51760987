import { type MySubscription, type PurchaseQuote, SUBSCRIPTION_STATUSES } from '@postwise/shared/billing';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';
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
    pendingPlan: planSchema.nullable(),
    planChosenAt: z.string().nullable(),
  })
  .meta({ id: 'MySubscription' });

const matches: Same<z.output<typeof mySubscriptionSchema>, MySubscription> = true;
void matches;

export const purchaseQuoteSchema = z
  .object({
    planId: z.string(),
    planName: z.string(),
    validity: z.enum(['month', 'year', 'topup']),
    periodLabel: z.string(),
    currency: z.string(),
    priceCents: z.number().int(),
    taxCents: z.number().int(),
    chargedTodayCents: z.number().int(),
    chargedWhen: z.enum(['now', 'approval']),
    periodStart: z.string().nullable(),
    renewsAt: z.string().nullable(),
  })
  .meta({ id: 'PurchaseQuote' });

const quoteMatches: Same<z.output<typeof purchaseQuoteSchema>, PurchaseQuote> = true;
void quoteMatches;
