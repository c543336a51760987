import { storageDaysAccrued } from '@postwise/shared/mail';
import { describe, expect, it } from 'vitest';
import { feeDate, freeDaysLeftInZone, freeUntilInZone, storageDaysAccruedInZone } from './storage-clock';

const LA = 'America/Los_Angeles';
const clock = (freeUntil: Date) => ({ freeUntil, storageDailyFeeCents: 100, storageEndedAt: null });

describe('the storage clock on the store calendar', () => {
  it('ends a free period across the spring change at the same local time (one hour less than 30 × 24 h)', () => {
    // A letter received 10:00 PST on 2026-02-20 is free for 30 days: until 10:00 PDT on 2026-03-22.
    const until = freeUntilInZone('letter', new Date('2026-02-20T18:00:00Z'), LA);
    expect(until.toISOString()).toBe('2026-03-22T17:00:00.000Z');
    // A package received 09:00 PDT on 2026-10-30 is free for 3 days: until 09:00 PST on 2026-11-02 (73 hours).
    expect(freeUntilInZone('package', new Date('2026-10-30T16:00:00Z'), LA).toISOString()).toBe(
      '2026-11-02T17:00:00.000Z',
    );
  });

  it('counts the free days left and the storage days in local days across the change', () => {
    const until = new Date('2026-03-22T17:00:00.000Z');
    // 10:00 PST on March 7 to 10:00 PDT on March 22 is 15 local days (359 hours).
    expect(freeDaysLeftInZone(clock(until), new Date('2026-03-07T18:00:00Z'), LA)).toBe(15);
    expect(storageDaysAccruedInZone(clock(until), new Date('2026-03-22T17:00:00Z'), LA)).toBe(0);
    expect(storageDaysAccruedInZone(clock(until), new Date('2026-03-22T17:00:01Z'), LA)).toBe(1);
    // Free until 10:00 PDT October 31; at 09:30 PST on November 1 (24.5 hours later) only the first day has started,
    // where a 24-hour count has started the second an hour early, at 09:00 PST.
    const autumn = new Date('2026-10-31T17:00:00Z');
    expect(storageDaysAccruedInZone(clock(autumn), new Date('2026-11-01T17:30:00Z'), LA)).toBe(1);
    expect(storageDaysAccrued(clock(autumn), new Date('2026-11-01T17:30:00Z'))).toBe(2);
    expect(storageDaysAccruedInZone(clock(autumn), new Date('2026-11-01T18:00:01Z'), LA)).toBe(2);
  });

  it("books a fee on the store's local date, not the UTC one", () => {
    // 19:00 PDT on March 31 is already April 1 in UTC.
    expect(feeDate(new Date('2026-04-01T02:00:00Z'), LA)).toBe('2026-03-31');
    expect(feeDate(new Date('2026-04-01T02:00:00Z'), 'UTC')).toBe('2026-04-01');
  });
});
