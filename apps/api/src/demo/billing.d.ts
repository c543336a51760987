import type { Db } from '../db/client';
import type { SeedOptions } from './index';
/** The demo account whose renewal failed (README): its saved card is Stripe's 4000 0000 0000 0341. */
export declare const PAST_DUE_EMAIL = "pastdue@example.com";
/**
 * Demo billing (issue 5, part 6): sandbox cards, paid invoices and active subscriptions for user@example.com
 * and both sub-admins; pastdue@example.com whose renewal failed 3 days ago with an open invoice. Seeded once per
 * account (an account that already has a subscription row keeps its history; overwrite restores the state).
 */
export declare function seedBilling(db: Db, { overwrite }: SeedOptions): Promise<void>;
