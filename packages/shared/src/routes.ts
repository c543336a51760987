import type { Audience, Viewer } from './access';
import { CAPABILITIES, decide, type CapabilityName } from './capabilities';

/**
 * The route table of spec 2.1 with the guards of spec 2.3.
 *
 * access:
 * - `public`: marketing pages for logged-out visitors; a logged-in visitor goes to /dashboard.
 * - `guest`: auth pages (auth layout) for logged-out visitors; login sends a logged-in user to
 *   /dashboard, the others to /login.
 * - `onboarding`: the applicant's steps; logged-out guard with redirect /login, and /register when
 *   no pending applicant is held (checked by the web app, which holds that state).
 * - `open`: anyone, signed in or not.
 * - `private`: signed in; `audience` (if any) narrows by role, failing to `redirect`.
 *
 * layout: which frame the page renders in.
 */
export type RouteAccess = 'public' | 'guest' | 'onboarding' | 'open' | 'private';
export type RouteLayout = 'public' | 'auth' | 'bare' | 'shell';

export interface RouteDef {
  id: string;
  path: string;
  title: string;
  access: RouteAccess;
  layout: RouteLayout;
  /** The capability of capabilities.ts a private route needs; absent means any signed-in user. */
  capability?: CapabilityName;
  /** The capability's audience (read from the table, never written here). */
  audience?: readonly Audience[];
  /** Where a failed guard sends the visitor. */
  redirect: string;
  /** SUB_ADMIN needs the Configuration tab unlocked (spec 2.3): the capability's gate. */
  configurationGate?: boolean;
}

type Def = Omit<RouteDef, 'redirect' | 'layout'> & Partial<Pick<RouteDef, 'redirect' | 'layout'>>;

function pub(id: string, path: string, title: string): Def {
  return { id, path, title, access: 'public', layout: 'public', redirect: '/dashboard' };
}
function guest(id: string, path: string, title: string): Def {
  return { id, path, title, access: 'guest', layout: 'auth', redirect: id === 'login' ? '/dashboard' : '/login' };
}
function onboarding(id: string, path: string, title: string): Def {
  return { id, path, title, access: 'onboarding', layout: 'bare', redirect: '/login' };
}
function priv(
  id: string,
  path: string,
  title: string,
  capability?: CapabilityName,
  extra: Partial<RouteDef> = {},
): Def {
  const cap = capability ? CAPABILITIES[capability] : undefined;
  return {
    id,
    path,
    title,
    access: 'private',
    layout: 'shell',
    ...(capability ? { capability, audience: cap?.audience } : {}),
    ...(cap && 'configurationGate' in cap ? { configurationGate: true } : {}),
    redirect: '/dashboard',
    ...extra,
  };
}

