import { describe, expect, it } from 'vitest';
import {
  closeAccountSchema,
  defaultNotificationPreferences,
  effectivePreferences,
  needsReReview,
  profileUpdateSchema,
} from './account-settings';

const person = {
  firstName: 'Ana',
  middleName: 'B',
  lastName: 'Cruz',
  phone: '3235550172',
  address1: '1 Main St',
  address2: '',
  city: 'Los Angeles',
  state: 'CA',
  country: 'US',
  zip: '90001',
  mailboxName: 'Ana Cruz',
};

describe('needsReReview (USPS Form 1583)', () => {
  const before = { personal: person, authorizedIndividual: null };

  it('is false when nothing on the form changes: phone, mailbox name, case and spacing do not count', () => {
    expect(needsReReview(before, { personal: { ...person, phone: '3235550199' }, authorizedIndividual: null })).toBe(
      false,
    );
    expect(needsReReview(before, { personal: { ...person, mailboxName: 'A. Cruz' }, authorizedIndividual: null })).toBe(
      false,
    );
    expect(
      needsReReview(before, {
        personal: { ...person, lastName: ' cruz ', city: 'los  angeles' },
        authorizedIndividual: null,
      }),
    ).toBe(false);
  });

  it('is true when the name or any address line changes', () => {
    expect(needsReReview(before, { personal: { ...person, lastName: 'Diaz' }, authorizedIndividual: null })).toBe(true);
    expect(needsReReview(before, { personal: { ...person, middleName: 'C' }, authorizedIndividual: null })).toBe(true);
    expect(needsReReview(before, { personal: { ...person, address2: 'Apt 4' }, authorizedIndividual: null })).toBe(
      true,
    );
    expect(needsReReview(before, { personal: { ...person, zip: '90002' }, authorizedIndividual: null })).toBe(true);
  });

  it('is true when an authorized individual is added, removed or renamed', () => {
    expect(needsReReview(before, { personal: person, authorizedIndividual: person })).toBe(true);
    const withAuth = { personal: person, authorizedIndividual: person };
    expect(needsReReview(withAuth, { personal: person, authorizedIndividual: null })).toBe(true);
    expect(needsReReview(withAuth, { personal: person, authorizedIndividual: { ...person, firstName: 'Eva' } })).toBe(
      true,
    );
    expect(
      needsReReview(withAuth, { personal: person, authorizedIndividual: { ...person, phone: '1112223333' } }),
    ).toBe(false);
  });

  it('is true when an ID document is replaced', () => {
    expect(needsReReview(before, { ...before, documentsReplaced: true })).toBe(true);
  });
});

describe('notification preferences', () => {
  it('default to every event on every channel, and fill events missing from a stored choice', () => {
    const all = defaultNotificationPreferences();
    expect(Object.values(all.email).every(Boolean)).toBe(true);
    expect(Object.values(all.inApp).every(Boolean)).toBe(true);
    expect(Object.values(all.push).every(Boolean)).toBe(true);
    const merged = effectivePreferences({ email: { ...all.email, new_mail: false } });
    expect(merged.email.new_mail).toBe(false);
    expect(merged.email.scan_ready).toBe(true);
    expect(merged.inApp.new_mail).toBe(true);
    expect(merged.push.new_mail).toBe(true);
  });
});

describe('profile and close schemas', () => {
  it('use the onboarding messages; the mailbox name only for a mailbox holder', () => {
    const mailbox = profileUpdateSchema({ mailbox: true }).safeParse({ personal: { ...person, mailboxName: '' } });
    expect(mailbox.success ? null : mailbox.error.issues[0]!.message).toBe('Mail box name is required');
    expect(
      profileUpdateSchema({ mailbox: false }).safeParse({ personal: { ...person, mailboxName: '' } }).success,
    ).toBe(true);
    const noMiddle = profileUpdateSchema({ mailbox: false }).safeParse({ personal: { ...person, middleName: '' } });
    expect(noMiddle.success ? null : noMiddle.error.issues[0]!.message).toBe('Middle Initial is required');
  });

  it('asks for the password to close', () => {
    const res = closeAccountSchema.safeParse({});
    expect(res.success ? null : res.error.issues[0]!.message).toBe('Password is required');
  });
});
