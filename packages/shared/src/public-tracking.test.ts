import { describe, expect, it } from 'vitest';
import { destinationZipMatches, toPublicScanEvent } from './public-tracking';
import { normalizeScanEvent } from './tracking';

describe('toPublicScanEvent (what the public tracking page may show of a carrier event)', () => {
  it('keeps the spec 3 fields of a carrier one event and drops everything else', () => {
    const raw = {
      gmtDate: '20261118',
      gmtTime: '14:05:09',
      status: { description: 'Delivered', code: 'DL', signedBy: 'J. SMITH' },
      location: { address: { city: 'Austin', country: 'US', streetLines: ['12 Elm St'] }, facilityId: 'X1' },
      recipientPhone: '5125550100',
    };
    expect(toPublicScanEvent(raw)).toEqual({
      gmtDate: '20261118',
      gmtTime: '14:05:09',
      status: { description: 'Delivered' },
      location: { address: { city: 'Austin', country: 'US' } },
    });
  });

  it('keeps the spec 3 fields of a carrier two event and drops everything else', () => {
    const raw = {
      date: '2026-11-18T09:30:00Z',
      eventDescription: 'Arrived at facility',
      derivedStatus: 'InTransit',
      scanLocation: { city: 'Reno', countryName: 'United States', postalCode: '89502' },
      internalNote: 'dock 4',
    };
    expect(toPublicScanEvent(raw)).toEqual({
      date: '2026-11-18T09:30:00Z',
      eventDescription: 'Arrived at facility',
      derivedStatus: 'InTransit',
      scanLocation: { city: 'Reno', countryName: 'United States' },
    });
  });

  it('leaves out parts the carrier did not send, and the result still normalizes', () => {
    const picked = toPublicScanEvent({ date: '2026-11-18T09:30:00Z', derivedStatus: 'Delivered' });
    expect(picked).toEqual({ date: '2026-11-18T09:30:00Z', derivedStatus: 'Delivered' });
    expect(normalizeScanEvent(picked!)).toMatchObject({ description: 'Delivered', location: null });
  });

  it('ignores values of neither shape and non-string fields', () => {
    expect(toPublicScanEvent(null)).toBeNull();
    expect(toPublicScanEvent('Delivered')).toBeNull();
    expect(toPublicScanEvent({ description: 'x' })).toBeNull();
    expect(toPublicScanEvent({ gmtDate: '20261118', gmtTime: 930, status: { description: { html: 1 } } })).toEqual({
      gmtDate: '20261118',
      status: {},
    });
  });
});

describe('destinationZipMatches (the ZIP code that opens the full addresses)', () => {
  it('matches a US ZIP by its five digits, ignoring spaces, dashes and a +4 on either side', () => {
    expect(destinationZipMatches('78702', '78702', 'US')).toBe(true);
    expect(destinationZipMatches(' 78702-1234 ', '78702', 'US')).toBe(true);
    expect(destinationZipMatches('78702', '78702-0001', 'us')).toBe(true);
    expect(destinationZipMatches('78703', '78702', 'US')).toBe(false);
    expect(destinationZipMatches('7870', '78702', 'US')).toBe(false);
  });

  it('matches other postcodes whole, case and spaces aside; nothing matches an empty one', () => {
    expect(destinationZipMatches('sw1a 1aa', 'SW1A 1AA', 'GB')).toBe(true);
    expect(destinationZipMatches('SW1A', 'SW1A 1AA', 'GB')).toBe(false);
    expect(destinationZipMatches('', '78702', 'US')).toBe(false);
    expect(destinationZipMatches(null, '78702', 'US')).toBe(false);
    expect(destinationZipMatches('   ', '', 'GB')).toBe(false);
  });
});
