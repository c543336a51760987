import type { Db } from '../db/client';
import type { SeedOptions } from './index';
/**
 * Twelve months of demo history (issue 14), so Analytics & Reports shows realistic shapes: customers who
 * subscribed across the last year on the demo monthly and yearly plans, some who cancelled, one paid invoice per
 * month they ran, a few invoices past due and a few mailbox-fee and shipping invoices. Deterministic (customer i
 * always starts in the same month relative to this one) and idempotent: it runs once, keyed by the first
 * history customer's e-mail. A few hundred rows in four bulk inserts.
 */
export declare function seedHistory(db: Db, _options: SeedOptions): Promise<void>;
