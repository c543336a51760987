import type { Db } from '../db/client';
import type { SeedOptions } from './index';
/**
 * subadmin@example.com's payouts: the month before last (paid, with a reference) and last month (pending),
 * both computed from the ledger by the payout job's own code, so the statements trace to real invoices.
 */
export declare function seedPayouts(db: Db, _options: SeedOptions, now?: Date): Promise<void>;
