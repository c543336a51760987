import type { ManagedUserDetail, ManagedUserItem, MailboxSummary, UserRef } from '@postwise/shared/admin';
import { ACCOUNT_TYPES, PROFILE_KINDS, ROLES } from '@postwise/shared/roles';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';
import { userSchema } from './user-schema';

const PROFILE_STATUSES = ['none', 'pending', 'active', 'inactive', 'rejected'] as const;

export const userRefSchema = z
  .object({ id: z.string(), fullName: z.string(), email: z.string(), role: z.enum(ROLES) })
  .meta({ id: 'UserRef' });

export const mailboxSummarySchema = z
  .object({
    id: z.string(),
    storeId: z.string(),
    storeName: z.string(),
    pmb: z.string(),
    status: z.enum(['active', 'closed']),
    openedAt: z.string(),
    address: z.string(),
  })
  .meta({ id: 'MailboxSummary' });

export const managedUserItemSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
    accountType: z.enum(ACCOUNT_TYPES).nullable(),
    status: z.enum(['active', 'inactive']),
    isSuperSubAdmin: z.boolean(),
    invited: z.boolean(),
    parentUser: userRefSchema.nullable(),
    referredBy: userRefSchema.nullable(),
    profiles: z.object({ shipment: z.enum(PROFILE_STATUSES), mailbox: z.enum(PROFILE_STATUSES) }).nullable(),
    createdAt: z.string(),
    customerCount: z.number().int().optional(),
    storeCount: z.number().int().optional(),
  })
  .meta({ id: 'ManagedUser' });

export const managedUserDetailSchema = z
  .object({
    user: userSchema,
    invited: z.boolean(),
    parent: userRefSchema.nullable(),
    referredBy: userRefSchema.nullable(),
    profiles: z
      .object({
        currentProfile: z.enum(PROFILE_KINDS).nullable(),
        shipment: z.enum(PROFILE_STATUSES),
        mailbox: z.enum(PROFILE_STATUSES),
      })
      .nullable(),
    mailbox: mailboxSummarySchema.nullable(),
    counts: z
      .object({ customers: z.number().int(), referredClients: z.number().int(), stores: z.number().int() })
      .optional(),
  })
  .meta({ id: 'ManagedUserDetail' });

const refMatches: Same<z.output<typeof userRefSchema>, UserRef> = true;
const itemMatches: Same<z.output<typeof managedUserItemSchema>, ManagedUserItem> = true;
const detailMatches: Same<z.output<typeof managedUserDetailSchema>, ManagedUserDetail> = true;
const mailboxMatches: Same<z.output<typeof mailboxSummarySchema>, MailboxSummary> = true;
void [refMatches, itemMatches, detailMatches, mailboxMatches];
