import { dayKeyIn } from '@postwise/shared/time-zones';
import { describe, expect, it } from 'vitest';
import {
  addDaysInZone,
  addMonthsToMonthStartInZone,
  dayOfMonthInZone,
  startOfDayInZone,
  startOfMonthInZone,
  zonedDaysBetween,
} from './time-zone';

const LA = 'America/Los_Angeles';

describe('calendar in a time zone', () => {
  it('names the local day, not the UTC one', () => {
    // 2026-03-01 05:00 UTC is still the last evening of February in Los Angeles.
    expect(dayKeyIn(new Date('2026-03-01T05:00:00Z'), LA)).toBe('2026-02-28');
    expect(dayKeyIn(new Date('2026-03-01T05:00:00Z'), 'UTC')).toBe('2026-03-01');
    expect(dayOfMonthInZone(new Date('2026-03-01T05:00:00Z'), LA)).toBe(28);
  });

  it('starts days at local midnight on both sides of the spring change (2026-03-08)', () => {
    expect(startOfDayInZone(new Date('2026-03-08T12:00:00Z'), LA).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfDayInZone(new Date('2026-03-09T12:00:00Z'), LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('keeps the local time when adding days across the spring and autumn changes', () => {
    // 10:00 PST on March 1 → 10:00 PDT on March 31: 30 days minus one hour.
    const spring = addDaysInZone(new Date('2026-03-01T18:00:00Z'), 30, LA);
    expect(spring.toISOString()).toBe('2026-03-31T17:00:00.000Z');
    // 10:00 PDT on October 30 → 10:00 PST on November 2: three days plus one hour.
    const autumn = addDaysInZone(new Date('2026-10-30T17:00:00Z'), 3, LA);
    expect(autumn.toISOString()).toBe('2026-11-02T18:00:00.000Z');
    // A time inside the spring gap (02:30 does not exist on March 8) moves forward by the gap.
    expect(addDaysInZone(new Date('2026-03-07T10:30:00Z'), 1, LA).toISOString()).toBe('2026-03-08T10:30:00.000Z');
  });

  it('counts the 23-hour and 25-hour days as one day each', () => {
    const march7 = new Date('2026-03-07T08:00:00Z');
    const march9 = new Date('2026-03-09T07:00:00Z');
    expect((march9.getTime() - march7.getTime()) / 3_600_000).toBe(47);
    expect(zonedDaysBetween(march7, march9, LA)).toBe(2);
    const oct31 = new Date('2026-10-31T07:00:00Z');
    const nov2 = new Date('2026-11-02T08:00:00Z');
    expect(zonedDaysBetween(oct31, nov2, LA)).toBe(2);
  });

  it('starts months at local midnight of the first', () => {
    // Early on April 1 UTC is still March in Los Angeles.
    expect(startOfMonthInZone(new Date('2026-04-01T03:00:00Z'), LA).toISOString()).toBe('2026-03-01T08:00:00.000Z');
    expect(startOfMonthInZone(new Date('2026-04-01T08:00:00Z'), LA).toISOString()).toBe('2026-04-01T07:00:00.000Z');
    expect(addMonthsToMonthStartInZone(new Date('2026-11-15T12:00:00Z'), 1, LA).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(addMonthsToMonthStartInZone(new Date('2026-11-15T12:00:00Z'), -1, LA).toISOString()).toBe(
      '2026-10-01T07:00:00.000Z',
    );
  });
});
