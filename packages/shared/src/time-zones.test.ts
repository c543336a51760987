import { describe, expect, it } from 'vitest';
import { dayKeyIn, isDateOnly, midnightIn } from './time-zones';

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
});
