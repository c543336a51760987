import { describe, expect, it } from 'vitest';
import { addDaysToDayKey, dayKeyIn, dayRangeIn, isDateOnly, midnightIn, platformToday } from './time-zones';

describe('platform calendar', () => {
  it('finds local midnight on ordinary days and on both daylight-saving days', () => {
    expect(midnightIn('2026-01-15', 'America/Los_Angeles').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(midnightIn('2026-07-15', 'America/Los_Angeles').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    // Spring forward (8 March 2026) and fall back (1 November 2026) happen at 2 am: midnight has the old offset,
    // and the next day's midnight the new one.
    expect(midnightIn('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(midnightIn('2026-03-09', 'America/Los_Angeles').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(midnightIn('2026-11-01', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(midnightIn('2026-11-02', 'America/Los_Angeles').toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(midnightIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(midnightIn('2026-05-01', 'UTC').toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });

  it('reads the local date of an instant', () => {
    expect(dayKeyIn(new Date('2026-11-02T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
    expect(dayKeyIn(new Date('2026-11-02T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-02');
  });

  it('tells a date from a date-time', () => {
    expect(isDateOnly('2026-03-01')).toBe(true);
    expect(isDateOnly('2026-03-01T00:00:00Z')).toBe(false);
    expect(isDateOnly(20260301)).toBe(false);
  });

  it('bounds a platform day by its midnights, 23 or 25 hours across a daylight-saving change', () => {
    const hours = (key: string) => {
      const [from, to] = dayRangeIn(key, 'America/Los_Angeles');
      return (to.getTime() - from.getTime()) / 3_600_000;
    };
    expect(dayRangeIn('2026-12-07', 'America/Los_Angeles').map((d) => d.toISOString())).toEqual([
      '2026-12-07T08:00:00.000Z',
      '2026-12-08T08:00:00.000Z',
    ]);
    expect([hours('2026-03-08'), hours('2026-11-01'), hours('2026-12-07')]).toEqual([23, 25, 24]);
    expect(addDaysToDayKey('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDayKey('2028-03-01', -1)).toBe('2028-02-29');
  });

  it("says it is still today in Los Angeles after UTC's midnight", () => {
    expect(platformToday(new Date('2026-12-08T01:30:00Z'))).toBe('2026-12-07');
    expect(platformToday(new Date('2026-12-08T08:00:00Z'))).toBe('2026-12-08');
  });
});
