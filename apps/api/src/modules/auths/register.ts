import type { RoleCode } from '@postwise/shared/roles';
import { ACCOUNT_MESSAGES, type RegisterResult, type registerRequestSchema } from '@postwise/shared/schemas/accounts';
import { OTP_TTL_MINUTES } from '@postwise/shared/schemas/accounts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema/users';
import { verificationCodeEmail } from '../../integrations/mailer/templates';
import { conflict, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { findUserByEmail, findUserById, loadUserDto, normalizeEmail } from '../users/service';
import { spendCodeSend } from './code-limits';
import { issueCode } from './one-time-codes';

type RegisterInput = z.output<typeof registerRequestSchema>;

const ADMIN_ROLES: readonly RoleCode[] = ['SUPER_ADMIN', 'SUB_ADMIN'];

/** The platform's super admin (the first one): the parent of everyone who registers without an invitation. */
export async function platformSuperAdmin(db: Db): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.roleCode, 'SUPER_ADMIN'))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

interface Placement {
  roleCode: RoleCode;
  parentUserId: string | null;
  referredByUserId: string | null;
}

/**
 * Who the new account belongs to. An invitation names an active admin (SUPER_ADMIN or SUB_ADMIN) as parent
 * and, optionally, the role: USER, or SUB_ADMIN when the inviter is the super admin or a super sub-admin.
 * Nobody becomes SUPER_ADMIN this way (the schema refuses it). Without an invitation: a USER under the
 * platform's super admin.
 */
async function placement(db: Db, input: RegisterInput): Promise<Placement> {
  const roleCode: RoleCode = input.role ?? 'USER';
  if (!input.parentUser) {
    if (roleCode !== 'USER')
      throw validationFailed(ACCOUNT_MESSAGES.roleInvalid, { role: ACCOUNT_MESSAGES.roleInvalid });
    const platform = await platformSuperAdmin(db);
    return { roleCode, parentUserId: platform?.id ?? null, referredByUserId: null };
  }
  const parent = await findUserById(db, input.parentUser);
  if (!parent || parent.status !== 'active' || !ADMIN_ROLES.includes(parent.roleCode)) {
    throw validationFailed(ACCOUNT_MESSAGES.inviteInvalid, { parentUser: ACCOUNT_MESSAGES.inviteInvalid });
  }
  if (roleCode === 'SUB_ADMIN' && !(parent.roleCode === 'SUPER_ADMIN' || parent.isSuperSubAdmin)) {
    throw validationFailed(ACCOUNT_MESSAGES.roleInvalid, { role: ACCOUNT_MESSAGES.roleInvalid });
  }
  return { roleCode, parentUserId: parent.id, referredByUserId: parent.id };
}

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/** Sends a fresh register code to the applicant and answers its id (spec 7's authTokenId). */
export async function sendRegisterCode(
  app: Pick<FastifyInstance, 'db' | 'config' | 'counters' | 'mailer'>,
  user: UserRow,
  ip: string,
): Promise<string> {
  await spendCodeSend(app.counters, user.email, ip);
  const { id, code } = await issueCode(app.db, { userId: user.id, purpose: 'register', now: app.config.now(), ip });
  await app.mailer.send(verificationCodeEmail(user.email, code, OTP_TTL_MINUTES));
  return id;
}

/**
 * POST auths/register/email (spec 2.6, 7): creates the applicant (current step account-type) and e-mails a
 * code. An e-mail that belongs to an account answers 409; an applicant who never verified the e-mail may
 * register again (new password, new code), since nothing of that account was ever confirmed.
 */
export async function register(app: FastifyInstance, input: RegisterInput, ip: string): Promise<RegisterResult> {
  const { db, config } = app;
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing && (existing.emailVerifiedAt || existing.currentStep === null))
    throw conflict(ACCOUNT_MESSAGES.emailTaken);
  const place = await placement(db, input);
  await spendCodeSend(app.counters, email, ip);
  const passwordHash = await hashPassword(input.password);
  const now = config.now();

  let user: UserRow | undefined;
  try {
    if (existing) {
      [user] = await db
        .update(users)
        .set({ passwordHash, ...place, currentStep: 'account-type', updatedAt: now })
        .where(eq(users.id, existing.id))
        .returning();
    } else {
      [user] = await db
        .insert(users)
        .values({
          email,
          passwordHash,
          ...place,
          status: 'active',
          currentStep: 'account-type',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ACCOUNT_MESSAGES.emailTaken);
    throw err;
  }
  if (!user) throw new Error('Registration wrote no user row');

  const { id, code } = await issueCode(db, { userId: user.id, purpose: 'register', now, ip });
  await app.mailer.send(verificationCodeEmail(user.email, code, OTP_TTL_MINUTES));
  const dto = await loadUserDto(db, user.id);
  if (!dto) throw new Error('Registered user vanished');
  return { user: dto, authTokenId: id };
}
