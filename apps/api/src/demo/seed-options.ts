import type { Db } from '../db/client';
import type { FileStorage } from '../integrations/storage/file-storage';

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
