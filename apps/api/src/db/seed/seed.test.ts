import { verify } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import type { Database } from '../client';
import { profiles } from '../schema/profiles';
import { users } from '../schema/users';
import { seedDemoData } from './index';
import { DEMO_PASSWORD, DEMO_USERS } from './users';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { overwrite: false });
});

afterAll(async () => {
  await database.close();
});

async function userByEmail(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} not seeded`);
  const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, row.id));
  return { ...row, profile };
}

describe('demo seed', () => {
  it('creates the six demo accounts of issue 2 with their roles and flags', async () => {
    const superAdmin = await userByEmail('superadmin@example.com');
    expect(superAdmin).toMatchObject({ roleCode: 'SUPER_ADMIN', parentUserId: null, profile: undefined });
    expect(await userByEmail('subadmin@example.com')).toMatchObject({ roleCode: 'SUB_ADMIN', isSuperSubAdmin: true });
    expect(await userByEmail('reseller@example.com')).toMatchObject({ roleCode: 'SUB_ADMIN', isSuperSubAdmin: false });
    expect(await userByEmail('user@example.com')).toMatchObject({
      roleCode: 'USER',
      accountType: 'both',
      parentUserId: superAdmin.id,
      profile: { currentProfile: 'mailbox', shipmentStatus: 'active', mailboxStatus: 'active' },
    });
    expect(await userByEmail('shipper@example.com')).toMatchObject({
      accountType: 'shipment',
      profile: { currentProfile: 'shipment', shipmentStatus: 'active', mailboxStatus: 'none' },
    });
    expect(await userByEmail('mailbox@example.com')).toMatchObject({
      accountType: 'mailbox',
      profile: { currentProfile: 'mailbox', shipmentStatus: 'none', mailboxStatus: 'active' },
    });
  });

  it('gives every account a finished onboarding, a Los Angeles address and an argon2id hash of Demo1234!', async () => {
    // The six accounts of issue 2 (other seeders add customers of their own).
    const all = (await database.db.select().from(users)).filter((u) => DEMO_USERS.some((d) => d.email === u.email));
    expect(all).toHaveLength(6);
    for (const user of all) {
      expect(user.currentStep).toBeNull();
      expect(user.status).toBe('active');
      expect(user.personal).toMatchObject({ city: 'Los Angeles', state: 'California', country: 'United States' });
      expect(user.personal.phone).toMatch(/^\d{10}$/);
      expect(user.fullName.split(' ')).toHaveLength(3);
      expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(await verify(user.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('is idempotent: running it again adds nothing and keeps edits unless asked to restore', async () => {
    const [usersBefore] = await database.db.select({ n: count() }).from(users);
    const [profilesBefore] = await database.db.select({ n: count() }).from(profiles);
    await database.db
      .update(users)
      .set({ personal: { firstName: 'Edited', fullName: 'Edited Name' } })
      .where(eq(users.email, 'user@example.com'));

    await seedDemoData(database.db, { overwrite: false });
    expect((await userByEmail('user@example.com')).fullName).toBe('Edited Name');

    await seedDemoData(database.db, { overwrite: true });
    expect((await userByEmail('user@example.com')).fullName).toBe('Daniel A Thompson');

    const [userCount] = await database.db.select({ n: count() }).from(users);
    const [profileCount] = await database.db.select({ n: count() }).from(profiles);
    expect(Number(userCount?.n)).toBe(Number(usersBefore?.n));
    expect(Number(profileCount?.n)).toBe(Number(profilesBefore?.n));
  });
});
