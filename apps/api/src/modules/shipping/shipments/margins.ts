import type { Adjustment } from '@postwise/shared/shipping/pricing';
import { eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type MarginDiscountRow, marginDiscounts } from '../schema/shipping';

/** Stored PERCENTAGE values are hundredths of a percent (integers); the shared pricing takes percent. */
export function toAdjustment(row: Pick<MarginDiscountRow, 'type' | 'value'>): Adjustment {
  return { type: row.type, value: row.type === 'PERCENTAGE' ? row.value / 100 : row.value };
}

function mostSpecific(rows: MarginDiscountRow[], carrier: string, service: string): MarginDiscountRow | undefined {
  const score = (r: MarginDiscountRow) => {
    if (r.carrier !== null && r.carrier !== carrier) return -1;
    if (r.service !== null && r.service !== service) return -1;
    return (r.carrier ? 2 : 0) + (r.service ? 1 : 0);
  };
  let best: MarginDiscountRow | undefined;
  for (const r of rows) if (score(r) >= 0 && (!best || score(r) > score(best))) best = r;
  return best;
}

export interface MarginRules {
  markupFor(carrier: string, service: string): Adjustment | null;
  discountFor(carrier: string, service: string): Adjustment | null;
}

/** The platform's markups and this customer's discounts, read once per quote. */
export async function loadMarginRules(db: Db, userId: string | null): Promise<MarginRules> {
  const rows = await db
    .select()
    .from(marginDiscounts)
    .where(
      userId ? or(isNull(marginDiscounts.userId), eq(marginDiscounts.userId, userId)) : isNull(marginDiscounts.userId),
    );
  const markups = rows.filter((r) => r.kind === 'markup');
  const discounts = rows.filter((r) => r.kind === 'discount');
  return {
    markupFor(carrier, service) {
      const row = mostSpecific(markups, carrier, service);
      return row ? toAdjustment(row) : null;
    },
    discountFor(carrier, service) {
      const row = mostSpecific(discounts, carrier, service);
      return row ? toAdjustment(row) : null;
    },
  };
}
