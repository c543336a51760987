import { allows, type CapabilityName } from '@postwise/shared/capabilities';
import type { RoleCode } from '@postwise/shared/roles';

/**
 * Who is asking, as use cases see it: plain data, not a FastifyRequest, so jobs, tests and routes call a use
 * case the same way. `userId` is the account in use (the impersonated one while acting); its role decides.
 */
export interface Actor {
  userId: string;
  role: RoleCode;
  isSuperSubAdmin: boolean;
  /** The admin at the keyboard during account access (impersonation), else null. */
  impersonatorUserId: string | null;
  /** The signed-in session the call came with; null for an API key, a job or a test. */
  sessionId: string | null;
  /** Where the call came from, for the audit log; null for a job. */
  ip: string | null;
}

export function actorFromUser(
  user: { id: string; roleCode: RoleCode; isSuperSubAdmin: boolean },
  impersonatorUserId: string | null = null,
  origin: { sessionId?: string | null; ip?: string | null } = {},
): Actor {
  return {
    userId: user.id,
    role: user.roleCode,
    isSuperSubAdmin: user.isSuperSubAdmin,
    impersonatorUserId,
    sessionId: origin.sessionId ?? null,
    ip: origin.ip ?? null,
  };
}

/** The person at the keyboard: the admin behind an account access, else the account itself. */
export function personOf(actor: Actor): string {
  return actor.impersonatorUserId ?? actor.userId;
}

/**
 * Whether a plain actor holds a capability that depends on role and the super sub-admin flag only (e.g.
 * 'stores.all', 'customers.all'): what a use case asks to widen or narrow its data. Endpoints themselves are
 * guarded by requireAudience, which also knows the account kind and the Configuration unlock.
 */
export function actorMay(actor: Actor, name: CapabilityName): boolean {
  return allows(
    { role: actor.role, accountType: null, isSuperSubAdmin: actor.isSuperSubAdmin, configurationUnlocked: true },
    name,
  );
}