const DEFS: Def[] = [
  // Public and auth
  pub('home', '/', 'Home'),
  pub('about', '/about', 'About'),
  pub('contact', '/contact', 'Contact'),
  pub('mailbox-pricing', '/mailbox-pricing', 'Mailbox Pricing'),
  pub('help', '/help', 'How We Can Help'),
  pub('track', '/public/track', 'Track Shipment'),
  { id: 'policy-terms', path: '/policy-terms', title: 'Policy & Terms', access: 'open', layout: 'public' },
  guest('login', '/login', 'Login'),
  guest('register', '/register', 'Sign Up'),
  guest('forgot-password', '/forgot-password', 'Forgot Password'),
  guest('verify', '/verify', 'Verify Email'),
  guest('reset-password', '/reset-password', 'Reset Password'),
  priv('change-password', '/change-password', 'Change Password', undefined, { redirect: '/login' }),
  priv('subscription-expired', '/subscription-expired', 'Subscription', undefined, {
    layout: 'bare',
    redirect: '/login',
  }),
  priv('buy-subscription', '/buy-subscription', 'Buy Subscription', undefined, { layout: 'bare', redirect: '/login' }),

  // Onboarding
  onboarding('account-type', '/register/account-type', 'Account Type'),
  onboarding('account-info', '/register/account-info', 'New Account Information'),
  onboarding('shipment-verification', '/register/shipment-verification', 'Shipment Verification'),
  onboarding('mailbox-verification', '/register/mailbox-verification', 'Mailbox Verification'),
  onboarding('mailbox-rental-contract', '/register/mailbox-rental-contract', 'Application For Mailbox Rental'),
  onboarding('upload-documents', '/register/upload-documents', 'Mailbox Application'),

  // Customer and shared
  priv('dashboard', '/dashboard', 'Dashboard'),
  priv('profile', '/profile', 'Profile'),
  priv('inbox', '/inbox', 'Inbox', 'customer.pages'),
  priv('forward-insurance', '/inbox/:id/forward/insurance', 'Forward: Insurance', 'customer.pages'),
  priv('forward-address', '/inbox/:id/forward/address', 'Forward: Address', 'customer.pages'),
  priv('forward-address-new', '/inbox/:id/forward/address/new', 'Forward: New Address', 'customer.pages'),
  priv('forward-payment', '/inbox/:id/payment', 'Forward: Payment', 'customer.pages'),
  priv('forward-success', '/inbox/forward/success', 'Forward Requested', 'customer.pages'),
  priv('archive', '/archive', 'Archive', 'customer.pages'),
  priv('trash', '/trash', 'Trash', 'customer.pages'),
  // Not in spec 2.1: the customer's rules on incoming mail, opened from the inbox.
  priv('mail-rules', '/mail-rules', 'Mail Rules', 'customer.pages'),
  priv('change-of-address', '/change-of-address', 'Change of address', 'customer.pages'),
  priv('packages', '/packages', 'Packages', 'customer.pages'),
  priv('package-edit', '/packages/:id', 'Package', 'customer.pages'),
  priv('account-settings', '/account-settings', 'Account Settings', 'customer.pages'),
  priv('payment-methods', '/payment-methods', 'Payment Methods', 'payment-methods.own'),
  priv('shipments', '/shipments', 'Shipments', 'shipments.pages'),
  // Not in spec 2.1: batches, many labels from one CSV, opened from the shipments list.
  priv('shipment-batches', '/shipments/batches', 'Batches', 'shipments.pages'),
  priv('shipment-batch', '/shipments/batches/:id', 'Batch', 'shipments.pages'),
  priv('shipment-details', '/shipments/:id', 'Shipment Details', 'shipments.pages'),
  priv('shipment-full', '/shipments/:id/full', 'Shipment Details', 'shipments.pages'),
  // Not in spec 2.1: the USPS SCAN forms (manifests) of a day's labels, opened from the shipments list.
  priv('scan-forms', '/shipments/scan-forms', 'SCAN Forms', 'shipments.pages'),
  priv('create', '/create', 'Create Shipment', 'shipments.pages', { layout: 'bare' }),
  priv('create-sender', '/create-shipment/sender-address', 'Sender Address', 'shipments.pages', { layout: 'bare' }),
  priv('create-receiver', '/create-shipment/receiver-address', 'Receiver Address', 'shipments.pages', {
    layout: 'bare',
  }),
  priv('create-package', '/create-shipment/package-information', 'Package Information', 'shipments.pages', {
    layout: 'bare',
  }),
  priv('create-arrival', '/create-shipment/arrival-prefrences', 'Arrival Preferences', 'shipments.pages', {
    layout: 'bare',
  }),
  priv('create-quote', '/create-shipment/update-quote', 'Update Quote', 'shipments.pages', { layout: 'bare' }),
  priv('add-store', '/add-store', 'Add Store', 'stores.add'),
  priv('pickups', '/pickups', 'Pickups', 'shipments.pages'),
  priv('pickup-schedule', '/pickups/schedule', 'Schedule Pickup', 'shipments.pages'),
  priv('address-list', '/address-list', 'Address List', 'shipments.pages'),
  priv('address-edit', '/address-list/:id', 'Address', 'shipments.pages'),
  priv('mailbox', '/mailbox', 'Mailbox', 'mailbox.admin'),
  priv('mailbox-compliance', '/mailbox/compliance', 'Compliance', 'mailbox.compliance'),
  priv('mailbox-labels', '/mailbox/:id', 'Labels', 'mailbox.admin'),
  priv('mailbox-select-services', '/mailbox/:id/select-services/:label', 'Select Services', 'mailbox.admin', {
    layout: 'bare',
  }),
  priv('mailbox-update-quote', '/mailbox/:id/update-quote/:label', 'Update Quote', 'mailbox.admin'),
  priv('mailbox-requests', '/mailbox-requests', 'Mailbox Requests', 'mailbox.admin'),
  priv('mailbox-request', '/mailbox-requests/:id', 'Mailbox Request', 'mailbox.admin'),
  priv('invoices-billing', '/invoices-billing', 'Invoices & Billing', 'invoices.read'),
  priv('invoice-transactions', '/invoices-billing/transactions', 'Transactions', 'invoices.read'),
  priv('invoice', '/invoices-billing/:id', 'Invoice', 'invoices.read'),

  // Admin
  priv('customers', '/customers', 'Customers', 'customers.read'),
  priv('customer-add', '/customers/add', 'Add Customer', 'customers.write'),
  priv('customer', '/customers/:id', 'Customer', 'customers.read'),
  priv('sub-admins', '/sub-admins', 'Sub Admins', 'sub-admins.read'),
  priv('sub-admin-add', '/sub-admins/add', 'Add Sub Admin', 'sub-admins.write'),
  priv('sub-admin-payouts', '/sub-admins/payouts', 'Sub Admin Payouts', 'payouts.manage'),
  priv('sub-admin', '/sub-admins/:id', 'Sub Admin', 'sub-admins.read'),
  priv('referred-clients', '/referred-clients', 'Referred Clients', 'referred-clients.read'),
  priv('referred-client', '/referred-clients/:id', 'Referred Client', 'referred-clients.read'),
  priv('shipping-requests', '/shipping-requests', 'Shipping Requests', 'shipping-requests.read'),
  priv('analytics-reports', '/analytics-reports', 'Analytics & Reports', 'analytics.read'),
  priv('my-invoices', '/my-invoices', 'My Invoices', 'invoices.sub-admin'),
  priv('my-invoice', '/my-invoices/:id', 'Invoice', 'invoices.sub-admin'),
  priv('payouts', '/payouts', 'Payouts', 'payouts.read'),
  priv('payout', '/payouts/:id', 'Payout Statement', 'payouts.view'),
  priv('faqs', '/faqs', 'FAQs', 'faqs.manage'),
  // Not in spec 2.1: the job queue's failed work (e-mail, webhooks), and the API keys and webhooks of an account
  // (linked from Account Settings and a sub-admin's Account Setting).
  priv('jobs', '/jobs', 'Jobs', 'jobs.manage'),
  priv('developers', '/developers', 'API & Webhooks', 'api-keys.manage'),
  priv('carrier', '/configuration/carrier', 'Carrier', 'configuration.carrier'),
  priv('customer-plans', '/configuration/customer-plans', 'Customer Plans', 'configuration.customer-plans'),
  priv('customer-plan-add', '/configuration/customer-plans/add', 'Add Customer Plan', 'configuration.customer-plans'),
  priv(
    'customer-plan-edit',
    '/configuration/customer-plans/edit/:id',
    'Edit Customer Plan',
    'configuration.customer-plans',
  ),
  priv('sub-admin-plans', '/configuration/sub-admin-plans', 'Sub Admin Plans', 'configuration.sub-admin-plans'),
  priv(
    'sub-admin-plan-add',
    '/configuration/sub-admin-plans/add',
    'Add Sub Admin Plan',
    'configuration.sub-admin-plans',
  ),
  priv(
    'sub-admin-plan-edit',
    '/configuration/sub-admin-plans/edit/:id',
    'Edit Sub Admin Plan',
    'configuration.sub-admin-plans',
  ),
  priv('store', '/configuration/store', 'Store', 'configuration.stores'),
  priv('margin-discount', '/configuration/margin-discount', 'Margin & Discount', 'configuration.margin-discount'),
  priv('policy-terms-edit', '/configuration/policy-terms', 'Policy & Terms', 'configuration.policy-terms'),
  priv('setting', '/configuration/setting', 'Setting', 'configuration.setting'),
  priv('account-setting', '/configuration/account-setting', 'Account Setting', 'configuration.account-setting'),
];

