import type { Db } from '../db/client';
import type { SeedOptions } from './index';
/**
 * Shipping demo data (issue 12): address books and presets for shipper@ and user@, margins, a pay-later credit limit
 * for shipper@, about 20 shipments in every state (one paid later on the open monthly invoice), and a pending
 * shipping request. Idempotent by natural keys (address and preset names, uniqueId, description).
 */
export declare function seedShipping(db: Db, { overwrite }: SeedOptions): Promise<void>;
