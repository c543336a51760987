import { describe, expect, it } from 'vitest';
import { formatCents, planCardColor } from './plans';

describe('plans', () => {
  it('cycles card colours red, blue, orange', () => {
    expect([0, 1, 2, 3, 4].map(planCardColor)).toEqual(['red', 'blue', 'orange', 'red', 'blue']);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(2000)).toBe('$20');
    expect(formatCents(2000, { alwaysDecimals: true })).toBe('$20.00');
    expect(formatCents(123456)).toBe('$1,234.56');
  });
});
