import { describe, expect, it } from 'vitest';
import type { Viewer } from './access';
import { checkRoute, matchRoute, routeById, ROUTES } from './routes';
import { isSidebarGroup, SIDEBAR } from './sidebar';

const viewers: Record<string, Viewer> = {
  superAdmin: { role: 'SUPER_ADMIN', accountType: null },
  subAdmin: { role: 'SUB_ADMIN', accountType: null },
  subAdminUnlocked: { role: 'SUB_ADMIN', accountType: null, configurationUnlocked: true },
  superSubAdmin: { role: 'SUB_ADMIN', accountType: null, isSuperSubAdmin: true },
  mailboxUser: { role: 'USER', accountType: 'mailbox' },
  shipmentUser: { role: 'USER', accountType: 'shipment' },
  bothUser: { role: 'USER', accountType: 'both', currentProfile: 'mailbox' },
};

const SPEC_PATHS = [
  '/',
  '/about',
  '/contact',
  '/mailbox-pricing',
  '/help',
  '/login',
  '/register',
  '/forgot-password',
  '/verify',
  '/reset-password',
  '/change-password',
  '/public/track',
  '/policy-terms',
  '/subscription-expired',
  '/buy-subscription',
  '/register/account-type',
  '/register/account-info',
  '/register/shipment-verification',
  '/register/mailbox-verification',
  '/register/mailbox-rental-contract',
  '/register/upload-documents',
  '/dashboard',
  '/profile',
  '/inbox',
  '/inbox/:id/forward/insurance',
  '/inbox/:id/forward/address',
  '/inbox/:id/forward/address/new',
  '/inbox/:id/payment',
  '/inbox/forward/success',
  '/archive',
  '/trash',
  '/packages',
  '/packages/:id',
  '/account-settings',
  '/payment-methods',
  '/shipments',
  '/shipments/:id',
  '/shipments/:id/full',
  '/create',
  '/create-shipment/sender-address',
  '/create-shipment/receiver-address',
  '/create-shipment/package-information',
  '/create-shipment/arrival-prefrences',
  '/create-shipment/update-quote',
  '/add-store',
  '/pickups',
  '/pickups/schedule',
  '/address-list',
  '/address-list/:id',
  '/mailbox',
  '/mailbox/:id',
  '/mailbox/:id/select-services/:label',
  '/mailbox/:id/update-quote/:label',
  '/mailbox-requests',
  '/mailbox-requests/:id',
  '/invoices-billing',
  '/invoices-billing/:id',
  '/invoices-billing/transactions',
  '/customers',
  '/customers/add',
  '/customers/:id',
  '/sub-admins',
  '/sub-admins/add',
  '/sub-admins/:id',
  '/referred-clients',
  '/referred-clients/:id',
  '/shipping-requests',
  '/analytics-reports',
  '/my-invoices',
  '/my-invoices/:id',
  '/payouts',
  '/faqs',
  '/configuration/carrier',
  '/configuration/customer-plans',
  '/configuration/customer-plans/add',
  '/configuration/customer-plans/edit/:id',
  '/configuration/sub-admin-plans',
  '/configuration/sub-admin-plans/add',
  '/configuration/sub-admin-plans/edit/:id',
  '/configuration/store',
  '/configuration/margin-discount',
  '/configuration/setting',
  '/configuration/account-setting',
];

describe('route table of spec 2.1', () => {
  it('holds every path of the spec exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of SPEC_PATHS) expect(paths).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has a route for every sidebar link', () => {
    const links = SIDEBAR.flatMap((e) => (isSidebarGroup(e) ? e.children.map((c) => c.path) : [e.path]));
    for (const link of links) expect(matchRoute(link)?.path).toBe(link);
  });

  it('matches static segments before parameters and answers null for unknown paths', () => {
    expect(matchRoute('/customers/add')?.id).toBe('customer-add');
    expect(matchRoute('/customers/42')?.id).toBe('customer');
    expect(matchRoute('/invoices-billing/transactions')?.id).toBe('invoice-transactions');
    expect(matchRoute('/inbox/forward/success')?.id).toBe('forward-success');
    expect(matchRoute('/dashboard/')?.id).toBe('dashboard');
    expect(matchRoute('/no-such-page')).toBeNull();
  });
});

