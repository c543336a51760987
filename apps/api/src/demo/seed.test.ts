import { verify } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import type { Database } from '../db/client';
import { profiles } from '../modules/identity/schema/profiles';
import { users } from '../modules/identity/schema/users';
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
  it('creates the six demo accounts of the README with their roles and flags', async () => {
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
    // The six demo accounts of the README (other seeders add customers of their own).
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

describe('demo history', () => {
  it('holds a year of subscriptions, paid and past-due invoices and a few refunds for the charts and payouts', async () => {
    const one = async (q: string) =>
      ((await database.db.execute(q)) as unknown as { rows: Record<string, string>[] }).rows[0] ?? {};
    const subs = await one(`select count(*) filter (where s.status = 'cancelled') as cancelled, count(*) as n
      from subscriptions s join users u on u.id = s.user_id where u.email like 'history.%'`);
    expect(Number(subs.n)).toBeGreaterThanOrEqual(12);
    expect(Number(subs.cancelled)).toBeGreaterThan(0);
    const inv = await one(`select count(*) filter (where status = 'open') as open,
      min(created_at) < now() - interval '9 months' as year_old from invoices where number like 'HIS-%'`);
    expect(Number(inv.open)).toBeGreaterThan(0);
    expect(inv.year_old).toBe(true);
    const refunds = await one(`select count(*) as n from transactions t join invoices i on i.id = t.invoice_id
      where t.kind = 'refund' and t.status = 'succeeded' and i.number like 'HIS-%'`);
    expect(Number(refunds.n)).toBeGreaterThan(0);
  });
});
