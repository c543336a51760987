import type { UpdateManagedUserInput } from '@postwise/shared/schemas/admin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type UserRow,
  users,
  type Actor,
  audit,
  revokeActingSessionsNoLongerManaged,
  revokeUserSessions,
  actorMay,
} from '../../identity';
import { forbidden } from '../../../lib/errors';

function fullName(p: { firstName?: string; middleName?: string; lastName?: string }): string {
  return [p.firstName, p.middleName, p.lastName].filter((s) => s && s.trim()).join(' ');
}

/**
 * An admin edits a managed account: name and phone, status (a deactivated account's sessions end at once),
 * and, for a sub-admin and only by the super admin, the isSuperSubAdmin flag. Written to the audit log.
 */
export async function updateManagedUser(
  app: FastifyInstance,
  actor: Actor,
  target: UserRow,
  input: UpdateManagedUserInput,
): Promise<void> {
  // Only who may write sub-admins sets the super sub-admin flag, and only on a sub-admin.
  if (
    input.isSuperSubAdmin !== undefined &&
    (!actorMay(actor, 'sub-admins.write') || target.roleCode !== 'SUB_ADMIN')
  ) {
    throw forbidden();
  }
  const personalChanges = Object.fromEntries(
    (['firstName', 'middleName', 'lastName', 'phone'] as const)
      .filter((k) => input[k] !== undefined)
      .map((k) => [k, input[k] as string]),
  );
  const personal = { ...target.personal, ...personalChanges };
  personal.fullName = fullName(personal);
  const now = app.config.now();
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (Object.keys(personalChanges).length > 0) changes.personal = personal;
  if (input.status !== undefined) changes.status = input.status;
  if (input.isSuperSubAdmin !== undefined) changes.isSuperSubAdmin = input.isSuperSubAdmin;

  await app.db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.id, target.id));
    // A deactivated account's sessions end at once, and so does every account access it started (the session
    // lookup also refuses them, as it does when a super sub-admin loses the flag).
    if (input.status === 'inactive' && target.status !== 'inactive') await revokeUserSessions(tx, target.id, now);
    // A right lost is lost for good: account access that needed it ends now, so restoring the flag later does
    // not bring those sessions back (the session lookup alone would only refuse them while the flag is off).
    if (input.isSuperSubAdmin === false && target.isSuperSubAdmin) {
      await revokeActingSessionsNoLongerManaged(tx, { ...target, isSuperSubAdmin: false }, now);
    }
    await audit(
      tx,
      actor,
      'user.update',
      { type: 'user', id: target.id },
      {
        fields: Object.keys(input).filter((k) => input[k as keyof UpdateManagedUserInput] !== undefined),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.isSuperSubAdmin !== undefined ? { isSuperSubAdmin: input.isSuperSubAdmin } : {}),
      },
    );
  });
}
