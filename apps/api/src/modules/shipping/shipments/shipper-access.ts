import type { FastifyRequest } from 'fastify';
import { type UserRow, getAuth, actorFromUser, actorMay } from '../../identity';

/** Who acts in a shipping use case: routes pass this, jobs and tests build it, nobody passes a request. */
export interface ShippingActor {
  userId: string;
  role: UserRow['roleCode'];
  email: string;
  /** Sees every customer's shipments and requests with cost and margin ('shipments.all' of the audience table). */
  isSuperAdmin: boolean;
}

export function toActor(user: UserRow): ShippingActor {
  return {
    userId: user.id,
    role: user.roleCode,
    email: user.email,
    isSuperAdmin: actorMay(actorFromUser(user), 'shipments.all'),
  };
}

export function actorOf(request: FastifyRequest): ShippingActor {
  return toActor(getAuth(request).user);
}
