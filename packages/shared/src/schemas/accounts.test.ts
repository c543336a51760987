import { describe, expect, it } from 'vitest';
import {
  forgotPasswordRequestSchema,
  onboardingPath,
  registerRequestSchema,
  resetPasswordRequestSchema,
  updatePasswordRequestSchema,
  verifyOtpRequestSchema,
} from './accounts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('registerRequestSchema', () => {
  it('keeps the spec 5 register messages for e-mail and password', () => {
    expect(messages(registerRequestSchema.safeParse({ email: '', password: '' }))).toEqual([
      'Email is required',
      'Password is required',
    ]);
    expect(messages(registerRequestSchema.safeParse({ email: 'nope', password: 'long-enough' }))).toEqual([
      'Invalid email address',
    ]);
  });

  it('accepts an invitation for USER or SUB_ADMIN only', () => {
    const base = { email: 'a@b.co', password: 'secret-pw', parentUser: '7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f' };
    expect(registerRequestSchema.parse({ ...base, role: 'SUB_ADMIN' })).toMatchObject({ authMethod: 'email' });
    expect(messages(registerRequestSchema.safeParse({ ...base, role: 'SUPER_ADMIN' }))).toEqual([
      'This invitation link is not valid for that role.',
    ]);
  });
});

describe('code, forgot, reset and change-password payloads', () => {
  it('requires exactly four digits (spec 5)', () => {
    const id = '7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f';
    expect(verifyOtpRequestSchema.safeParse({ authTokenId: id, activationCode: '0123' }).success).toBe(true);
    expect(messages(verifyOtpRequestSchema.safeParse({ authTokenId: id, activationCode: '12a4' }))).toEqual([
      'OTP is not valid',
    ]);
  });

  it('uses the forgot-password messages (spec 5)', () => {
    expect(messages(forgotPasswordRequestSchema.safeParse({ email: '' }))).toEqual(['Email is required.']);
    expect(messages(forgotPasswordRequestSchema.safeParse({ email: 'x' }))).toEqual(['Email is invalid.']);
  });

  it('needs a 6-character new password on reset (spec 5)', () => {
    const userId = '7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f';
    expect(messages(resetPasswordRequestSchema.safeParse({ password: '12345', userId }))).toEqual([
      'Password should be 6 characters.',
    ]);
  });

  it('uses the change-password messages (spec 5)', () => {
    const found = messages(updatePasswordRequestSchema.safeParse({ password: ' ', newPassword: '123' }));
    expect(found[0]).toBe('Current password is required.');
    expect(found).toContain('New password must be at least 6 characters long.');
  });
});

describe('onboardingPath', () => {
  it('sends an applicant to account-type by default and to the returned step otherwise', () => {
    expect(onboardingPath(null)).toBe('/register/account-type');
    expect(onboardingPath('account-info')).toBe('/register/account-info');
    expect(onboardingPath('upload-documents')).toBe('/register/upload-documents');
  });
});
