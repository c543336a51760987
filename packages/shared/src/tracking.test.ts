import { describe, expect, it } from 'vitest';
import { normalizeScanEvent, normalizeScanEvents } from './tracking';

describe('carrier scan events (spec 3)', () => {
  it('reads carrier one: gmtDate YYYYMMDD, gmtTime, status.description, location.address', () => {
    expect(
      normalizeScanEvent({
        gmtDate: '20261118',
        gmtTime: '14:05:09',
        status: { description: 'Departed FedEx hub' },
        location: { address: { city: 'Memphis', country: 'US' } },
      }),
    ).toEqual({
      occurredAt: '2026-11-18T14:05:09.000Z',
      description: 'Departed FedEx hub',
      city: 'Memphis',
      country: 'US',
      location: 'Memphis, US',
    });
  });

  it('accepts a carrier one time without seconds, and a missing time as midnight', () => {
    expect(normalizeScanEvent({ gmtDate: '20261118', gmtTime: '9:30' })?.occurredAt).toBe('2026-11-18T09:30:00.000Z');
    expect(normalizeScanEvent({ gmtDate: '20261118' })?.occurredAt).toBe('2026-11-18T00:00:00.000Z');
  });

  it('answers null occurredAt for a malformed carrier one date', () => {
    expect(normalizeScanEvent({ gmtDate: '2026-11-18', status: { description: 'x' } })?.occurredAt).toBeNull();
  });

  it('reads carrier two: date, eventDescription or derivedStatus, scanLocation', () => {
    expect(
      normalizeScanEvent({
        date: '2026-11-19T08:00:00-08:00',
        eventDescription: 'Out for delivery',
        scanLocation: { city: 'Los Angeles', countryName: 'United States' },
      }),
    ).toEqual({
      occurredAt: '2026-11-19T16:00:00.000Z',
      description: 'Out for delivery',
      city: 'Los Angeles',
      country: 'United States',
      location: 'Los Angeles, United States',
    });
    expect(normalizeScanEvent({ date: '2026-11-19T08:00:00Z', derivedStatus: 'Delivered' })?.description).toBe(
      'Delivered',
    );
    expect(
      normalizeScanEvent({ date: '2026-11-19T08:00:00Z', eventDescription: ' ', derivedStatus: 'In transit' })
        ?.description,
    ).toBe('In transit');
  });

  it('falls back to a neutral description and no location', () => {
    expect(normalizeScanEvent({ date: '2026-11-19T08:00:00Z' })).toMatchObject({
      description: 'Status update',
      location: null,
    });
  });

  it('drops events of neither shape', () => {
    expect(normalizeScanEvent({} as never)).toBeNull();
  });

  it('sorts a mixed timeline newest first with undated events last', () => {
    const timeline = normalizeScanEvents([
      { gmtDate: '20261117', gmtTime: '10:00', status: { description: 'Picked up' } },
      { date: 'not a date', eventDescription: 'Label created' },
      { date: '2026-11-19T10:00:00Z', eventDescription: 'Delivered' },
      { gmtDate: '20261118', gmtTime: '10:00', status: { description: 'In transit' } },
    ]);
    expect(timeline.map((e) => e.description)).toEqual(['Delivered', 'In transit', 'Picked up', 'Label created']);
    expect(normalizeScanEvents(undefined)).toEqual([]);
  });
});
