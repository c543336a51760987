import { effectiveAccounts, type Viewer } from '@postwise/shared/access';
import { isSidebarGroup, type SidebarEntry } from '@postwise/shared/sidebar';
import { type SubscriptionState, isSubscriptionActive } from '../../../stores/subscription-store';
import { BILLING_RULES } from '@postwise/shared/billing';

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
 * and pays what is open (the expired screen links to them), and their own profile and account settings
 * (export their data, close the account, change the password) whatever the subscription.
 */
export const GATE_FREE_PATHS = [
  '/payment-methods',
  '/invoices-billing',
  '/my-invoices',
  '/profile',
  '/account-settings',
  '/change-password',
] as const;

export function isGateFreePath(pathname: string): boolean {
  return GATE_FREE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * A past-due (or cancelled) customer the gate sends to /subscription-expired is offered only the sidebar
 * items that stay open (payment methods, invoices); every other item would bounce straight back to the gate.
 */
export function sidebarForSubscription(
  entries: readonly SidebarEntry[],
  gated: boolean,
  subscription: SubscriptionState,
): SidebarEntry[] {
  const lapsed =
    gated && subscription.isExpired && (subscription.status === 'expired' || subscription.status === 'cancelled');
  if (!lapsed) return [...entries];
  const open: SidebarEntry[] = [];
  for (const entry of entries) {
    if (isSidebarGroup(entry)) {
      const children = entry.children.filter((c) => isGateFreePath(c.path));
      if (children.length) open.push({ ...entry, children });
    } else if (isGateFreePath(entry.path)) {
      open.push(entry);
    }
  }
  return open;
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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A renewal that failed less than 15 days ago (spec 9: reinstatement after 15 days of non-payment): the
 * subscription is still active, so the pages open, with a banner saying what is owed, by when, and when access
 * pauses. Null when the subscription is not in those days.
 */
export function pastDueNotice(
  subscription: SubscriptionState,
): { failedAt: Date; invoiceDueAt: Date; reinstatementAt: Date } | null {
  if (!isSubscriptionActive(subscription) || !subscription.enteredPastDueAt) return null;
  const failedAt = new Date(subscription.enteredPastDueAt);
  if (Number.isNaN(failedAt.getTime())) return null;
  return {
    failedAt,
    invoiceDueAt: new Date(failedAt.getTime() + BILLING_RULES.paymentDueDays * DAY_MS),
    reinstatementAt: new Date(failedAt.getTime() + BILLING_RULES.reinstatementAfterDays * DAY_MS),
  };
}

export { invoiceAlertsApply, pendingInvoicesPath } from '../../../lib/pending-invoices';

export { newIdempotencyKey } from '../../../lib/idempotency-key';
