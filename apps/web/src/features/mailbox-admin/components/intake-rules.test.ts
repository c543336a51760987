import { describe, expect, it } from 'vitest';
import { MAIL_INTAKE_MESSAGES } from '@postwise/shared/mail';
import { otherNames } from './mailbox-status';
import { intakeRefusal } from './receive-mail-dialog';

describe('mail intake at the counter', () => {
  it('refuses mail for a closed, cancelled or not yet approved box with the reason (USPS CMRA rules)', () => {
    expect(intakeRefusal({ status: 'closed', isApproved: true })).toBe(MAIL_INTAKE_MESSAGES.closed);
    expect(intakeRefusal({ status: 'cancelled', isApproved: true })).toBe(MAIL_INTAKE_MESSAGES.cancelled);
    expect(intakeRefusal({ status: 'active', isApproved: false })).toBe(MAIL_INTAKE_MESSAGES.notApproved);
    expect(intakeRefusal({ status: 'active', isApproved: true })).toBeNull();
  });

  it('lists the other names on a box without repeating the holder', () => {
    const box = {
      holder: { id: 'u', fullName: 'Daniel A Thompson', email: 'd@x' },
      names: ['daniel a thompson', 'Acme LLC'],
    };
    expect(otherNames(box)).toEqual(['Acme LLC']);
  });
});
