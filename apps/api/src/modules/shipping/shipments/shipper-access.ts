import type { ShipmentCustomerDto } from '@postwise/shared/schemas/shipping-dto';
import { type Actor, actorMay } from '../../identity';

/**
 * Whether the actor sees every customer's shipments and shipping requests, with the carrier's cost and our margin
 * ('shipments.all' of the audience table: the super admin); everyone else sees their own only.
 */
export function seesAllShipments(actor: Actor): boolean {
  return actorMay(actor, 'shipments.all');
}

/**
 * Whose a shipping record is, shown to the actor who sees everyone's (null for a customer looking at their own, and
 * for a record without an account). `fullName` and `email` come from the users row joined to it.
 */
export function shownCustomer(
  actor: Actor,
  userId: string | null,
  fullName: string | null,
  email: string | null,
): ShipmentCustomerDto | null {
  return seesAllShipments(actor) && userId && email !== null ? { id: userId, fullName: fullName ?? '', email } : null;
}
