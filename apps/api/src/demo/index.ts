import type { FileStorage } from '../integrations/storage/file-storage';
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

export interface SeedOptions {
  /**
   * false (start of the embedded default): only add demo records that are missing, keep edits.
   * true (`npm run db:seed`): also restore existing demo records to their demo values.
   */
  overwrite: boolean;
  /** Where demo files go (e.g. the specimen IDs of a mailbox application); seeders skip files without it. */
  storage?: FileStorage;
}

/** A seeder adds one capability's demo data; it must be idempotent (upsert by a natural key). */
export type Seeder = (db: Db, options: SeedOptions) => Promise<void>;

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
