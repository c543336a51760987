import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  arrivalPreferencesSchema,
  customsLineSchema,
  packageSchema,
  quoteRequestSchema,
} from './shipping';

const us = { name: 'Ana Ruiz', line1: '1 Main St', city: 'Austin', state: 'tx', zipCode: '78702', country: 'us' };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('address validation', () => {
  it('accepts a US address, upper-cases state and country, keeps ZIP+4', () => {
    expect(addressSchema.parse(us)).toMatchObject({ state: 'TX', country: 'US', zipCode: '78702' });
    expect(addressSchema.parse({ ...us, zipCode: '78702-1234' }).zipCode).toBe('78702-1234');
    expect(addressSchema.parse({ ...us, zipCode: '787021234' }).zipCode).toBe('78702-1234');
  });

  it('rejects a bad US state and ZIP with their messages', () => {
    expect(firstMessage(addressSchema.safeParse({ ...us, state: 'Texas' }))).toBe(
      'State must be a US state code (e.g. CA).',
    );
    expect(firstMessage(addressSchema.safeParse({ ...us, zipCode: '7870' }))).toBe(
      'Zip Code must be 5 digits or ZIP+4 (12345-6789).',
    );
    expect(firstMessage(addressSchema.safeParse({ ...us, line1: ' ' }))).toBe('Address Line 1 is required');
    expect(firstMessage(addressSchema.safeParse({ ...us, phone: '123' }))).toBe(
      'Phone number must be exactly 10 digits',
    );
  });

  it('checks international postal codes by country', () => {
    const ca = { ...us, state: 'ON', country: 'CA' };
    expect(addressSchema.parse({ ...ca, zipCode: 'k1a 0b1' }).zipCode).toBe('K1A 0B1');
    expect(firstMessage(addressSchema.safeParse({ ...ca, zipCode: '12345' }))).toBe(
      'Postal code is not valid for this country.',
    );
    expect(addressSchema.parse({ ...us, state: '', country: 'GB', zipCode: 'SW1A 1AA' }).zipCode).toBe('SW1A 1AA');
    expect(addressSchema.parse({ ...us, state: '', country: 'DE', zipCode: '10115' }).zipCode).toBe('10115');
    expect(addressSchema.safeParse({ ...us, state: '', country: 'DE', zipCode: '1011' }).success).toBe(false);
    // A country without a known format: any code up to 10 characters.
    expect(addressSchema.parse({ ...us, state: '', country: 'KE', zipCode: '00100' }).zipCode).toBe('00100');
  });

  it('refuses a US ZIP code of another state, saying whose it is (USPS prefix table)', () => {
    const springfield = { ...us, line1: '99999 Nowhere Imaginary Rd', city: 'Springfield', state: 'IL' };
    expect(firstMessage(addressSchema.safeParse({ ...springfield, zipCode: '10001' }))).toBe(
      'Zip Code 10001 is in NY, not IL. Check the Zip Code and the state.',
    );
    const issues = addressSchema.safeParse({ ...springfield, zipCode: '10001' }).error!.issues;
    expect(issues.map((i) => i.path.join('.'))).toEqual(['zipCode']);
    expect(addressSchema.parse({ ...springfield, zipCode: '62701' }).state).toBe('IL');
    expect(addressSchema.parse({ ...us, zipCode: '73301-0001' }).zipCode).toBe('73301-0001');
  });

  it('needs the province or state where carriers need it: Canada and Australia, by their codes', () => {
    const ca = { ...us, country: 'CA', zipCode: 'K1A 0B1' };
    expect(firstMessage(addressSchema.safeParse({ ...ca, state: '' }))).toBe('State is required');
    expect(firstMessage(addressSchema.safeParse({ ...ca, state: 'Ontario' }))).toBe(
      'Province must be a Canadian province code (e.g. ON).',
    );
    expect(addressSchema.parse({ ...ca, state: 'on' }).state).toBe('ON');
    const au = { ...us, country: 'AU', zipCode: '2000' };
    expect(firstMessage(addressSchema.safeParse({ ...au, state: '' }))).toBe('State is required');
    expect(firstMessage(addressSchema.safeParse({ ...au, state: 'XX' }))).toBe(
      'State must be an Australian state code (e.g. NSW).',
    );
    expect(addressSchema.parse({ ...au, state: 'nsw' }).state).toBe('NSW');
    // Elsewhere the state stays optional free text.
    expect(addressSchema.parse({ ...us, state: 'Bavaria', country: 'DE', zipCode: '80331' }).state).toBe('Bavaria');
  });
});

describe('package, customs and preferences', () => {
  it('reads the spec 3 Package with defaults', () => {
    expect(
      packageSchema.parse({ packageType: 'Box', dimension: { length: 10, width: 8, height: 4 }, weight: '6.4' }),
    ).toEqual({
      packageType: 'Box',
      dimension: { unit: 'in', length: 10, width: 8, height: 4 },
      weight: 6.4,
      weightUnits: 'lb',
      numberOfPackages: 1,
      insuranceDeclared: null,
      contentDescription: null,
      trackingNumber: null,
    });
    expect(
      firstMessage(
        packageSchema.safeParse({ packageType: 'Box', dimension: { length: 0, width: 1, height: 1 }, weight: 1 }),
      ),
    ).toBe('Length, width and height must be greater than 0');
  });

  it('checks customs lines (HS code digits, origin country)', () => {
    expect(
      customsLineSchema.parse({ description: 'Mugs', hsCode: '6912.00', valueCents: 2500, originCountry: 'us' }),
    ).toMatchObject({ hsCode: '691200', originCountry: 'US', quantity: 1 });
    expect(
      firstMessage(
        customsLineSchema.safeParse({ description: 'Mugs', hsCode: '69', valueCents: 1, originCountry: 'US' }),
      ),
    ).toBe('HS code must be 6 to 10 digits');
  });

  it("takes a customs line's weight in ounces as a number or typed text, empty meaning none", () => {
    const line = { description: 'Mugs', hsCode: '691200', valueCents: 2500, originCountry: 'US' };
    expect(customsLineSchema.parse(line).weightOz).toBeNull();
    expect(customsLineSchema.parse({ ...line, weightOz: '' }).weightOz).toBeNull();
    expect(customsLineSchema.parse({ ...line, weightOz: '12.5' }).weightOz).toBe(12.5);
    expect(customsLineSchema.parse({ ...line, weightOz: 40 }).weightOz).toBe(40);
    for (const weightOz of [0, -3, 'heavy', 16_001]) {
      expect(firstMessage(customsLineSchema.safeParse({ ...line, weightOz }))).toBe('Weight must be greater than 0');
    }
  });

  it('needs a date for arrive-by', () => {
    expect(firstMessage(arrivalPreferencesSchema.safeParse({ priority: 'arriveBy' }))).toBe(
      'Arrive-by date is required',
    );
    expect(arrivalPreferencesSchema.parse({})).toEqual({
      priority: 'cheapest',
      arriveBy: null,
      signature: false,
      saturdayDelivery: false,
    });
  });

  it('needs customs lines for an international quote', () => {
    const pkg = { packageType: 'Box', dimension: { length: 10, width: 8, height: 4 }, weight: 2 };
    const intl = { sender: us, receiver: { ...us, state: '', country: 'DE', zipCode: '10115' }, packages: [pkg] };
    expect(firstMessage(quoteRequestSchema.safeParse(intl))).toBe(
      'Customs lines are required for international shipments',
    );
    expect(quoteRequestSchema.safeParse({ ...intl, receiver: us }).success).toBe(true);
  });
});
