import { describe, expect, it } from 'vitest';
import { pickupContents } from './pickups-page';

describe('pickups list', () => {
  it('says "1 package" and "1 shipment" for one, the plural otherwise', () => {
    expect(pickupContents({ shipmentIds: [], packageCount: 1 })).toBe('1 package');
    expect(pickupContents({ shipmentIds: [], packageCount: 3 })).toBe('3 packages');
    expect(pickupContents({ shipmentIds: ['a'], packageCount: 1 })).toBe('1 shipment');
    expect(pickupContents({ shipmentIds: ['a', 'b'], packageCount: 2 })).toBe('2 shipments');
  });
});
