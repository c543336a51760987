import { describe, expect, it } from 'vitest';
import { splitRange } from './rollup';
import { bucketStarts } from './service';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe("Analytics & Reports' calendar (the platform's time zone, Los Angeles)", () => {
  it('cuts a range into local days, 25 hours on the day the clocks fall back', () => {
    const { unit, starts } = bucketStarts({
      from: new Date('2026-10-31T07:00:00Z'),
      to: new Date('2026-11-03T08:00:00Z'),
    });
    expect(unit).toBe('day');
    expect(iso(starts)).toEqual([
      '2026-10-31T07:00:00.000Z',
      '2026-11-01T07:00:00.000Z', // 1 November: 25 hours long
      '2026-11-02T08:00:00.000Z',
    ]);
  });

  it('starts a range that begins mid-day on that local day, and cuts months at local midnight', () => {
    const day = bucketStarts({ from: new Date('2026-03-08T12:00:00Z'), to: new Date('2026-03-10T07:00:00Z') });
    // Spring forward on 8 March: that day began at 08:00 UTC and lasted 23 hours.
    expect(iso(day.starts)).toEqual(['2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z']);
    const months = bucketStarts({ from: new Date('2026-01-01T08:00:00Z'), to: new Date('2026-05-01T07:00:00Z') });
    expect(months.unit).toBe('month');
    expect(iso(months.starts)).toEqual([
      '2026-01-01T08:00:00.000Z',
      '2026-02-01T08:00:00.000Z',
      '2026-03-01T08:00:00.000Z',
      '2026-04-01T07:00:00.000Z',
    ]);
  });

  it('reads from the rollup only whole local days before the refresh’s day, and whole local months inside them', () => {
    const split = splitRange(
      new Date('2026-02-15T12:00:00Z'), // mid-day: the 15th is read live
      new Date('2026-05-01T07:00:00Z'),
      new Date('2026-04-20T03:00:00Z'), // still 19 April in Los Angeles
    );
    expect(iso([split.dayFrom, split.dayTo, split.monthFrom, split.monthTo])).toEqual([
      '2026-02-16T08:00:00.000Z',
      '2026-04-19T07:00:00.000Z',
      '2026-03-01T08:00:00.000Z',
      '2026-04-01T07:00:00.000Z',
    ]);
  });
});
