import { describe, expect, it } from 'vitest';
import type { User } from '@postwise/shared/api-types';
import { postLoginPath } from './post-login-path';

const user = (currentStep: User['additionalInfo']['currentStep']) => ({ additionalInfo: { currentStep } }) as User;

describe('postLoginPath', () => {
  it('sends a finished account to the dashboard and an applicant back to their step', () => {
    expect(postLoginPath(user(null))).toBe('/dashboard');
    expect(postLoginPath(user('account-info'))).toBe('/register/account-info');
    expect(postLoginPath(user('mailbox-rental-contract'))).toBe('/register/mailbox-rental-contract');
  });
});
