import type { Personal, ProfileStatus } from '@postwise/shared/api-types';
import type { AccountType, ProfileKind, RoleCode } from '@postwise/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import type { Db } from '../db/client';
import { profiles, type NewUserRow, users } from '../modules/identity';
import type { SeedOptions } from './seed-options';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoProfile {
  currentProfile: ProfileKind;
  shipment: ProfileStatus;
  mailbox: ProfileStatus;
}

interface DemoUser {
  email: string;
  role: RoleCode;
  accountType: AccountType | null;
  isSuperSubAdmin?: boolean;
  /** E-mail of the parent account (seeded earlier in the list). */
  parent?: string;
  personal: Omit<Personal, 'fullName'>;
  profile?: DemoProfile;
}

const LA = { city: 'Los Angeles', state: 'California', country: 'United States' } as const;

// Phone numbers use the 555-01xx block reserved for fiction.
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'superadmin@example.com',
    role: 'SUPER_ADMIN',
    accountType: null,
    personal: {
      firstName: 'Olivia',
      middleName: 'R',
      lastName: 'Martinez',
      phone: '3105550142',
      address1: '1200 Wilshire Blvd',
      address2: 'Suite 400',
      ...LA,
      zip: '90017',
    },
  },
  {
    email: 'subadmin@example.com',
    role: 'SUB_ADMIN',
    accountType: null,
    isSuperSubAdmin: true,
    parent: 'superadmin@example.com',
    personal: {
      firstName: 'Marcus',
      middleName: 'J',
      lastName: 'Chen',
      phone: '2135550187',
      address1: '350 S Grand Ave',
      address2: 'Floor 12',
      ...LA,
      zip: '90071',
    },
  },
  {
    email: 'reseller@example.com',
    role: 'SUB_ADMIN',
    accountType: null,
    isSuperSubAdmin: false,
    parent: 'superadmin@example.com',
    personal: {
      firstName: 'Priya',
      middleName: 'K',
      lastName: 'Patel',
      phone: '3235550119',
      address1: '5900 Wilshire Blvd',
      address2: 'Suite 2210',
      ...LA,
      zip: '90036',
    },
  },
  {
    email: 'user@example.com',
    role: 'USER',
    accountType: 'both',
    parent: 'superadmin@example.com',
    personal: {
      firstName: 'Daniel',
      middleName: 'A',
      lastName: 'Thompson',
      phone: '3105550173',
      address1: '8439 W Sunset Blvd',
      address2: 'Apt 3B',
      ...LA,
      zip: '90069',
      mailboxName: 'Daniel A Thompson',
    },
    profile: { currentProfile: 'mailbox', shipment: 'active', mailbox: 'active' },
  },
  {
    email: 'shipper@example.com',
    role: 'USER',
    accountType: 'shipment',
    parent: 'superadmin@example.com',
    personal: {
      firstName: 'Sofia',
      middleName: 'L',
      lastName: 'Ramirez',
      phone: '2135550164',
      address1: '1855 Industrial St',
      address2: 'Unit 108',
      ...LA,
      zip: '90021',
    },
    profile: { currentProfile: 'shipment', shipment: 'active', mailbox: 'none' },
  },
  {
    email: 'mailbox@example.com',
    role: 'USER',
    accountType: 'mailbox',
    parent: 'superadmin@example.com',
    personal: {
      firstName: 'James',
      middleName: 'T',
      lastName: 'Walker',
      phone: '3235550158',
      address1: '4200 Sunset Blvd',
      address2: 'Apt 210',
      ...LA,
      zip: '90029',
      mailboxName: 'James T Walker',
    },
    profile: { currentProfile: 'mailbox', shipment: 'none', mailbox: 'active' },
  },
];

function fullName(p: Pick<Personal, 'firstName' | 'middleName' | 'lastName'>): string {
  return [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
}

/** The id of the account with this (lower-case) e-mail, if it was seeded. */
export async function demoUserId(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row?.id;
}

/**
 * Adds the demo account with this e-mail and its profile, or with `overwrite` restores the demo values of both
 * (edits are kept otherwise); answers its id and whether it was added now.
 */
export async function upsertDemoUser(
  db: Db,
  values: NewUserRow & { email: string },
  profile: DemoProfile | undefined,
  { overwrite, now }: { overwrite: boolean; now: () => Date },
): Promise<{ id: string; added: boolean }> {
  let id = await demoUserId(db, values.email);
  const added = !id;
  if (!id) {
    const [inserted] = await db.insert(users).values(values).returning({ id: users.id });
    id = inserted?.id;
  } else if (overwrite) {
    await db
      .update(users)
      .set({ ...values, updatedAt: now() })
      .where(eq(users.id, id));
  }
  if (!id) throw new Error(`Seeding ${values.email} returned no id`);
  if (profile) {
    const row = {
      userId: id,
      currentProfile: profile.currentProfile,
      shipmentStatus: profile.shipment,
      mailboxStatus: profile.mailbox,
    };
    const insert = db.insert(profiles).values(row);
    await (overwrite
      ? insert.onConflictDoUpdate({ target: profiles.userId, set: { ...row, updatedAt: now() } })
      : insert.onConflictDoNothing({ target: profiles.userId }));
  }
  return { id, added };
}

/** Demo accounts of every role, upserted by e-mail. */
export async function seedUsers(db: Db, { overwrite }: SeedOptions): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const idByEmail = new Map<string, string>();
    for (const demo of DEMO_USERS) {
      const values: NewUserRow = {
        email: demo.email,
        passwordHash,
        roleCode: demo.role,
        accountType: demo.accountType,
        parentUserId: demo.parent ? (idByEmail.get(demo.parent) ?? null) : null,
        isSuperSubAdmin: demo.isSuperSubAdmin ?? false,
        tier: null,
        status: 'active',
        personal: { ...demo.personal, fullName: fullName(demo.personal) },
        mailboxType: demo.accountType === 'mailbox' || demo.accountType === 'both' ? 'personal' : null,
        business: null,
        authorizedIndividual: null,
        isCourtProtected: false,
        signature: null,
        configuration: { lightLogo: null, darkLogo: null, isPasswordProtected: false },
        currentStep: null,
      };
      const { id } = await upsertDemoUser(tx, values, demo.profile, { overwrite, now: () => new Date() });
      idByEmail.set(demo.email, id);
    }
  });
}
