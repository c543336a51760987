import { describe, expect, it } from 'vitest';
import type { SavedAddressDto } from '@postwise/shared/schemas/shipping-dto';
import {
  draftFromQuickQuote,
  EMPTY_ADDRESS,
  EMPTY_PACKAGE,
  preferredRateId,
  senderWithDefault,
} from './create-shipment-store';
import { LOS_ANGELES_SHIPPER } from '@postwise/shared/testing/demo-shipment';

const home: SavedAddressDto = {
  id: 'a1',
  ...LOS_ANGELES_SHIPPER,
  phone: '2135550164',
  email: 'shipper@example.com',
  isDefault: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the wizard from a quick quote', () => {
  it('starts with the sender ZIP, the receiver ZIP and one package of that many pounds', () => {
    const patch = draftFromQuickQuote(new URLSearchParams('fromZip=90021&toZip=78702&weight=2.5'));
    expect(patch.sender).toEqual({ ...EMPTY_ADDRESS, zipCode: '90021' });
    expect(patch.receiver).toEqual({ ...EMPTY_ADDRESS, zipCode: '78702' });
    expect(patch.packages).toEqual([{ ...EMPTY_PACKAGE, weight: '2.5', weightUnits: 'lb' }]);
  });

  it('leaves out what is missing or not valid', () => {
    expect(draftFromQuickQuote(new URLSearchParams(''))).toEqual({});
    expect(draftFromQuickQuote(new URLSearchParams('fromZip=abc&toZip=78702&weight=-1'))).toEqual({
      receiver: { ...EMPTY_ADDRESS, zipCode: '78702' },
    });
  });

  it('fills the default sender around the ZIP: all of it for the same ZIP, only name and contact for another', () => {
    expect(senderWithDefault(EMPTY_ADDRESS, home)).toMatchObject({ line1: '1855 Industrial St', zipCode: '90021' });
    expect(senderWithDefault({ ...EMPTY_ADDRESS, zipCode: '90021' }, home)).toMatchObject({
      line1: '1855 Industrial St',
      city: 'Los Angeles',
    });
    expect(senderWithDefault({ ...EMPTY_ADDRESS, zipCode: '10001' }, home)).toEqual({
      ...EMPTY_ADDRESS,
      name: 'Sofia Ramirez',
      companyName: 'Harbor & Pine Ceramics',
      phone: '2135550164',
      email: 'shipper@example.com',
      zipCode: '10001',
    });
  });

  it('carries the service chosen on the quick quote, and the quote step starts on it when offered again', () => {
    const patch = draftFromQuickQuote(
      new URLSearchParams('fromZip=90021&toZip=78702&weight=2&carrier=UPS&service=Next+Day+Air'),
    );
    expect(patch.chosenService).toEqual({ carrier: 'UPS', service: 'Next Day Air' });
    const rates = [
      { id: 'r1', carrier: 'USPS', service: 'Ground Advantage' },
      { id: 'r2', carrier: 'UPS', service: 'Next Day Air' },
    ];
    expect(preferredRateId(rates, patch.chosenService!)).toBe('r2');
    expect(preferredRateId(rates, { carrier: 'FedEx', service: 'Gone' })).toBe('r1');
    expect(preferredRateId(rates, null)).toBe('r1');
    expect(preferredRateId([], null)).toBeNull();
  });

  it('starts a receiver in another country with its postal code when it fits the country', () => {
    expect(
      draftFromQuickQuote(new URLSearchParams('fromZip=90021&toCountry=GB&toZip=SW1A+1AA&weight=1')).receiver,
    ).toEqual({
      ...EMPTY_ADDRESS,
      country: 'GB',
      zipCode: 'SW1A 1AA',
    });
    expect(draftFromQuickQuote(new URLSearchParams('fromZip=90021&toCountry=ca&weight=1')).receiver).toEqual({
      ...EMPTY_ADDRESS,
      country: 'CA',
      zipCode: '',
    });
  });
});
