import { describe, expect, it } from 'vitest';
import type { Viewer } from '@postwise/shared/access';
import { sidebarFor } from '@postwise/shared/sidebar';
import {
  gateApplies,
  gateDecision,
  invoiceAlertsApply,
  isGateFreePath,
  pastDueNotice,
  pendingInvoicesPath,
  sidebarForSubscription,
} from './gate';

const viewer = (over: Partial<Viewer>): Viewer => ({
  role: 'USER',
  accountType: 'mailbox',
  currentProfile: 'mailbox',
  isSuperSubAdmin: false,
  configurationUnlocked: false,
  ...over,
});

describe('subscription gate (spec 4)', () => {
  it('stops mailbox customers and sub-admins; skips the super admin and shipment-only customers', () => {
    expect(gateApplies(viewer({}))).toBe(true);
    expect(gateApplies(viewer({ role: 'SUB_ADMIN', accountType: null, currentProfile: null }))).toBe(true);
    expect(gateApplies(viewer({ role: 'SUPER_ADMIN', accountType: null }))).toBe(false);
    expect(gateApplies(viewer({ accountType: 'shipment', currentProfile: 'shipment' }))).toBe(false);
    expect(gateApplies(viewer({ accountType: 'both', currentProfile: 'shipment' }))).toBe(false);
    expect(gateApplies(viewer({ accountType: 'both', currentProfile: 'mailbox' }))).toBe(true);
    expect(gateApplies(null)).toBe(false);
  });

  it('renders when active, verifies while loading, else redirects by status', () => {
    const s = (status: 'none' | 'active' | 'expired' | 'cancelled', isExpired = false) => ({
      status,
      isExpired,
      enteredPastDueAt: null,
    });
    expect(gateDecision(s('active'), true)).toEqual({ kind: 'render' });
    expect(gateDecision(s('none'), true)).toEqual({ kind: 'verifying' });
    expect(gateDecision(s('expired', true), false)).toEqual({ kind: 'redirect', to: '/subscription-expired' });
    expect(gateDecision(s('expired', false), false)).toEqual({ kind: 'redirect', to: '/buy-subscription' });
    expect(gateDecision(s('cancelled', true), false)).toEqual({ kind: 'redirect', to: '/buy-subscription' });
    expect(gateDecision(s('none'), false)).toEqual({ kind: 'redirect', to: '/buy-subscription' });
    expect(gateDecision(s('active', true), false)).toEqual({ kind: 'redirect', to: '/buy-subscription' });
  });

  it('leaves the card and invoice pages open, so a lapsed customer can pay', () => {
    expect(isGateFreePath('/payment-methods')).toBe(true);
    expect(isGateFreePath('/invoices-billing/abc')).toBe(true);
    expect(isGateFreePath('/my-invoices')).toBe(true);
    expect(isGateFreePath('/profile')).toBe(true);
    expect(isGateFreePath('/account-settings')).toBe(true);
    expect(isGateFreePath('/change-password')).toBe(true);
    expect(isGateFreePath('/inbox')).toBe(false);
    expect(isGateFreePath('/payment-methods-x')).toBe(false);
  });

  it('pending-invoice links and who gets the alerts (spec 2.8, 6)', () => {
    expect(pendingInvoicesPath('SUB_ADMIN')).toBe('/my-invoices?p_s=pending');
    expect(pendingInvoicesPath('USER')).toBe('/invoices-billing?p_s=pending');
    expect(invoiceAlertsApply('USER', null)).toBe(true);
    expect(invoiceAlertsApply('USER', 'pro')).toBe(false);
    expect(invoiceAlertsApply('SUPER_ADMIN', null)).toBe(false);
    expect(invoiceAlertsApply('SUB_ADMIN', null)).toBe(true);
  });
});

describe('sidebarForSubscription', () => {
  const paths = (entries: ReturnType<typeof sidebarForSubscription>) =>
    entries.flatMap((e) => ('children' in e ? e.children.map((c) => c.path) : [e.path]));
  const all = sidebarFor(viewer({}));

  it('a past-due customer is offered only the pages the gate leaves open', () => {
    const pastDue = { status: 'expired' as const, isExpired: true, enteredPastDueAt: '2026-11-19T00:00:00Z' };
    const shown = paths(sidebarForSubscription(all, true, pastDue));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every(isGateFreePath)).toBe(true);
    expect(shown.length).toBeLessThan(paths(all).length);
  });

  it('an active customer, or one the gate does not stop, keeps the whole sidebar', () => {
    const active = { status: 'active' as const, isExpired: false, enteredPastDueAt: null };
    expect(paths(sidebarForSubscription(all, true, active))).toEqual(paths(all));
    const pastDue = { status: 'expired' as const, isExpired: true, enteredPastDueAt: '2026-11-19T00:00:00Z' };
    expect(paths(sidebarForSubscription(all, false, pastDue))).toEqual(paths(all));
  });
});

describe('the days between a failed renewal and reinstatement (spec 9)', () => {
  const failed = '2026-03-01T10:00:00.000Z';
  it('lets a past-due but still active subscription in, with the invoice due date and the reinstatement day', () => {
    const sub = { status: 'active' as const, isExpired: false, enteredPastDueAt: failed };
    expect(gateDecision(sub, false)).toEqual({ kind: 'render' });
    const notice = pastDueNotice(sub);
    expect(notice?.invoiceDueAt.toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(notice?.reinstatementAt.toISOString()).toBe('2026-03-16T10:00:00.000Z');
  });
  it('shows no banner when paid up, and the expired gate once reinstatement applies', () => {
    expect(pastDueNotice({ status: 'active', isExpired: false, enteredPastDueAt: null })).toBeNull();
    const expired = { status: 'expired' as const, isExpired: true, enteredPastDueAt: failed };
    expect(pastDueNotice(expired)).toBeNull();
    expect(gateDecision(expired, false)).toEqual({ kind: 'redirect', to: '/subscription-expired' });
  });
});
