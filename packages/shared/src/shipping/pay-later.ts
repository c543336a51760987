import { formatCents } from '../plans';

/** What the quote tells about the customer's pay-later credit (QuoteResult.payLater). */
export interface PayLaterCreditView {
  creditLimitCents: number;
  availableCents: number;
}

export type PayLaterVerdict = { allowed: true; reason: null } | { allowed: false; reason: string };

const money = (cents: number) => formatCents(cents, { alwaysDecimals: true });

/**
 * Whether a label of this price can be paid later, and if not, why, in the words the wizard shows beside the
 * disabled option. The server checks the same rule again when the label is bought.
 */
export function payLaterVerdict(credit: PayLaterCreditView, priceCents: number): PayLaterVerdict {
  if (credit.creditLimitCents <= 0) {
    return { allowed: false, reason: 'Not available on your account: ask us for a pay-later credit limit.' };
  }
  if (priceCents > credit.availableCents) {
    return {
      allowed: false,
      reason: `This label costs ${money(priceCents)}, more than the ${money(credit.availableCents)} of pay-later credit you have left.`,
    };
  }
  return { allowed: true, reason: null };
}

/** "$12.40 of $500.00 available" (or that there is none), shown before the payment choice. */
export function payLaterCreditText(credit: PayLaterCreditView): string {
  if (credit.creditLimitCents <= 0) return 'No pay-later credit on your account';
  return `${money(credit.availableCents)} of ${money(credit.creditLimitCents)} available`;
}
