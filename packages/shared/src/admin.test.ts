import { describe, expect, it } from 'vitest';
import { formatPmb } from './admin';

describe('formatPmb', () => {
  it('prints the PMB designation of spec 9 ("PMB 1001" or "#1001")', () => {
    expect(formatPmb('PMB', 1001)).toBe('PMB 1001');
    expect(formatPmb('#', 3001)).toBe('#3001');
    expect(formatPmb(' ', 7)).toBe('7');
  });
});