describe('guards of spec 2.3', () => {
  it('sends a logged-in user from login to the dashboard and from the other auth pages to login', () => {
    const v = viewers.mailboxUser!;
    expect(checkRoute(routeById('login'), v)).toEqual({ allow: false, redirect: '/dashboard' });
    for (const id of ['register', 'forgot-password', 'verify', 'reset-password']) {
      expect(checkRoute(routeById(id), v)).toEqual({ allow: false, redirect: '/login' });
      expect(checkRoute(routeById(id), null)).toEqual({ allow: true });
    }
  });

  it('keeps onboarding screens for logged-out applicants, redirecting signed-in users to login', () => {
    for (const id of [
      'account-type',
      'account-info',
      'shipment-verification',
      'mailbox-verification',
      'mailbox-rental-contract',
      'upload-documents',
    ]) {
      expect(checkRoute(routeById(id), null)).toEqual({ allow: true });
      expect(checkRoute(routeById(id), viewers.superAdmin!)).toEqual({ allow: false, redirect: '/login' });
    }
  });

  it('sends a logged-in visitor of a public page to the dashboard', () => {
    for (const id of ['home', 'about', 'contact', 'mailbox-pricing', 'help', 'track']) {
      expect(checkRoute(routeById(id), null)).toEqual({ allow: true });
      expect(checkRoute(routeById(id), viewers.shipmentUser!)).toEqual({ allow: false, redirect: '/dashboard' });
    }
  });

  it('lets anyone read policy and terms', () => {
    expect(checkRoute(routeById('policy-terms'), null)).toEqual({ allow: true });
    expect(checkRoute(routeById('policy-terms'), viewers.subAdmin!)).toEqual({ allow: true });
  });

  it('sends logged-out visitors of every private route to login', () => {
    for (const r of ROUTES.filter((r) => r.access === 'private')) {
      expect(checkRoute(r, null)).toEqual({ allow: false, redirect: '/login' });
    }
  });

  it('allows the five create-shipment steps and shipment details to SUPER_ADMIN and USER only', () => {
    for (const id of [
      'create',
      'create-sender',
      'create-receiver',
      'create-package',
      'create-arrival',
      'create-quote',
      'shipment-details',
      'shipment-full',
    ]) {
      expect(checkRoute(routeById(id), viewers.superAdmin!).allow).toBe(true);
      expect(checkRoute(routeById(id), viewers.shipmentUser!).allow).toBe(true);
      expect(checkRoute(routeById(id), viewers.subAdmin!)).toEqual({ allow: false, redirect: '/dashboard' });
    }
    expect(routeById('create').layout).toBe('bare');
    expect(routeById('shipment-details').layout).toBe('shell');
  });

  it('allows customer plans, store and add store to SUPER_ADMIN and an unlocked SUB_ADMIN', () => {
    for (const id of ['customer-plans', 'customer-plan-add', 'customer-plan-edit', 'store']) {
      expect(checkRoute(routeById(id), viewers.superAdmin!).allow).toBe(true);
      expect(checkRoute(routeById(id), viewers.subAdminUnlocked!).allow).toBe(true);
      expect(checkRoute(routeById(id), viewers.mailboxUser!)).toEqual({ allow: false, redirect: '/dashboard' });
    }
    expect(checkRoute(routeById('add-store'), viewers.subAdmin!).allow).toBe(true);
    expect(checkRoute(routeById('add-store'), viewers.shipmentUser!).allow).toBe(false);
  });

  it('keeps sub-admin plans and margin & discount for the super admin only', () => {
    for (const id of ['sub-admin-plans', 'sub-admin-plan-add', 'sub-admin-plan-edit', 'margin-discount']) {
      expect(checkRoute(routeById(id), viewers.superAdmin!).allow).toBe(true);
      expect(checkRoute(routeById(id), viewers.subAdminUnlocked!)).toEqual({ allow: false, redirect: '/dashboard' });
      expect(checkRoute(routeById(id), viewers.bothUser!).allow).toBe(false);
    }
  });

  it('keeps policy & terms, setting and account setting for an unlocked SUB_ADMIN only', () => {
    for (const id of ['policy-terms-edit', 'setting', 'account-setting']) {
      expect(checkRoute(routeById(id), viewers.subAdminUnlocked!).allow).toBe(true);
      expect(checkRoute(routeById(id), viewers.superAdmin!)).toEqual({ allow: false, redirect: '/dashboard' });
    }
  });

  it('closes every /configuration route to a SUB_ADMIN until the tab is unlocked', () => {
    const configRoutes = ROUTES.filter((r) => r.path.startsWith('/configuration'));
    expect(configRoutes.every((r) => r.configurationGate)).toBe(true);
    for (const r of configRoutes) {
      const res = checkRoute(r, viewers.subAdmin!);
      expect(res).toEqual({ allow: false, redirect: '/dashboard' });
    }
    expect(checkRoute(routeById('customer-plans'), viewers.superAdmin!).allow).toBe(true);
  });

  it('requires the isSuperSubAdmin flag for referred clients', () => {
    for (const id of ['referred-clients', 'referred-client']) {
      expect(checkRoute(routeById(id), viewers.superSubAdmin!).allow).toBe(true);
      expect(checkRoute(routeById(id), viewers.subAdmin!)).toEqual({ allow: false, redirect: '/dashboard' });
      expect(checkRoute(routeById(id), viewers.superAdmin!).allow).toBe(false);
    }
  });

  it('opens logged-in-only pages to every role', () => {
    for (const id of [
      'dashboard',
      'profile',
      'change-password',
      'buy-subscription',
      'subscription-expired',
      'invoices-billing',
      'invoice',
      'invoice-transactions',
    ]) {
      for (const v of Object.values(viewers)) expect(checkRoute(routeById(id), v).allow).toBe(true);
    }
  });

  it('keeps admin lists to the roles whose sidebar shows them', () => {
    expect(checkRoute(routeById('customers'), viewers.subAdmin!).allow).toBe(true);
    expect(checkRoute(routeById('customers'), viewers.mailboxUser!).allow).toBe(false);
    expect(checkRoute(routeById('sub-admins'), viewers.subAdmin!).allow).toBe(false);
    expect(checkRoute(routeById('faqs'), viewers.superAdmin!).allow).toBe(true);
    expect(checkRoute(routeById('payouts'), viewers.superAdmin!).allow).toBe(false);
    expect(checkRoute(routeById('my-invoices'), viewers.subAdmin!).allow).toBe(true);
    expect(checkRoute(routeById('inbox'), viewers.subAdmin!).allow).toBe(false);
    expect(checkRoute(routeById('inbox'), viewers.mailboxUser!).allow).toBe(true);
  });
});
