import { type CapabilityName } from '@postwise/shared/capabilities';
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
}
export declare function actorFromUser(user: {
    id: string;
    roleCode: RoleCode;
    isSuperSubAdmin: boolean;
}, impersonatorUserId?: string | null): Actor;
/**
 * Whether a plain actor holds a capability that depends on role and the super sub-admin flag only (e.g.
 * 'stores.all', 'customers.all'): what a use case asks to widen or narrow its data. Endpoints themselves are
 * guarded by requireAudience, which also knows the account kind and the Configuration unlock.
 */
export declare function actorMay(actor: Actor, name: CapabilityName): boolean;
