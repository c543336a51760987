import { describe, expect, it } from 'vitest';
import { US_STATES } from '../schemas/shipping';
import { stateOfZip, statesOfZip, ZIP_PREFIX_STATES, zipMatchesState } from './zip-prefixes';

describe('ZIP_PREFIX_STATES (USPS three-digit prefixes → state)', () => {
  it('is ordered, never overlaps, and stays within 000–999', () => {
    let last = -1;
    for (const [from, to] of ZIP_PREFIX_STATES) {
      expect(from).toBeGreaterThan(last);
      expect(to).toBeGreaterThanOrEqual(from);
      expect(to).toBeLessThanOrEqual(999);
      last = to;
    }
  });

  it('names every state and territory code the address form accepts, and only codes of two letters', () => {
    const named = new Set(ZIP_PREFIX_STATES.flatMap(([, , states]) => states));
    for (const code of US_STATES) expect(named.has(code), code).toBe(true);
    for (const code of named) expect(code).toMatch(/^[A-Z]{2}$/);
  });
});

describe('statesOfZip / zipMatchesState', () => {
  it.each([
    ['10001', 'NY'],
    ['90021', 'CA'],
    ['78702', 'TX'],
    ['60601', 'IL'],
    ['02108', 'MA'],
    ['05501', 'MA'], // Andover, inside Vermont's range
    ['05401', 'VT'],
    ['20500', 'DC'],
    ['20166', 'VA'], // Dulles
    ['73301', 'TX'], // Austin IRS, inside Oklahoma's range
    ['88510', 'TX'], // El Paso
    ['39901', 'GA'],
    ['00901', 'PR'],
    ['00801', 'VI'],
    ['96799', 'AS'],
    ['96813', 'HI'],
    ['96910', 'GU'],
    ['99501', 'AK'],
    ['34002', 'AA'],
    ['09001', 'AE'],
    ['96201', 'AP'],
    ['98101-1234', 'WA'],
  ])('%s belongs to %s', (zip, state) => {
    expect(statesOfZip(zip)).toContain(state);
    expect(zipMatchesState(zip, state)).toBe(true);
    expect(zipMatchesState(zip, state.toLowerCase())).toBe(true);
  });

  it('refuses a ZIP of another state (a New York ZIP in Illinois)', () => {
    expect(zipMatchesState('10001', 'IL')).toBe(false);
    expect(stateOfZip('10001')).toBe('NY');
    expect(zipMatchesState('90021', 'TX')).toBe(false);
    expect(zipMatchesState('73301', 'OK')).toBe(false);
  });

  it('does not judge what it cannot read: unassigned prefixes and malformed codes', () => {
    expect(statesOfZip('00001')).toBeNull();
    expect(statesOfZip('26901')).toBeNull();
    expect(statesOfZip('69401')).toBeNull();
    expect(zipMatchesState('69401', 'NE')).toBe(true);
    expect(statesOfZip('1234')).toBeNull();
    expect(statesOfZip('SW1A 1AA')).toBeNull();
  });
});
