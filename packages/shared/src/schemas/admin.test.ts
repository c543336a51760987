import { describe, expect, it } from 'vitest';
import {
  addCustomerSchema,
  addSubAdminSchema,
  customerListQuerySchema,
  faqSchema,
  rejectApplicationSchema,
  settingSchema,
  storeSchema,
  updateManagedUserSchema,
} from './admin';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('administration schemas', () => {
  it('add customer: spec 5 style messages, phone optional but exactly 10 digits when given', () => {
    expect(firstMessage(addCustomerSchema.safeParse({ email: '', firstName: 'A', lastName: 'B' }))).toBe(
      'Email is required',
    );
    expect(firstMessage(addCustomerSchema.safeParse({ email: 'x', firstName: 'A', lastName: 'B' }))).toBe(
      'Invalid email address',
    );
    expect(firstMessage(addCustomerSchema.safeParse({ email: 'a@b.co', firstName: '', lastName: 'B' }))).toBe(
      'First Name is required',
    );
    expect(
      firstMessage(addCustomerSchema.safeParse({ email: 'a@b.co', firstName: 'A', lastName: 'B', phone: '12' })),
    ).toBe('Phone number must be exactly 10 digits');
    expect(addCustomerSchema.parse({ email: ' a@b.co ', firstName: 'A', lastName: 'B' })).toEqual({
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      phone: '',
    });
    expect(addSubAdminSchema.parse({ email: 'a@b.co', firstName: 'A', lastName: 'B' }).isSuperSubAdmin).toBe(false);
  });

  it('an edit keeps fields it does not name (no defaults fill them in)', () => {
    expect(updateManagedUserSchema.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
    expect(firstMessage(updateManagedUserSchema.safeParse({ middleName: 'AB' }))).toBe(
      'Middle initial must be a single character.',
    );
  });

  it('store: required fields, coordinates in range, PMB counter from 1', () => {
    const store = {
      name: 'Downtown',
      address1: '1 Main St',
      city: 'Los Angeles',
      state: 'California',
      zip: '90017',
      country: 'United States',
      phone: '2135550100',
    };
    expect(storeSchema.parse(store)).toMatchObject({
      pmbPrefix: 'PMB',
      nextPmbNumber: 1001,
      latitude: null,
      isDefault: false,
    });
    expect(firstMessage(storeSchema.safeParse({ ...store, latitude: 100 }))).toBe(
      'Latitude must be between -90 and 90',
    );
    expect(firstMessage(storeSchema.safeParse({ ...store, nextPmbNumber: 1.5 }))).toBe(
      'Next PMB number must be a whole number from 1',
    );
    expect(firstMessage(storeSchema.safeParse({ ...store, zip: '12345678901' }))).toBe(
      'Zip Code cannot be longer than 10 characters',
    );
  });

  it('FAQ, setting and reject messages', () => {
    expect(firstMessage(faqSchema.safeParse({ question: ' ', answer: 'a' }))).toBe('Question is required');
    expect(firstMessage(rejectApplicationSchema.safeParse({ reason: '' }))).toBe('Reason is required');
    expect(firstMessage(settingSchema.safeParse({ firstName: 'A', lastName: 'B', phone: '1' }))).toBe(
      'Phone number must be exactly 10 digits',
    );
  });

  it('list queries: page defaults of spec 9 and known filter values only', () => {
    expect(customerListQuerySchema.parse({})).toEqual({ pageNo: 1, pageSize: 10 });
    expect(customerListQuerySchema.safeParse({ status: 'gone' }).success).toBe(false);
  });
});
