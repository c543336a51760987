import { describe, expect, it } from 'vitest';
import { age, money, plural, timeAgo } from './format';

describe('format', () => {
  it('writes cents as dollars with two decimals', () => {
    expect(money(1674)).toBe('$16.74');
    expect(money(300)).toBe('$3.00');
  });

  it('writes an age in its largest whole unit', () => {
    expect(age(30)).toBe('just now');
    expect(age(45 * 60)).toBe('45 min');
    expect(age(3 * 3600)).toBe('3 h');
    expect(age(86_400)).toBe('1 day');
    expect(age(5 * 86_400)).toBe('5 days');
  });

  it('says how long ago, and pluralises units', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(timeAgo('2026-11-23T09:58:00Z', now)).toBe('2 min ago');
    expect(timeAgo('2026-11-23T09:59:50Z', now)).toBe('just now');
    expect(plural(1, 'free day')).toBe('1 free day');
    expect(plural(3, 'free day')).toBe('3 free days');
  });
});
