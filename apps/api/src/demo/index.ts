import type { Db } from '../db/client';
import { seedAdministration } from './administration';
import { seedBilling } from './billing';
import { seedFaqs } from './faqs';
import { seedHistory } from './history';
import { seedMail } from './mail';
import { seedPayouts } from './payouts';
import { seedPlans } from './plans';
import { seedShipments } from './shipments';
import { seedShipping } from './shipping';
import { seedUsers } from './users';
import type { SeedOptions, Seeder } from './seed-options';

export type { SeedOptions } from './seed-options';

/**
 * The demo data, in dependency order. Later capabilities append their seeder here
 * (e.g. seedFaqs, seedPlans), each in its own file under src/demo/.
 */
export const SEEDERS: readonly Seeder[] = [
  seedUsers,
  seedPlans,
  seedBilling,
  seedFaqs,
  seedShipments,
  seedShipping,
  seedAdministration,
  seedMail,
  // History before payouts: the demo statements are computed from these invoices.
  seedHistory,
  seedPayouts,
];

export async function seedDemoData(db: Db, options: SeedOptions): Promise<void> {
  for (const seeder of SEEDERS) await seeder(db, options);
}
