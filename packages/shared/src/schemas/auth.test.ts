import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  forgotPasswordSchema,
  loginSchema,
  otpSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from './auth';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('spec 5 validation messages', () => {
  it('login', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual([
      'Email is required.',
      'Password is required',
    ]);
    expect(messages(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual(['Email is invalid.']);
    expect(loginSchema.safeParse({ email: ' a@b.co ', password: 'x' }).data?.email).toBe('a@b.co');
  });

  it('register', () => {
    expect(
      messages(registerFormSchema.safeParse({ email: '', password: '', confirmPassword: '', terms: false })),
    ).toEqual([
      'Email is required',
      'Password is required',
      'Password is required',
      'You must accept the terms and conditions',
    ]);
    expect(
      messages(
        registerFormSchema.safeParse({ email: 'x', password: 'abcdefgh', confirmPassword: 'abcdefgh', terms: true }),
      ),
    ).toEqual(['Invalid email address']);
    expect(
      messages(
        registerFormSchema.safeParse({ email: 'a@b.co', password: 'abcdefgh', confirmPassword: 'b', terms: true }),
      ),
    ).toEqual(['Passwords do not match']);
  });

  it('register asks for at least 8 characters (spec 5 sets no length there)', () => {
    expect(
      messages(
        registerFormSchema.safeParse({ email: 'a@b.co', password: 'abc1234', confirmPassword: 'abc1234', terms: true }),
      ),
    ).toEqual(['Password must be at least 8 characters.']);
    expect(
      registerFormSchema.safeParse({ email: 'a@b.co', password: 'abcd1234', confirmPassword: 'abcd1234', terms: true })
        .success,
    ).toBe(true);
  });

  it('forgot password', () => {
    expect(messages(forgotPasswordSchema.safeParse({ email: '' }))).toEqual(['Email is required.']);
    expect(messages(forgotPasswordSchema.safeParse({ email: 'x@' }))).toEqual(['Email is invalid.']);
  });

  it('one-time code is exactly four digits', () => {
    expect(otpSchema.safeParse({ activationCode: '1234' }).success).toBe(true);
    for (const bad of ['123', '12345', '12a4', '']) {
      expect(messages(otpSchema.safeParse({ activationCode: bad }))).toEqual(['OTP is not valid']);
    }
  });

  it('reset password', () => {
    expect(messages(resetPasswordFormSchema.safeParse({ password: '12345', confirmPassword: '12345' }))).toEqual([
      'Password should be 6 characters.',
      'Password should be 6 characters.',
    ]);
    expect(messages(resetPasswordFormSchema.safeParse({ password: '123456', confirmPassword: '1234567' }))).toEqual([
      "Passwords don't match.",
    ]);
  });

  it('change password trims, requires and matches', () => {
    expect(
      messages(changePasswordFormSchema.safeParse({ password: '  ', newPassword: '', confirmPassword: '' })),
    ).toEqual([
      'Current password is required.',
      'Current password must be at least 6 characters long.',
      'New password is required.',
      'New password must be at least 6 characters long.',
      'Please confirm your new password.',
      'Confirmation must be at least 6 characters long.',
    ]);
    expect(
      messages(
        changePasswordFormSchema.safeParse({ password: 'abcdef', newPassword: 'abcdefg', confirmPassword: 'abcdefh' }),
      ),
    ).toEqual(['New password and confirmation must match.']);
  });
});
