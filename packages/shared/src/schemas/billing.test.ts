import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  dollarsToCents,
  luhnValid,
  parseExpiry,
  planFormSchema,
  planFormToInput,
  planInputSchema,
  purchaseSchema,
  sandboxCardSchema,
} from './billing';

const today = () => new Date('2026-05-10T00:00:00Z');

describe('card helpers', () => {
  it('checks the Luhn sum and the brand by prefix', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('reads MM/YY and MM/YYYY expiries', () => {
    expect(parseExpiry('04/33')).toEqual({ expMonth: 4, expYear: 2033 });
    expect(parseExpiry('4 / 2033')).toEqual({ expMonth: 4, expYear: 2033 });
    expect(parseExpiry('13')).toBeNull();
  });

  it('validates the sandbox card form: number, expiry not past, CVC length by brand', () => {
    const schema = sandboxCardSchema(today);
    expect(schema.parse({ number: '4242 4242 4242 4242', expMonth: '5', expYear: '2026', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expMonth: 5,
      expYear: 2026,
      cvc: '123',
    });
    const issues = (input: object) => schema.safeParse(input).error?.issues.map((i) => i.message);
    expect(issues({ number: '', expMonth: 5, expYear: 2030, cvc: '123' })).toContain('Card number is required');
    expect(issues({ number: '4242424242424241', expMonth: 5, expYear: 2030, cvc: '123' })).toEqual([
      'Your card number is invalid.',
    ]);
    expect(issues({ number: '4242424242424242', expMonth: 4, expYear: 2026, cvc: '123' })).toEqual([
      "Your card's expiration year is in the past.",
    ]);
    expect(issues({ number: '4242424242424242', expMonth: 13, expYear: 2030, cvc: '123' })).toEqual([
      "Your card's expiration date is invalid.",
    ]);
    expect(issues({ number: '378282246310005', expMonth: 5, expYear: 2030, cvc: '123' })).toEqual([
      "Your card's security code is invalid.",
    ]);
  });
});

describe('plan schemas', () => {
  it('purchase needs a plan: Plan is required', () => {
    expect(purchaseSchema.safeParse({ user: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }).error?.issues[0]?.message).toBe(
      'Plan is required',
    );
  });

  it('turns typed dollars into cents and back', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('$20')).toBe(2000);
    expect(dollarsToCents('0.5')).toBe(50);
    expect(dollarsToCents('1.234')).toBeNull();
  });

  it('a valid plan form becomes a valid API body in cents', () => {
    const fee = {
      packageReceiving: '2.50',
      packageConsolidation: '5',
      overWeight: '15',
      mailStorage: '0.25',
      packageStorage: '1',
      palletReceiving: '35',
      palletStorage: '5',
    };
    const form = planFormSchema('sub_admin').parse({
      name: 'Reseller Pro',
      description: '',
      price: '249',
      validity: 'month',
      isPopular: true,
      scanCount: '2000',
      numberOfStores: '3',
      numberOfMailboxes: '400',
      additionalFee: fee,
      penaltyFee: { wrongAddress: '5', late: '10', reinstatement: '25' },
    });
    const input = planFormToInput(form);
    expect(input).toMatchObject({
      price: 24900,
      numberOfStores: 3,
      additionalFee: { packageReceiving: 250, mailStorage: 25 },
      penaltyFee: { late: 1000 },
    });
    expect(planInputSchema.safeParse(input).success).toBe(true);
  });

  it('the plan form shows its messages', () => {
    const result = planFormSchema('sub_admin').safeParse({
      name: '',
      description: '',
      price: 'abc',
      validity: 'month',
      isPopular: false,
      scanCount: '-1',
      numberOfStores: '',
      numberOfMailboxes: '0',
      additionalFee: {},
      penaltyFee: {},
    });
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'Plan name is required',
        'Enter an amount of 0 or more with at most 2 decimals',
        'Scan count must be a whole number of 0 or more',
        'Number of stores must be a whole number of 1 or more',
        'Number of mailboxes must be a whole number of 1 or more',
      ]),
    );
  });
});
