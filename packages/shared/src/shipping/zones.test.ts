import { describe, expect, it } from 'vitest';
import { distanceMiles, locateZip, zoneBetween, zoneForDistance } from './zones';

describe('zones from the ZIP pair distance', () => {
  it('finds the range centre and state of a ZIP, ZIP+4 included', () => {
    expect(locateZip('90021')).toMatchObject({ state: 'CA' });
    expect(locateZip('10001-1234')).toMatchObject({ state: 'NY' });
    expect(locateZip('78702')).toMatchObject({ state: 'TX' });
    expect(locateZip('ABCDE')).toBeNull();
    expect(locateZip('1234')).toBeNull();
  });

  it('measures Los Angeles to New York at about 2,450 miles', () => {
    const d = distanceMiles(locateZip('90021')!, locateZip('10001')!);
    expect(d).toBeGreaterThan(2400);
    expect(d).toBeLessThan(2500);
  });

  it('maps distance bands to zones 1..8', () => {
    expect(zoneForDistance(0)).toBe(1);
    expect(zoneForDistance(50)).toBe(1);
    expect(zoneForDistance(51)).toBe(2);
    expect(zoneForDistance(301)).toBe(4);
    expect(zoneForDistance(1401)).toBe(7);
    expect(zoneForDistance(1801)).toBe(8);
  });

  it('answers zone 1 in town, a middle zone across the state, zone 8 across the country', () => {
    expect(zoneBetween('90021', '90210')).toBe(1);
    expect(zoneBetween('90021', '94103')).toBe(4);
    expect(zoneBetween('90021', '10001')).toBe(8);
    expect(zoneBetween('90021', '78702')).toBe(6);
    expect(zoneBetween('90021', 'nope')).toBeNull();
  });
});
