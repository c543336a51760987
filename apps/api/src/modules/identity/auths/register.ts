import { randomUUID } from 'node:crypto';
import type { RoleCode } from '@postwise/shared/roles';
import { ACCOUNT_MESSAGES, type RegisterResult, type registerRequestSchema } from '@postwise/shared/schemas/accounts';
import type { User } from '@postwise/shared/api-types';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { type UserRow, users } from '../schema/users';
import { existingAccountEmail } from '../../../integrations/mailer/templates';
import { validationFailed } from '../../../lib/errors';
import { hashPassword } from '../../../lib/password';
import { findOpenInvitation, hasOpenInvitation } from '../invitations/invitation-tokens';
import { findUserByEmail, findUserById, loadUserDto, normalizeEmail, toUserDto } from '../users/service';
import { mayEmailAddress, spendCodeRequest } from './code-limits';
import { codeEmail } from './code-mail';
import { type IssuedCode, issueCode } from './one-time-codes';
import { assertUncommonPassword } from './password-policy';

type RegisterInput = z.output<typeof registerRequestSchema>;
type RegisterApp = Pick<FastifyInstance, 'db' | 'config' | 'counters' | 'emails'>;

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
  parent: Pick<UserRow, 'id' | 'roleCode'> | null;
}

/**
 * Who a new account belongs to. An invitation link names an active admin (SUPER_ADMIN or SUB_ADMIN) as parent
 * and, optionally, the role: USER, or SUB_ADMIN when the inviter is the super admin or a super sub-admin.
 * Nobody becomes SUPER_ADMIN this way (the schema refuses it). Without an invitation: a USER under the
 * platform's super admin. Only ever applied to a row being created, never to an existing one.
 */
async function placement(db: Db, input: RegisterInput): Promise<Placement> {
  const roleCode: RoleCode = input.role ?? 'USER';
  if (!input.parentUser) {
    if (roleCode !== 'USER')
      throw validationFailed(ACCOUNT_MESSAGES.roleInvalid, { role: ACCOUNT_MESSAGES.roleInvalid });
    const platform = await platformSuperAdmin(db);
    return {
      roleCode,
      parentUserId: platform?.id ?? null,
      referredByUserId: null,
      parent: platform ? { id: platform.id, roleCode: platform.roleCode } : null,
    };
  }
  const parent = await findUserById(db, input.parentUser);
  if (!parent || parent.status !== 'active' || !ADMIN_ROLES.includes(parent.roleCode)) {
    throw validationFailed(ACCOUNT_MESSAGES.inviteInvalid, { parentUser: ACCOUNT_MESSAGES.inviteInvalid });
  }
  if (roleCode === 'SUB_ADMIN' && !(parent.roleCode === 'SUPER_ADMIN' || parent.isSuperSubAdmin)) {
    throw validationFailed(ACCOUNT_MESSAGES.roleInvalid, { role: ACCOUNT_MESSAGES.roleInvalid });
  }
  return {
    roleCode,
    parentUserId: parent.id,
    referredByUserId: parent.id,
    parent: { id: parent.id, roleCode: parent.roleCode },
  };
}

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/**
 * The code's e-mail, queued with the code: every branch answers after one queue write and none waits on SMTP,
 * so neither the mailer's speed nor a failure of it can show which branch ran.
 */
function codeMail(app: RegisterApp, email: string) {
  return { emails: app.emails, message: (issued: IssuedCode) => codeEmail(app.config, email, 'register', issued) };
}

/**
 * Sends a fresh register code to the applicant and answers its id (spec 7's authTokenId); past the address's
 * e-mail cap, a random id and no e-mail (the newest e-mail's link still works).
 */
export async function sendRegisterCode(
  app: Pick<FastifyInstance, 'db' | 'config' | 'counters' | 'emails'>,
  user: UserRow,
  ip: string,
): Promise<string> {
  await spendCodeRequest(app.counters, ip);
  if (!(await mayEmailAddress(app.counters, user.email))) return randomUUID();
  const issued = await issueCode(app.db, {
    userId: user.id,
    purpose: 'register',
    now: app.config.now(),
    ip,
    mail: codeMail(app, user.email),
  });
  return issued.id;
}

