import type { User } from '@postwise/shared/api-types';
import { type AccountType, hasMailbox } from '@postwise/shared/roles';
import { ACCOUNT_MESSAGES } from '@postwise/shared/schemas/accounts';
import {
  accountInfoSchema,
  accountTypeProblem,
  fullName,
  SIGNATURE_MISMATCH_MESSAGE,
  type SignFormInput,
  signatureMatchesName,
} from '@postwise/shared/schemas/onboarding';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type NewUserRow, type UserRow, users } from '../schema/users';
import { welcomeEmail } from '../../../integrations/mailer/templates';
import { conflict, validationFailed } from '../../../lib/errors';
import { applyAccountType } from '../profiles/service';
import { findUserById, loadUserDto } from '../users/service';
import type { ScopedAuth } from './scoped-session';
import { revokeSession } from './sessions';
import { parseOrFail } from './validation';

/** The applicant as stored now; a finished application takes no more onboarding calls. */
async function applicant(app: FastifyInstance, auth: ScopedAuth): Promise<UserRow> {
  const user = await findUserById(app.db, auth.user.id);
  if (!user || user.currentStep === null) throw conflict(ACCOUNT_MESSAGES.onboardingDone);
  return user;
}

async function save(app: FastifyInstance, userId: string, values: Partial<NewUserRow>): Promise<User> {
  await app.db
    .update(users)
    .set({ ...values, updatedAt: app.config.now() })
    .where(eq(users.id, userId));
  const dto = await loadUserDto(app.db, userId);
  if (!dto) throw new Error('Applicant vanished');
  return dto;
}

/**
 * POST auths/account-type (spec 2.7, 6, 8): the spec 6 rules of accountTypeProblem on the server too; the
 * profile row follows (shipment active at once, mailbox waiting for the documents). Next: account info.
 */
export async function setAccountType(app: FastifyInstance, auth: ScopedAuth, accountType: AccountType): Promise<User> {
  const user = await applicant(app, auth);
  const parent = user.parentUserId ? await findUserById(app.db, user.parentUserId) : undefined;
  const problem = accountTypeProblem(accountType, { role: user.roleCode, parentRole: parent?.roleCode ?? null });
  if (problem) throw validationFailed(problem, { accountType: problem });
  await applyAccountType(app.db, user.id, accountType);
  return save(app, user.id, { accountType, currentStep: 'account-info' });
}

/**
 * POST auths/account-info (spec 2.7, 5, 7). Validated with the shared schema for the stored account type:
 * business data when mailboxType is business, authorized-individual data when that toggle is on. Mailbox
 * details are kept only for a mailbox (or both) account. A shipping-only applicant is done here (the answer
 * says 'shipment-verification', spec 4); a mailbox applicant goes on to the rental contract.
 */
export async function setAccountInfo(app: FastifyInstance, auth: ScopedAuth, body: unknown): Promise<User> {
  const user = await applicant(app, auth);
  if (!user.accountType) {
    throw validationFailed(ACCOUNT_MESSAGES.accountTypeFirst, { accountType: ACCOUNT_MESSAGES.accountTypeFirst });
  }
  const mailbox = hasMailbox(user.accountType);
  const input = parseOrFail(accountInfoSchema({ mailbox }), body);
  const personal = { ...input.personal, fullName: fullName(input.personal) };
  if (!mailbox) {
    delete (personal as { mailboxName?: string }).mailboxName;
    const dto = await save(app, user.id, {
      personal,
      mailboxType: null,
      business: null,
      authorizedIndividual: null,
      isCourtProtected: false,
      currentStep: null,
    });
    await revokeSession(app.db, auth.session.id, app.config.now());
    await app.emails.send(welcomeEmail(user.email, personal.fullName, `${app.config.publicUrl}/login`), {
      key: `welcome:${user.id}`,
    });
    return { ...dto, additionalInfo: { currentStep: 'shipment-verification' } };
  }
  const mailboxType = input.mailboxType ?? 'personal';
  const authorized = input.isAuthorized === false ? undefined : input.authorizedIndividual;
  return save(app, user.id, {
    personal,
    mailboxType,
    business: mailboxType === 'business' ? (input.business ?? null) : null,
    authorizedIndividual: authorized ? { ...authorized, fullName: fullName(authorized) } : null,
    isCourtProtected: input.isCourtProtected,
    currentStep: 'mailbox-rental-contract',
  });
}

/**
 * POST auths/sign-form (spec 2.7, 5, 7): the typed name signs the mailbox rental contract; the date and the
 * signer's IP are kept with it. Next: the documents.
 */
export async function signForm(
  app: FastifyInstance,
  auth: ScopedAuth,
  input: SignFormInput,
  ip: string,
): Promise<User> {
  const user = await applicant(app, auth);
  if (!hasMailbox(user.accountType)) throw conflict(ACCOUNT_MESSAGES.mailboxOnlyStep);
  if (user.currentStep !== 'mailbox-rental-contract' && user.currentStep !== 'upload-documents') {
    throw conflict('Please complete your account information first.');
  }
  if (!signatureMatchesName(input.signature, user.fullName)) {
    throw validationFailed(SIGNATURE_MISMATCH_MESSAGE, { signature: SIGNATURE_MISMATCH_MESSAGE });
  }
  return save(app, user.id, {
    signature: input.signature.trim(),
    signedAt: app.config.now(),
    signedIp: ip,
    currentStep: 'upload-documents',
  });
}
