import { describe, expect, it } from 'vitest';
import { payLaterCreditText, payLaterVerdict } from './pay-later';

describe('payLaterVerdict (whether the wizard offers "Ship now, pay later" for a rate)', () => {
  it('allows a price up to the credit left, inclusive', () => {
    const credit = { creditLimitCents: 50_000, availableCents: 1_240 };
    expect(payLaterVerdict(credit, 1_240)).toEqual({ allowed: true, reason: null });
    expect(payLaterVerdict(credit, 999)).toEqual({ allowed: true, reason: null });
  });

  it('refuses a price above the credit left, naming both amounts', () => {
    expect(payLaterVerdict({ creditLimitCents: 50_000, availableCents: 1_240 }, 1_241)).toEqual({
      allowed: false,
      reason: 'This label costs $12.41, more than the $12.40 of pay-later credit you have left.',
    });
  });

  it('refuses any price without a credit limit, saying whom to ask', () => {
    expect(payLaterVerdict({ creditLimitCents: 0, availableCents: 0 }, 1)).toEqual({
      allowed: false,
      reason: 'Not available on your account: ask us for a pay-later credit limit.',
    });
  });
});

describe('payLaterCreditText', () => {
  it('says what is left of the limit, or that there is none', () => {
    expect(payLaterCreditText({ creditLimitCents: 100_000, availableCents: 98_765 })).toBe(
      '$987.65 of $1,000.00 available',
    );
    expect(payLaterCreditText({ creditLimitCents: 0, availableCents: 0 })).toBe('No pay-later credit on your account');
  });
});
