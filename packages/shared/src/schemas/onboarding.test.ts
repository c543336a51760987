import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPE_MESSAGES,
  accountInfoSchema,
  accountTypeProblem,
  canChooseShipping,
  fullName,
  SIGNATURE_MISMATCH_MESSAGE,
  signatureMatchesName,
  signFormSchema,
  signFormSchemaFor,
  toAccountType,
  uploadDocumentsSchema,
} from './onboarding';

const personal = {
  firstName: 'Maria',
  middleName: 'L',
  lastName: 'Gonzalez',
  phone: '3105550142',
  address1: '1200 Wilshire Blvd',
  city: 'Los Angeles',
  state: 'California',
  country: 'United States',
  zip: '90017',
  mailboxName: 'Maria L Gonzalez',
};

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('account type rules (spec 6, 8)', () => {
  it('combines the two checkboxes', () => {
    expect(toAccountType(true, true)).toBe('both');
    expect(toAccountType(true, false)).toBe('shipment');
    expect(toAccountType(false, true)).toBe('mailbox');
    expect(toAccountType(false, false)).toBeNull();
  });

  it('requires at least one option', () => {
    expect(accountTypeProblem(null, { role: 'USER' })).toBe(ACCOUNT_TYPE_MESSAGES.none);
  });

  it('lets a sub-admin and a user under a sub-admin create only a Mailbox account', () => {
    expect(accountTypeProblem('both', { role: 'SUB_ADMIN' })).toBe(
      'As a Sub Admin, you can only create a Mailbox account. Please select Mailbox.',
    );
    expect(accountTypeProblem('shipment', { role: 'USER', parentRole: 'SUB_ADMIN' })).toBe(
      'You are allowed to create only a Mailbox account. Please select Mailbox.',
    );
    expect(accountTypeProblem('mailbox', { role: 'SUB_ADMIN' })).toBeNull();
    expect(accountTypeProblem('both', { role: 'USER', parentRole: 'SUPER_ADMIN' })).toBeNull();
    expect(canChooseShipping({ role: 'USER', parentRole: 'SUPER_ADMIN' })).toBe(true);
    expect(canChooseShipping({ role: 'USER', parentRole: 'SUB_ADMIN' })).toBe(false);
    expect(canChooseShipping({ role: 'SUB_ADMIN' })).toBe(false);
  });
});

