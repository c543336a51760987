import { describe, expect, it } from 'vitest';
import { quoteRequestSchema } from '@postwise/shared/schemas/shipping';
import { EMPTY_ADDRESS, EMPTY_CUSTOMS, EMPTY_PACKAGE } from '../stores/create-shipment-store';
import { dollarsToCents, quoteInput, validateAddress, validatePackage } from './draft-input';

const sender = {
  ...EMPTY_ADDRESS,
  name: 'Sofia Ramirez',
  line1: '1855 Industrial St',
  city: 'Los Angeles',
  state: 'ca',
  zipCode: '90021',
};
const receiver = {
  ...EMPTY_ADDRESS,
  name: 'Dana Whitfield',
  line1: '500 Pine St',
  city: 'Seattle',
  state: 'WA',
  zipCode: '981011234',
};
const box = { ...EMPTY_PACKAGE, length: '12', width: '10', height: '8', weight: '4', declaredValue: '120.50' };

describe('wizard drafts to API input', () => {
  it('reads typed dollars as cents', () => {
    expect(dollarsToCents('$1,250.5')).toBe(125050);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });

  it("shows the shared schema's messages per field", () => {
    expect(validateAddress(EMPTY_ADDRESS)).toMatchObject({
      name: 'Name is required',
      line1: 'Address Line 1 is required',
    });
    expect(validateAddress({ ...receiver, zipCode: '9810' }).zipCode).toBe(
      'Zip Code must be 5 digits or ZIP+4 (12345-6789).',
    );
    expect(validatePackage({ ...box, weight: '0' }).weight).toBe('Weight must be greater than 0');
    expect(validatePackage(box)).toEqual({});
  });

  it('builds a quote request the API schema accepts; customs only go abroad', () => {
    const draft = {
      sender,
      receiver,
      packages: [box, { ...box, weight: '1.5', declaredValue: '' }],
      customs: [
        { ...EMPTY_CUSTOMS, description: 'Mugs', hsCode: '6912.00', value: '20', weightOz: '14' },
        // A line kept by a draft saved before lines had a weight.
        { description: 'Plates', hsCode: '691110', quantity: '2', value: '30', originCountry: 'us' },
      ],
      preferences: { priority: 'arriveBy' as const, arriveBy: '', signature: true, saturdayDelivery: false },
    };
    const domestic = quoteRequestSchema.parse(
      quoteInput({ ...draft, preferences: { ...draft.preferences, priority: 'cheapest' } }),
    );
    expect(domestic.customs).toEqual([]);
    expect(domestic.receiver.zipCode).toBe('98101-1234');
    expect(domestic.packages.map((p) => p.insuranceDeclared)).toEqual([12050, null]);
    expect(domestic.preferences).toMatchObject({ priority: 'cheapest', arriveBy: null, signature: true });

    const abroad = quoteRequestSchema.parse(
      quoteInput({
        ...draft,
        receiver: { ...receiver, country: 'ca', state: 'BC', zipCode: 'V6B 1A1' },
        preferences: { ...draft.preferences, arriveBy: '2026-12-01' },
      }),
    );
    expect(abroad.customs).toEqual([
      { description: 'Mugs', hsCode: '691200', quantity: 1, valueCents: 2000, originCountry: 'US', weightOz: 14 },
      { description: 'Plates', hsCode: '691110', quantity: 2, valueCents: 3000, originCountry: 'US', weightOz: null },
    ]);
    expect(abroad.preferences.arriveBy).toBe('2026-12-01');
  });
});
