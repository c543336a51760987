import { z } from 'zod';

/** Unlock Tab dialog (spec 2.8, 5): the password of a password-protected Configuration tab. */
export const unlockSchema = z.object({
  password: z.string().min(1, 'Password is required'),
});
export type UnlockInput = z.infer<typeof unlockSchema>;

/** Spec 8 texts of the Configuration tab unlock. */
export const UNLOCK_MESSAGES = {
  incorrect: 'Password incorrect try again',
  unlocked: 'Configuration Tab unlocked',
} as const;
