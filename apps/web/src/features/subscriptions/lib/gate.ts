import { effectiveAccounts, type Viewer } from '@postwise/shared/access';
import type { SubscriptionState } from '../../../stores/subscription-store';
import { isSubscriptionActive } from '../../../stores/subscription-store';

/**
 * Who the subscription gate of spec 4 stops: every non-SUPER_ADMIN account except customers on a
 * shipment-only profile (a USER whose current profile is shipment, or who holds only a shipment account).
 */
export function gateApplies(viewer: Viewer | null): boolean {
  if (!viewer || viewer.role === 'SUPER_ADMIN') return false;
  if (viewer.role === 'USER') return effectiveAccounts(viewer).includes('mailbox');
  return true;
}

/**
 * Pages inside the shell that stay open without an active subscription: where a lapsed customer adds a card
 * and pays what is open (the expired screen links to them).
 */
export const GATE_FREE_PATHS = ['/payment-methods', '/invoices-billing', '/my-invoices'] as const;

export function isGateFreePath(pathname: string): boolean {
  return GATE_FREE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export type GateDecision =
  { kind: 'render' } | { kind: 'verifying' } | { kind: 'redirect'; to: '/subscription-expired' | '/buy-subscription' };

/**
 * Spec 4: while loading and inactive, Verifying Access; expired (status expired with the flag) and not active
 * goes to /subscription-expired; missing, inactive or cancelled to /buy-subscription; otherwise the page.
 */
export function gateDecision(subscription: SubscriptionState, loading: boolean): GateDecision {
  if (isSubscriptionActive(subscription)) return { kind: 'render' };
  if (loading) return { kind: 'verifying' };
  if (subscription.status === 'expired' && subscription.isExpired)
    return { kind: 'redirect', to: '/subscription-expired' };
  return { kind: 'redirect', to: '/buy-subscription' };
}

export { invoiceAlertsApply, pendingInvoicesPath } from '../../../lib/pending-invoices';

export { newIdempotencyKey } from '../../../lib/idempotency-key';
