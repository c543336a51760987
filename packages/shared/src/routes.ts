import type { Audience, Viewer } from './access';
import { matchesAudience } from './access';

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
  /** Roles (and flags) allowed on a private route; absent means any signed-in user. */
  audience?: readonly Audience[];
  /** Where a failed guard sends the visitor. */
  redirect: string;
  /** SUB_ADMIN needs the Configuration tab unlocked (spec 2.3). */
  configurationGate?: boolean;
}

const SA: Audience = { role: 'SUPER_ADMIN' };
const SUB: Audience = { role: 'SUB_ADMIN' };
const U: Audience = { role: 'USER' };
const SUPER_SUB: Audience = { role: 'SUB_ADMIN', superSubAdmin: true };

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
  audience?: readonly Audience[],
  extra: Partial<RouteDef> = {},
): Def {
  return { id, path, title, access: 'private', layout: 'shell', audience, redirect: '/dashboard', ...extra };
}
function config(id: string, path: string, title: string, audience: readonly Audience[]): Def {
  return priv(id, path, title, audience, { configurationGate: true });
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
  priv('inbox', '/inbox', 'Inbox', [U]),
  priv('forward-insurance', '/inbox/:id/forward/insurance', 'Forward: Insurance', [U]),
  priv('forward-address', '/inbox/:id/forward/address', 'Forward: Address', [U]),
  priv('forward-address-new', '/inbox/:id/forward/address/new', 'Forward: New Address', [U]),
  priv('forward-payment', '/inbox/:id/payment', 'Forward: Payment', [U]),
  priv('forward-success', '/inbox/forward/success', 'Forward Requested', [U]),
  priv('archive', '/archive', 'Archive', [U]),
  priv('trash', '/trash', 'Trash', [U]),
  priv('packages', '/packages', 'Packages', [U]),
  priv('package-edit', '/packages/:id', 'Package', [U]),
  priv('account-settings', '/account-settings', 'Account Settings', [U]),
  priv('payment-methods', '/payment-methods', 'Payment Methods', [SUB, U]),
  priv('shipments', '/shipments', 'Shipments', [SA, U]),
  priv('shipment-details', '/shipments/:id', 'Shipment Details', [SA, U]),
  priv('shipment-full', '/shipments/:id/full', 'Shipment Details', [SA, U]),
  priv('create', '/create', 'Create Shipment', [SA, U], { layout: 'bare' }),
  priv('create-sender', '/create-shipment/sender-address', 'Sender Address', [SA, U], { layout: 'bare' }),
  priv('create-receiver', '/create-shipment/receiver-address', 'Receiver Address', [SA, U], { layout: 'bare' }),
  priv('create-package', '/create-shipment/package-information', 'Package Information', [SA, U], { layout: 'bare' }),
  priv('create-arrival', '/create-shipment/arrival-prefrences', 'Arrival Preferences', [SA, U], { layout: 'bare' }),
  priv('create-quote', '/create-shipment/update-quote', 'Update Quote', [SA, U], { layout: 'bare' }),
  priv('add-store', '/add-store', 'Add Store', [SA, SUB]),
  priv('pickups', '/pickups', 'Pickups', [SA, U]),
  priv('pickup-schedule', '/pickups/schedule', 'Schedule Pickup', [SA, U]),
  priv('address-list', '/address-list', 'Address List', [SA, U]),
  priv('address-edit', '/address-list/:id', 'Address', [SA, U]),
  priv('mailbox', '/mailbox', 'Mailbox', [SA, SUB]),
  priv('mailbox-labels', '/mailbox/:id', 'Labels', [SA, SUB]),
  priv('mailbox-select-services', '/mailbox/:id/select-services/:label', 'Select Services', [SA, SUB], {
    layout: 'bare',
  }),
  priv('mailbox-update-quote', '/mailbox/:id/update-quote/:label', 'Update Quote', [SA, SUB]),
  priv('mailbox-requests', '/mailbox-requests', 'Mailbox Requests', [SA, SUB]),
  priv('mailbox-request', '/mailbox-requests/:id', 'Mailbox Request', [SA, SUB]),
  priv('invoices-billing', '/invoices-billing', 'Invoices & Billing'),
  priv('invoice-transactions', '/invoices-billing/transactions', 'Transactions'),
  priv('invoice', '/invoices-billing/:id', 'Invoice'),

  // Admin
  priv('customers', '/customers', 'Customers', [SA, SUB]),
  priv('customer-add', '/customers/add', 'Add Customer', [SA, SUB]),
  priv('customer', '/customers/:id', 'Customer', [SA, SUB]),
  priv('sub-admins', '/sub-admins', 'Sub Admins', [SA]),
  priv('sub-admin-add', '/sub-admins/add', 'Add Sub Admin', [SA]),
  priv('sub-admin', '/sub-admins/:id', 'Sub Admin', [SA]),
  priv('referred-clients', '/referred-clients', 'Referred Clients', [SUPER_SUB]),
  priv('referred-client', '/referred-clients/:id', 'Referred Client', [SUPER_SUB]),
  priv('shipping-requests', '/shipping-requests', 'Shipping Requests', [SA]),
  priv('analytics-reports', '/analytics-reports', 'Analytics & Reports', [SA]),
  priv('my-invoices', '/my-invoices', 'My Invoices', [SUB]),
  priv('my-invoice', '/my-invoices/:id', 'Invoice', [SUB]),
  priv('payouts', '/payouts', 'Payouts', [SUB]),
  priv('faqs', '/faqs', 'FAQs', [SA]),
  config('carrier', '/configuration/carrier', 'Carrier', [SA]),
  config('customer-plans', '/configuration/customer-plans', 'Customer Plans', [SA, SUB]),
  config('customer-plan-add', '/configuration/customer-plans/add', 'Add Customer Plan', [SA, SUB]),
  config('customer-plan-edit', '/configuration/customer-plans/edit/:id', 'Edit Customer Plan', [SA, SUB]),
  config('sub-admin-plans', '/configuration/sub-admin-plans', 'Sub Admin Plans', [SA]),
  config('sub-admin-plan-add', '/configuration/sub-admin-plans/add', 'Add Sub Admin Plan', [SA]),
  config('sub-admin-plan-edit', '/configuration/sub-admin-plans/edit/:id', 'Edit Sub Admin Plan', [SA]),
  config('store', '/configuration/store', 'Store', [SA, SUB]),
  config('margin-discount', '/configuration/margin-discount', 'Margin & Discount', [SA]),
  config('policy-terms-edit', '/configuration/policy-terms', 'Policy & Terms', [SUB]),
  config('setting', '/configuration/setting', 'Setting', [SUB]),
  config('account-setting', '/configuration/account-setting', 'Account Setting', [SUB]),
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
      if (route.audience && !matchesAudience(viewer, route.audience)) return { allow: false, redirect: route.redirect };
      if (route.configurationGate && viewer.role === 'SUB_ADMIN' && !viewer.configurationUnlocked) {
        return { allow: false, redirect: '/dashboard' };
      }
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
