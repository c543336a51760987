import { describe, expect, it } from 'vitest';
import { LOS_ANGELES_SHIPPER } from '@postwise/shared/testing/demo-shipment';
import { addressKeyOf, dayBounds, dayOf } from './scan-form-records';

const base = LOS_ANGELES_SHIPPER;

describe('addressKeyOf: which labels share a SCAN form', () => {
  it('is one origin however the street is split, spelt or named on the label', () => {
    const key = addressKeyOf('u1', base);
    expect(addressKeyOf('u1', { ...base, line1: '1855 Industrial St, Unit 108', line2: null })).toBe(key);
    expect(addressKeyOf('u1', { ...base, line1: '1855 INDUSTRIAL ST.', zipCode: '90021-1234' })).toBe(key);
    expect(addressKeyOf('u1', { ...base, name: 'Avery Chen', companyName: null })).toBe(key);
  });

  it('differs by street, ZIP code or owner', () => {
    const key = addressKeyOf('u1', base);
    expect(addressKeyOf('u1', { ...base, line2: 'Unit 109' })).not.toBe(key);
    expect(addressKeyOf('u1', { ...base, zipCode: '90013' })).not.toBe(key);
    expect(addressKeyOf('u2', base)).not.toBe(key);
  });
});

describe('the day of a SCAN form', () => {
  it("is the platform's (Los Angeles) day: a label bought at 5:30 pm goes on that day's form, not the next", () => {
    expect(dayOf(new Date('2026-12-08T01:30:00Z'))).toBe('2026-12-07');
    expect(dayBounds('2026-12-07').map((d) => d.toISOString())).toEqual([
      '2026-12-07T08:00:00.000Z',
      '2026-12-08T08:00:00.000Z',
    ]);
  });
});
