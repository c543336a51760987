import { describe, expect, it } from 'vitest';
import { EMPTY_BUSINESS, EMPTY_PERSON, toPayload, type AccountInfoValues } from './account-info-form';

const person = { ...EMPTY_PERSON, firstName: 'Ava', middleName: 'M', lastName: 'Nguyen', mailboxName: 'Ava M Nguyen' };

describe('toPayload (spec 7 account-info)', () => {
  const values: AccountInfoValues = {
    userId: 'u1',
    mailboxType: 'personal',
    personal: person,
    business: { ...EMPTY_BUSINESS, name: 'Old Co' },
    isAuthorized: false,
    authorizedIndividual: { ...person, firstName: 'Ben' },
    isCourtProtected: true,
  };

  it('sends business only for a business mailbox and the authorized individual only when the toggle is on', () => {
    const payload = toPayload(values, true);
    expect(payload).not.toHaveProperty('business');
    expect(payload).not.toHaveProperty('authorizedIndividual');
    expect(payload).toMatchObject({ mailboxType: 'personal', isAuthorized: false, isCourtProtected: true });
    const business = toPayload({ ...values, mailboxType: 'business', isAuthorized: true }, true);
    expect(business.business?.name).toBe('Old Co');
    expect(business.authorizedIndividual?.firstName).toBe('Ben');
  });

  it('sends no mailbox details for a shipping-only account', () => {
    const payload = toPayload(values, false);
    expect(payload).toEqual({
      userId: 'u1',
      personal: { ...person, mailboxName: undefined },
      isCourtProtected: false,
    });
    expect(payload.personal).not.toHaveProperty('mailboxName');
  });
});
