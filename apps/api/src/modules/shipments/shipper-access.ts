import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema/users';
import { forbidden } from '../../lib/errors';
import { getAuth, requireAuth, requireRole } from '../../plugins/authentication';

/** Who acts in a shipping use case: routes pass this, jobs and tests build it, nobody passes a request. */
export interface ShippingActor {
  userId: string;
  role: UserRow['roleCode'];
  email: string;
  isSuperAdmin: boolean;
}

export function toActor(user: UserRow): ShippingActor {
  return { userId: user.id, role: user.roleCode, email: user.email, isSuperAdmin: user.roleCode === 'SUPER_ADMIN' };
}

/** Spec 2.3/2.4: shipping is for the SUPER_ADMIN and for a USER holding a shipment profile (shipment or both). */
export function canShip(user: UserRow): boolean {
  if (user.roleCode === 'SUPER_ADMIN') return true;
  return user.roleCode === 'USER' && (user.accountType === 'shipment' || user.accountType === 'both');
}

/** onRequest hook for shipping endpoints (replaced by the shared capability table when it lands). */
export async function requireShipper(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  if (!canShip(getAuth(request).user)) throw forbidden();
}

export const requireSuperAdmin = requireRole('SUPER_ADMIN');

export function actorOf(request: FastifyRequest): ShippingActor {
  return toActor(getAuth(request).user);
}