export const ROUTES: readonly RouteDef[] = DEFS.map((d) => ({
  redirect: '/dashboard',
  layout: 'shell',
  ...d,
}));

export const ROUTES_BY_ID: Readonly<Record<string, RouteDef>> = Object.fromEntries(ROUTES.map((r) => [r.id, r]));

export function routeById(id: string): RouteDef {
  const route = ROUTES_BY_ID[id];
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}

export type GuardResult = { allow: true } | { allow: false; redirect: string };

/**
 * Decide whether a viewer (null when logged out) may open a route (spec 2.3).
 * Onboarding's "no pending applicant" check is the web app's, since only it holds that state.
 */
export function checkRoute(route: RouteDef, viewer: Viewer | null): GuardResult {
  switch (route.access) {
    case 'open':
      return { allow: true };
    case 'public':
    case 'guest':
    case 'onboarding':
      return viewer ? { allow: false, redirect: route.redirect } : { allow: true };
    case 'private': {
      if (!viewer) return { allow: false, redirect: '/login' };
      if (!route.capability) return { allow: true };
      const decision = decide(viewer, route.capability);
      if (decision === 'audience') return { allow: false, redirect: route.redirect };
      if (decision === 'configuration-locked') return { allow: false, redirect: '/dashboard' };
      return { allow: true };
    }
  }
}

/** Match a concrete pathname against the table (`:param` segments match any one segment). */
export function matchRoute(pathname: string): RouteDef | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  const parts = clean.split('/');
  // Static paths win over parameterised ones (e.g. /customers/add over /customers/:id).
  let best: RouteDef | null = null;
  let bestScore = -1;
  for (const route of ROUTES) {
    const rparts = route.path.split('/');
    if (rparts.length !== parts.length) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < rparts.length; i++) {
      const rp = rparts[i] ?? '';
      if (rp.startsWith(':')) continue;
      if (rp !== parts[i]) {
        ok = false;
        break;
      }
      score++;
    }
    if (ok && score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}
