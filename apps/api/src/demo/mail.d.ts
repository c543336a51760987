import type { FileStorage } from '../integrations/storage/file-storage';
import type { Db } from '../db/client';
import type { SeedOptions } from './index';
/** The pickup passcode of the demo's open pickup request (README), so the operator flow can be tried. */
export declare const DEMO_PICKUP_PASSCODE = "246810";
/**
 * The mail demo: user@example.com's mailbox with about 25 items and open requests of each type (so the
 * operator queue has work). Idempotent: a mailbox that already holds items is left as it is.
 */
export declare function seedMail(db: Db, { storage }: SeedOptions & {
    storage?: FileStorage;
}): Promise<void>;