describe('account information (spec 5)', () => {
  it('gives every personal message', () => {
    const r = accountInfoSchema({ mailbox: true }).safeParse({
      userId: 'u1',
      personal: {
        firstName: '',
        middleName: '',
        lastName: '',
        phone: '',
        address1: '',
        city: '',
        state: '',
        country: '',
        zip: '',
        mailboxName: '',
      },
    });
    expect(issues(r)).toEqual({
      'personal.firstName': 'First Name is required',
      'personal.middleName': 'Middle Initial is required',
      'personal.lastName': 'Last Name is required',
      'personal.phone': 'Phone number must be at least 10 digits',
      'personal.address1': 'Address Line 1 is required',
      'personal.city': 'City is required',
      'personal.state': 'State is required',
      'personal.country': 'Country is required',
      'personal.zip': 'Zip Code is required',
      'personal.mailboxName': 'Mail box name is required',
    });
  });

  it('limits middle initial, phone and zip', () => {
    const r = accountInfoSchema({ mailbox: true }).safeParse({
      userId: 'u1',
      personal: { ...personal, middleName: 'Lu', phone: '31055501420', zip: '90017-12345' },
    });
    expect(issues(r)).toEqual({
      'personal.middleName': 'Middle initial must be a single character.',
      'personal.phone': 'Phone number cannot exceed 10 digits',
      'personal.zip': 'Zip Code cannot be longer than 10 characters',
    });
  });

  it('does not ask a shipping-only applicant for a mailbox name', () => {
    expect(
      accountInfoSchema({ mailbox: false }).safeParse({ userId: 'u1', personal: { ...personal, mailboxName: '' } })
        .success,
    ).toBe(true);
  });

  it('requires business data when mailboxType is business, with its own messages', () => {
    expect(
      issues(accountInfoSchema({ mailbox: true }).safeParse({ userId: 'u1', mailboxType: 'business', personal })),
    ).toEqual({
      business: 'Business data is required when mailboxType is business',
    });
    const r = accountInfoSchema({ mailbox: true }).safeParse({
      userId: 'u1',
      mailboxType: 'business',
      personal,
      business: {
        name: '',
        type: '',
        registrationPlace: '',
        phone: '123',
        address1: 'a',
        city: 'c',
        state: 's',
        country: 'x',
        zip: '1',
        mailboxName: 'm',
      },
    });
    expect(issues(r)).toEqual({
      'business.name': 'Name is required',
      'business.type': 'Business type is required',
      'business.registrationPlace': 'Registration place is required',
      'business.phone': 'Phone number must be exactly 10 digits',
    });
  });

  it('requires authorized individual data when the toggle is on', () => {
    expect(
      issues(accountInfoSchema({ mailbox: true }).safeParse({ userId: 'u1', personal, isAuthorized: true })),
    ).toEqual({
      authorizedIndividual: 'Authorized Individual data is required',
    });
    const r = accountInfoSchema({ mailbox: true }).safeParse({
      userId: 'u1',
      personal,
      isAuthorized: true,
      authorizedIndividual: { ...personal, phone: '' },
    });
    expect(issues(r)).toEqual({ 'authorizedIndividual.phone': 'Phone number is required' });
  });

  it('joins the full name with spaces', () => {
    expect(fullName({ firstName: 'Maria', middleName: 'L', lastName: 'Gonzalez' })).toBe('Maria L Gonzalez');
    expect(fullName({ firstName: 'Ann', middleName: '', lastName: 'Lee' })).toBe('Ann Lee');
  });
});

describe('contract and documents (spec 5)', () => {
  it('matches the typed signature to the full name, case and spacing aside', () => {
    expect(signatureMatchesName('  jane   DOE ', 'Jane Doe')).toBe(true);
    expect(signatureMatchesName('Jane Q Doe', 'Jane Q. Doe')).toBe(false);
    expect(signatureMatchesName('Jane', 'Jane Doe')).toBe(false);
    expect(signatureMatchesName('', '')).toBe(false);
    expect(signatureMatchesName(null, 'Jane Doe')).toBe(false);
    expect(issues(signFormSchemaFor('Jane Doe').safeParse({ userId: 'u1', signature: 'John Doe' }))).toEqual({
      signature: SIGNATURE_MISMATCH_MESSAGE,
    });
    expect(signFormSchemaFor('Jane Doe').safeParse({ userId: 'u1', signature: 'jane doe' }).success).toBe(true);
  });

  it('requires a typed signature', () => {
    expect(issues(signFormSchema.safeParse({ userId: 'u1', signature: '  ' }))).toEqual({
      signature: 'Signature is required',
    });
  });

  it('requires ID choices, authorized ones when authorized, and different photo and address IDs', () => {
    expect(issues(uploadDocumentsSchema({ isAuthorized: true }).safeParse({ userId: 'u1' }))).toEqual({
      photoId: 'Photo ID is required',
      addressId: 'Address ID is required',
      authorizedPhotoId: 'Authorized Photo ID is required',
      authorizedAddressId: 'Authorized Address ID is required',
    });
    const same = "State, territory or tribal driver's or non-driver's ID card";
    expect(
      issues(
        uploadDocumentsSchema({ isAuthorized: false }).safeParse({ userId: 'u1', photoId: same, addressId: same }),
      ),
    ).toEqual({
      addressId: 'Address ID must be a different document from the Photo ID',
    });
    expect(
      uploadDocumentsSchema({ isAuthorized: false }).safeParse({
        userId: 'u1',
        photoId: 'Passport',
        addressId: 'Voter Card',
      }).success,
    ).toBe(true);
  });
});