/** The `User` a fresh registration with this e-mail and placement answers (nothing of any stored row). */
function freshApplicant(email: string, place: Placement, now: Date): User {
  const row: UserRow = {
    id: randomUUID(),
    email,
    passwordHash: '',
    roleCode: place.roleCode,
    accountType: null,
    parentUserId: place.parentUserId,
    isSuperSubAdmin: false,
    tier: null,
    status: 'active',
    personal: {},
    fullName: '',
    business: null,
    authorizedIndividual: null,
    mailboxType: null,
    isCourtProtected: false,
    signature: null,
    configuration: { lightLogo: null, darkLogo: null, isPasswordProtected: false },
    currentStep: 'account-type',
    emailVerifiedAt: null,
    referredByUserId: place.referredByUserId,
    signedAt: null,
    signedIp: null,
    notificationPreferences: null,
    closedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  return toUserDto(row, { parent: place.parent, profileId: null });
}

/**
 * POST auths/register/email (spec 2.6, 7): creates the applicant (current step account-type) and e-mails a
 * code. Registering an e-mail that already has an account never changes that account and answers
 * like a fresh registration, so the answer does not tell whether the e-mail is known:
 * - never verified, not an admin's invitation: a new code is e-mailed; the new password waits with it and
 *   replaces the old one only when that code is verified (by whoever reads the mailbox);
 * - an admin's invitation: completed only with the invitation's own token (from its e-mail link), same way;
 * - anything else (verified, finished, invitation without its token): the owner gets an e-mail instead, and
 *   the answer's authTokenId names no code.
 */
export async function register(app: RegisterApp, input: RegisterInput, ip: string): Promise<RegisterResult> {
  const { db, config } = app;
  const email = normalizeEmail(input.email);
  const place = await placement(db, input);
  assertUncommonPassword(input.password, 'password');
  await spendCodeRequest(app.counters, ip);
  // Every branch below e-mails this address once, so the cap is counted here, alike for all of them. Past it
  // nothing is issued (a new code would revoke the one in the owner's newest e-mail) and nothing is sent.
  const mayEmail = await mayEmailAddress(app.counters, email);
  const passwordHash = await hashPassword(input.password);
  const now = config.now();

  if (input.invitationToken) return completeInvitation(app, input.invitationToken, email, passwordHash, ip, mayEmail);

  let existing = await findUserByEmail(db, email);
  if (!existing) {
    try {
      const [user] = await db
        .insert(users)
        .values({
          email,
          passwordHash,
          roleCode: place.roleCode,
          parentUserId: place.parentUserId,
          referredByUserId: place.referredByUserId,
          status: 'active',
          currentStep: 'account-type',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('Registration wrote no user row');
      // A new address has had no e-mail yet (the cap counts only e-mails sent), so it is under the cap.
      const issued = await issueCode(db, {
        userId: user.id,
        purpose: 'register',
        now,
        ip,
        mail: codeMail(app, user.email),
      });
      return { user: toUserDto(user, { parent: place.parent, profileId: null }), authTokenId: issued.id };
    } catch (err) {
      // Someone registered the same e-mail a moment ago: from here on it is an existing account.
      if (!isUniqueViolation(err)) throw err;
      existing = await findUserByEmail(db, email);
      if (!existing) throw err;
    }
  }

  const answer = (authTokenId: string): RegisterResult => ({ user: freshApplicant(email, place, now), authTokenId });
  if (!mayEmail) return answer(randomUUID());
  const unverified = !existing.emailVerifiedAt && existing.currentStep !== null;
  if (unverified && !(await hasOpenInvitation(db, existing.id))) {
    const issued = await issueCode(db, {
      userId: existing.id,
      purpose: 'register',
      now,
      ip,
      pendingPasswordHash: passwordHash,
      revokeOlder: false,
      mail: codeMail(app, existing.email),
    });
    return answer(issued.id);
  }
  const links = { loginUrl: `${config.publicUrl}/login`, forgotUrl: `${config.publicUrl}/forgot-password` };
  await app.emails.send(existingAccountEmail(existing.email, links, unverified));
  return answer(randomUUID());
}

/**
 * Register with an e-mailed invitation's token: the account the admin prepared (its parent and role stay as
 * the invitation set them) gets the password once the e-mailed code is verified. The token must be open and
 * name this e-mail.
 */
async function completeInvitation(
  app: RegisterApp,
  token: string,
  email: string,
  passwordHash: string,
  ip: string,
  mayEmail: boolean,
): Promise<RegisterResult> {
  const { db } = app;
  const now = app.config.now();
  const invitation = await findOpenInvitation(db, token, now);
  const invited = invitation ? await findUserById(db, invitation.userId) : undefined;
  if (!invited || invited.status !== 'active') {
    throw validationFailed(ACCOUNT_MESSAGES.inviteInvalid, { invitationToken: ACCOUNT_MESSAGES.inviteInvalid });
  }
  if (normalizeEmail(invited.email) !== email) {
    throw validationFailed(ACCOUNT_MESSAGES.inviteOtherEmail, { email: ACCOUNT_MESSAGES.inviteOtherEmail });
  }
  if (invited.emailVerifiedAt || invited.currentStep === null) {
    // Finished some other way (e.g. a password reset): the account is the owner's now; the link is spent.
    throw validationFailed(ACCOUNT_MESSAGES.inviteInvalid, { invitationToken: ACCOUNT_MESSAGES.inviteInvalid });
  }
  const user = await loadUserDto(db, invited.id);
  if (!user) throw new Error('Invited user vanished');
  if (!mayEmail) return { user, authTokenId: randomUUID() };
  const issued = await issueCode(db, {
    userId: invited.id,
    purpose: 'register',
    now,
    ip,
    pendingPasswordHash: passwordHash,
    mail: codeMail(app, invited.email),
  });
  return { user, authTokenId: issued.id };
}
