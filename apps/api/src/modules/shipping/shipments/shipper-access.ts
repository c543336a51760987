import { type Actor, actorMay } from '../../identity';

/**
 * Whether the actor sees every customer's shipments and shipping requests, with the carrier's cost and our margin
 * ('shipments.all' of the audience table: the super admin); everyone else sees their own only.
 */
export function seesAllShipments(actor: Actor): boolean {
  return actorMay(actor, 'shipments.all');
}
