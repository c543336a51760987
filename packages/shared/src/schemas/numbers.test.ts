import { describe, expect, it } from 'vitest';
import { createMailRequestSchema, receiveMailSchema } from './mail';
import { NUMBER_MESSAGES } from './numbers';
import { packageSchema } from './shipping';

const box = { packageType: 'Box', dimension: { length: 10, width: 8, height: 4 }, weight: 2 };
const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('number inputs', () => {
  it('take numbers and decimal text, never booleans, arrays or objects', () => {
    expect(packageSchema.parse({ ...box, weight: '6.4', insuranceDeclared: '2500' })).toMatchObject({
      weight: 6.4,
      insuranceDeclared: 2500,
    });
    for (const bad of [true, [5], { v: 5 }, '', '5 lb']) {
      expect(packageSchema.safeParse({ ...box, weight: bad }).success).toBe(false);
      expect(packageSchema.safeParse({ ...box, insuranceDeclared: bad }).success).toBe(false);
    }
    expect(receiveMailSchema.safeParse({ kind: 'package', sender: 'A', weightLb: true }).success).toBe(false);
    expect(receiveMailSchema.safeParse({ kind: 'package', sender: 'A', weightLb: ['2'] }).success).toBe(false);
  });

  it('state their upper bound: amounts up to $100,000, with the bound as the message', () => {
    const forward = (declaredValueCents: unknown) =>
      createMailRequestSchema.safeParse({
        type: 'forward',
        address: { name: 'A', line1: 'B', city: 'C', state: 'D', zipCode: '1', country: 'US' },
        declaredValueCents,
      });
    expect(forward(10_000_000).success).toBe(true);
    expect(message(forward(10_000_001))).toBe(NUMBER_MESSAGES.amountTooLarge);
    expect(message(forward(2 ** 31))).toBe(NUMBER_MESSAGES.amountTooLarge);
    expect(message(packageSchema.safeParse({ ...box, insuranceDeclared: 2 ** 31 }))).toBe(
      NUMBER_MESSAGES.amountTooLarge,
    );
  });
});
