import { describe, expect, it } from 'vitest';
import type { Viewer } from '@postwise/shared/access';
import { gateApplies, gateDecision, invoiceAlertsApply, isGateFreePath, pendingInvoicesPath } from './gate';

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
