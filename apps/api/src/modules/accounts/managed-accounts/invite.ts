import { randomBytes } from 'node:crypto';
import type { RoleCode } from '@postwise/shared/roles';
import { INVITE_QUERY } from '@postwise/shared/schemas/accounts';
import { ADMIN_MESSAGES } from '@postwise/shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import {
  invitations,
  users,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  newInvitationToken,
  type Actor,
  audit,
  personOf,
} from '../../identity';
import { invitationEmail } from '../../../integrations/mailer/templates';
import { conflict } from '../../../lib/errors';
import { hashPassword } from '../../../lib/password';

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  role: Extract<RoleCode, 'USER' | 'SUB_ADMIN'>;
  isSuperSubAdmin?: boolean;
  /** The admin who will own the account (parent_user_id). */
  parentUserId: string;
}

/**
 * The link of the invitation e-mail: /register with the inviting admin and the role (spec 2.6, 7: parentUser
 * and role come from the query) and the invitation's own token, which alone lets a registration complete
 * the prepared account.
 */
export function invitationUrl(
  publicUrl: string,
  parentUserId: string,
  role: InviteInput['role'],
  token: string,
): string {
  const query = new URLSearchParams({ parentUser: parentUserId, role, [INVITE_QUERY.invitation]: token });
  return `${publicUrl}/register?${query.toString()}`;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Add Customer / Add Sub Admin: creates the account in an invited state (no usable password, e-mail not
 * verified, onboarding at account-type, owned by the parent admin) and e-mails the person the register link.
 */
export async function inviteAccount(app: FastifyInstance, actor: Actor, input: InviteInput): Promise<string> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(app.db, email)) throw conflict(ADMIN_MESSAGES.emailTaken);
  const now = app.config.now();
  const unusablePassword = await hashPassword(randomBytes(32).toString('hex'));
  const { token, tokenHash, expiresAt } = newInvitationToken(now);
  const personal = {
    firstName: input.firstName,
    middleName: '',
    lastName: input.lastName,
    phone: input.phone ?? '',
    fullName: [input.firstName, input.lastName].filter(Boolean).join(' '),
  };

  const parent = await findUserById(app.db, input.parentUserId);
  const inviterName = parent?.fullName || parent?.email || 'Your administrator';
  let userId: string;
  try {
    userId = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: unusablePassword,
          roleCode: input.role,
          accountType: null,
          parentUserId: input.parentUserId,
          isSuperSubAdmin: input.role === 'SUB_ADMIN' ? (input.isSuperSubAdmin ?? false) : false,
          status: 'active',
          personal,
          // Onboarding's first step: registering with the invitation's token completes the account.
          currentStep: 'account-type',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('User insert returned no row');
      await tx.insert(invitations).values({
        userId: row.id,
        invitedByUserId: personOf(actor),
        role: input.role,
        tokenHash,
        expiresAt,
        createdAt: now,
      });
      // Queued with the account and its invitation: the link goes out exactly when they exist.
      await app.emails.send(
        invitationEmail(email, inviterName, invitationUrl(app.config.publicUrl, input.parentUserId, input.role, token)),
        { db: tx, key: `invitation:${row.id}:${tokenHash}` },
      );
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.emailTaken);
    throw err;
  }

  await audit(app.db, actor, 'user.invite', { type: 'user', id: userId }, { role: input.role });
  return userId;
}
