import type { User } from '@postwise/shared/api-types';
import { ACCOUNT_TYPES, ONBOARDING_STEPS, ROLES } from '@postwise/shared/roles';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';

const personalFields = {
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip: z.string(),
  mailboxName: z.string().optional(),
};

export const partialPersonalSchema = z.object(personalFields).partial();

export const businessSchema = z.object({
  name: z.string(),
  type: z.string(),
  registrationPlace: z.string(),
  phone: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip: z.string(),
  mailboxName: z.string(),
});

const roleSchema = z.object({ code: z.enum(ROLES) });

/** The user of spec 3 as the API answers it (the shared `User` type, checked below). */
export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    accountType: z.enum(ACCOUNT_TYPES).nullable(),
    parentUser: z.object({ id: z.string(), role: roleSchema }).nullable(),
    isSuperSubAdmin: z.boolean(),
    profile: z.string().nullable(),
    tier: z.literal('pro').nullable(),
    status: z.enum(['active', 'inactive']),
    personal: partialPersonalSchema.extend({ fullName: z.string() }),
    configuration: z.object({
      lightLogo: z.string().nullable(),
      darkLogo: z.string().nullable(),
      isPasswordProtected: z.boolean().optional(),
    }),
    additionalInfo: z.object({ currentStep: z.enum(ONBOARDING_STEPS).nullable() }),
    mailboxType: z.enum(['personal', 'business']).nullable(),
    business: businessSchema.nullable(),
    authorizedIndividual: partialPersonalSchema.nullable(),
    isCourtProtected: z.boolean(),
    signature: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });

// Compile-time guard: the schema answers exactly the shape the web client expects.
const userMatches: Same<z.output<typeof userSchema>, User> = true;
void userMatches;
