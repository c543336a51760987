import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, REGISTER_PASSWORD_MIN_LENGTH } from '../constants';

/** Login (spec 5). */
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').pipe(z.email('Email is invalid.')),
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Register form (spec 5); the API payload adds authMethod, parentUser and role. */
export const registerFormSchema = z
  .object({
    email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email address')),
    password: z
      .string()
      .min(1, { error: 'Password is required', abort: true })
      .min(REGISTER_PASSWORD_MIN_LENGTH, `Password must be at least ${REGISTER_PASSWORD_MIN_LENGTH} characters.`),
    confirmPassword: z.string().min(1, 'Password is required'),
    terms: z.boolean().refine((v) => v, 'You must accept the terms and conditions'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

/** Forgot password (spec 5). */
export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').pipe(z.email('Email is invalid.')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** One-time code (spec 5): exactly 4 digits. */
export const otpSchema = z.object({
  activationCode: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'OTP is not valid'),
});
export type OtpInput = z.infer<typeof otpSchema>;

const resetPassword = z.string().min(PASSWORD_MIN_LENGTH, 'Password should be 6 characters.');

/** Reset password form (spec 5). */
export const resetPasswordFormSchema = z
  .object({ password: resetPassword, confirmPassword: resetPassword })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match.", path: ['confirmPassword'] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** Change password form (spec 5); the API payload is { password, newPassword }. */
export const changePasswordFormSchema = z
  .object({
    password: z
      .string()
      .trim()
      .min(1, 'Current password is required.')
      .min(PASSWORD_MIN_LENGTH, 'Current password must be at least 6 characters long.'),
    newPassword: z
      .string()
      .trim()
      .min(1, 'New password is required.')
      .min(PASSWORD_MIN_LENGTH, 'New password must be at least 6 characters long.'),
    confirmPassword: z
      .string()
      .trim()
      .min(1, 'Please confirm your new password.')
      .min(PASSWORD_MIN_LENGTH, 'Confirmation must be at least 6 characters long.'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New password and confirmation must match.',
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;
