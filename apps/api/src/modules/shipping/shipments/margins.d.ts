import type { Adjustment } from '@postwise/shared/shipping/pricing';
import type { Db } from '../../../db/client';
import { type MarginDiscountRow } from '../schema/shipping';
/** Stored PERCENTAGE values are hundredths of a percent (integers); the shared pricing takes percent. */
export declare function toAdjustment(row: Pick<MarginDiscountRow, 'type' | 'value'>): Adjustment;
export interface MarginRules {
    markupFor(carrier: string, service: string): Adjustment | null;
    discountFor(carrier: string, service: string): Adjustment | null;
}
/** The platform's markups and this customer's discounts, read once per quote. */
export declare function loadMarginRules(db: Db, userId: string | null): Promise<MarginRules>;
