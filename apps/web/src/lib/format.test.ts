import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE,
  age,
  cardBrand,
  dateTime,
  formatPhone,
  money,
  monthYear,
  plural,
  shortDate,
  timeAgo,
} from './format';

describe('format', () => {
  it('writes cents as dollars with two decimals', () => {
    expect(money(1674)).toBe('$16.74');
    expect(money(300)).toBe('$3.00');
    expect(money(0)).toBe('$0.00');
    expect(money(123_456_78)).toBe('$123,456.78');
  });

  it('writes a negative amount with a minus sign in front, and no amount as the empty value', () => {
    expect(money(-320)).toBe('−$3.20');
    expect(money(null)).toBe(EMPTY_VALUE);
    expect(money(undefined)).toBe(EMPTY_VALUE);
  });

  it('writes dates as "Nov 23, 2026", a calendar day as that day in any time zone', () => {
    const instant = '2026-11-23T15:30:00Z';
    expect(shortDate(instant)).toBe(
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(instant)),
    );
    expect(shortDate('2026-11-23')).toBe('Nov 23, 2026');
    expect(shortDate('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('writes a date and time the way every screen showed it', () => {
    const instant = new Date('2026-11-23T15:30:00Z');
    expect(dateTime(instant.toISOString())).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(instant),
    );
    expect(dateTime(null)).toBe(EMPTY_VALUE);
  });

  it('names the month a period starts in (UTC)', () => {
    expect(monthYear('2026-10-01')).toBe('October 2026');
    expect(monthYear('2026-01-01')).toBe('January 2026');
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

  it('formats US phone numbers and leaves anything else as given', () => {
    expect(formatPhone('3235550172')).toBe('(323) 555-0172');
    expect(formatPhone('13235550172')).toBe('+1 (323) 555-0172');
    expect(formatPhone('323-555-0172')).toBe('(323) 555-0172');
    expect(formatPhone('+1 (323) 555 0172')).toBe('+1 (323) 555-0172');
    expect(formatPhone('23235550172')).toBe('23235550172');
    expect(formatPhone('555-0172')).toBe('555-0172');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone('')).toBe(EMPTY_VALUE);
    expect(formatPhone(null)).toBe(EMPTY_VALUE);
    expect(formatPhone(undefined)).toBe(EMPTY_VALUE);
  });

  it('names card brands the way the card does', () => {
    expect(cardBrand('visa')).toBe('Visa');
    expect(cardBrand('mastercard')).toBe('Mastercard');
    expect(cardBrand('amex')).toBe('American Express');
    expect(cardBrand('American Express')).toBe('American Express');
    expect(cardBrand('discover')).toBe('Discover');
    expect(cardBrand('diners')).toBe('Diners Club');
    expect(cardBrand('jcb')).toBe('JCB');
    expect(cardBrand('unionpay')).toBe('UnionPay');
    expect(cardBrand('VISA')).toBe('Visa');
    expect(cardBrand('some_new_brand')).toBe('Some New Brand');
    expect(cardBrand('unknown')).toBe('Card');
    expect(cardBrand('')).toBe('Card');
    expect(cardBrand(null)).toBe('Card');
  });

  it('shows one empty value: an em dash', () => {
    expect(EMPTY_VALUE).toBe('—');
    expect(shortDate(null)).toBe(EMPTY_VALUE);
  });
});
