import { loginSchema } from '@postwise/shared/schemas/auth';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { users } from '../schema/users';
import { conflict, validationFailed } from '../../../lib/errors';
import { hashPassword } from '../../../lib/password';
import { findUserByEmail, normalizeEmail } from './service';

/** The first production account must not fall to a guessable password. */
export const SUPER_ADMIN_PASSWORD_MIN_LENGTH = 10;

const inputSchema = z.object({
  email: loginSchema.shape.email,
  password: z
    .string()
    .min(
      SUPER_ADMIN_PASSWORD_MIN_LENGTH,
      `Password must be at least ${SUPER_ADMIN_PASSWORD_MIN_LENGTH} characters long.`,
    ),
  name: z.string().trim().min(1).default('Super Admin'),
});

export type CreateSuperAdminInput = z.input<typeof inputSchema>;

/** Creates a SUPER_ADMIN (production's first account; `npm run create-super-admin`). */
export async function createSuperAdmin(db: Db, input: CreateSuperAdminInput): Promise<{ id: string; email: string }> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw validationFailed(parsed.error.issues[0]?.message ?? 'Invalid input');
  const { email, password, name } = parsed.data;
  if (await findUserByEmail(db, email))
    throw conflict(`A user with the e-mail ${normalizeEmail(email)} already exists.`);

  const [firstName = name, ...rest] = name.split(/\s+/);
  const [created] = await db
    .insert(users)
    .values({
      email: normalizeEmail(email),
      passwordHash: await hashPassword(password),
      roleCode: 'SUPER_ADMIN',
      personal: { firstName, lastName: rest.join(' '), fullName: name },
    })
    .returning({ id: users.id, email: users.email });
  if (!created) throw new Error('Insert returned no row');
  return created;
}
