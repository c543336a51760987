import { PLAN_VALIDITIES } from '@postwise/shared/constants';
import type { Plan } from '@postwise/shared/plans';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';

const cents = z.number().int();

export const planAdditionalFeeSchema = z.object({
  packageReceiving: cents,
  packageConsolidation: cents,
  overWeight: cents,
  mailStorage: cents,
  packageStorage: cents,
  palletReceiving: cents,
  palletStorage: cents,
});

export const planPenaltyFeeSchema = z.object({ wrongAddress: cents, late: cents, reinstatement: cents });

/** A plan as the API answers it (the shared `Plan` type, checked below); money in integer cents. */
export const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    price: cents,
    currency: z.literal('usd'),
    validity: z.enum(PLAN_VALIDITIES),
    audience: z.enum(['customer', 'sub_admin']),
    isPopular: z.boolean(),
    scanCount: z.number().int(),
    numberOfStores: z.number().int().nullable(),
    numberOfMailboxes: z.number().int().nullable(),
    additionalFee: planAdditionalFeeSchema,
    penaltyFee: planPenaltyFeeSchema,
    ownerUserId: z.string(),
  })
  .meta({ id: 'Plan' });

const planMatches: Same<z.output<typeof planSchema>, Plan> = true;
void planMatches;
