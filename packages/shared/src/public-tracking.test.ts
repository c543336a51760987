import { describe, expect, it } from 'vitest';
import { toPublicScanEvent } from './public-tracking';
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
