import type { User } from '@postwise/shared/api-types';
import { count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { profiles } from '../schema/profiles';
import { type UserRow, users } from '../schema/users';

const parentUsers = alias(users, 'parent_users');

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

export interface UserRelations {
  parent: Pick<UserRow, 'id' | 'roleCode'> | null;
  profileId: string | null;
}

/** The one mapping from a user row to the `User` the API answers (spec 3). Never exposes the password hash. */
export function toUserDto(row: UserRow, relations: UserRelations): User {
  return {
    id: row.id,
    email: row.email,
    role: { code: row.roleCode },
    accountType: row.accountType ?? null,
    parentUser: relations.parent ? { id: relations.parent.id, role: { code: relations.parent.roleCode } } : null,
    isSuperSubAdmin: row.isSuperSubAdmin,
    profile: relations.profileId,
    tier: row.tier ?? null,
    status: row.status,
    personal: { ...row.personal, fullName: row.fullName },
    configuration: {
      lightLogo: row.configuration.lightLogo ?? null,
      darkLogo: row.configuration.darkLogo ?? null,
      isPasswordProtected: row.configuration.isPasswordProtected ?? false,
    },
    additionalInfo: { currentStep: row.currentStep ?? null },
    mailboxType: row.mailboxType ?? null,
    business: row.business ?? null,
    authorizedIndividual: row.authorizedIndividual ?? null,
    isCourtProtected: row.isCourtProtected,
    signature: row.signature ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Loads a user with its parent's role and its profile id, as the `User` DTO. */
export async function loadUserDto(db: Db, userId: string): Promise<User | undefined> {
  const [found] = await db
    .select({
      user: users,
      parent: { id: parentUsers.id, roleCode: parentUsers.roleCode },
      profileId: profiles.id,
    })
    .from(users)
    .leftJoin(parentUsers, eq(parentUsers.id, users.parentUserId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!found) return undefined;
  return toUserDto(found.user, { parent: found.parent, profileId: found.profileId });
}
