import { ALL_ROLES, matchesAudience, type Audience, type Viewer } from './access';
import type { ApiKeyScope } from './integrations';

/**
 * Who may do what: the one audience table (spec 2.3, 2.4, 6). Every page of the router (routes.ts), every
 * sidebar item (sidebar.ts) and every API endpoint (`requireAudience(...)` in apps/api) names one capability
 * here and reads its audience from this table; nothing else lists roles.
 *
 * - `audience`: the roles (optionally narrowed to an account kind or the super sub-admin flag) allowed.
 * - `configurationGate`: a SUB_ADMIN whose Configuration tab is password-protected must have unlocked it
 *   (spec 2.3). The browser keeps the flag for its guard; the API checks the session's server-side unlock.
 *
 * Which accounts an allowed caller may touch (tenancy) is a separate rule, `manages()` in the API.
 */
export interface Capability {
  audience: readonly Audience[];
  configurationGate?: true;
}

const SA: Audience = { role: 'SUPER_ADMIN' };
const SUB: Audience = { role: 'SUB_ADMIN' };
const U: Audience = { role: 'USER' };
const SUPER_SUB: Audience = { role: 'SUB_ADMIN', superSubAdmin: true };
const U_MAILBOX: Audience = { role: 'USER', account: 'mailbox' };
const U_SHIPMENT: Audience = { role: 'USER', account: 'shipment' };

/** A USER holding a shipment profile, whichever profile is current (shipping use cases of the API). */
const U_SHIPPER: Audience = { role: 'USER', account: 'shipment', anyProfile: true };

const gated = (audience: readonly Audience[]): Capability => ({ audience, configurationGate: true });

export const CAPABILITIES = {
  /** Any signed-in account about itself (dashboard, profile, subscription, its invoices, its documents). */
  'account.self': { audience: ALL_ROLES },
  /** Payment cards: customers and sub-admins pay; the super admin is paid. */
  'payment-methods.own': { audience: [SUB, U] },
  /** Invoices & Billing: the invoices the caller may see (its own; issued ones; all for 'invoices.all'). */
  'invoices.read': { audience: ALL_ROLES },
  /** Every invoice and transaction of the platform. */
  'invoices.all': { audience: [SA] },
  /** The invoices a sub-admin issued to its customers, besides its own. */
  'invoices.issued': { audience: [SUB] },
  /** Invoices the caller pays (GET invoices/my). */
  'invoices.own': { audience: [SUB, U] },
  /** My Invoices: what the platform bills a sub-admin. */
  'invoices.sub-admin': { audience: [SUB] },
  /** The Payouts page and sidebar entry (spec 2.4: SUB_ADMIN). */
  'payouts.read': { audience: [SUB] },
  /** Payout statements: a sub-admin their own, the super admin every sub-admin's. */
  'payouts.view': { audience: [SA, SUB] },
  /** Approving payouts and marking them paid; every sub-admin's payouts. */
  'payouts.manage': { audience: [SA] },
  /** A sub-admin's plan limits and usage (stores, mailboxes). */
  'plan-usage.read': { audience: [SUB] },

  /** Customer pages (inbox, packages, account settings): any USER may open them, whatever profile is current. */
  'customer.pages': { audience: [U] },
  /** Mail items of a mailbox customer (sidebar Inbox, Archive, Trash; spec 6 "depending on the current profile"). */
  'mail.read': { audience: [U_MAILBOX] },
  /** A customer's own mail (items, requests, notifications of their box); an account without a box finds none. */
  'mail.own': { audience: [U] },
  /** One mail item or request: its box holder, or an operator of its store (tenancy is the mail module's rule). */
  'mail.access': { audience: ALL_ROLES },
  /** Shipping pages (shipments, create, pickups, address list): the super admin and any USER. */
  'shipments.pages': { audience: [SA, U] },
  /** Shipping in the sidebar: the super admin and a USER working in the shipment profile. */
  'shipments.read': { audience: [SA, U_SHIPMENT] },
  /** Shipping use cases (addresses, package presets, quotes, labels, pickups, shipping requests): API audience. */
  'shipping.use': { audience: [SA, U_SHIPPER] },
  /** Quoting a customer's shipping request, pay-later credit limits: the platform's staff. */
  'shipping.manage': { audience: [SA] },
  /** Every customer's shipments, with cost and margin (the platform's staff). */
  'shipments.all': { audience: [SA] },
  /** Saved package presets in the sidebar. */
  'packages.read': { audience: [U_SHIPMENT] },

  'customers.read': { audience: [SA, SUB] },
  'customers.write': { audience: [SA, SUB] },
  /** Every customer of the platform in the Customers list, not only one's own. */
  'customers.all': { audience: [SA] },
  'sub-admins.read': { audience: [SA] },
  'sub-admins.write': { audience: [SA] },
  'referred-clients.read': { audience: [SUPER_SUB] },
  /** Another account's subscription and activity (detail pages of customers and sub-admins). */
  'accounts.read': { audience: [SA, SUB] },
  /** Access account (impersonation, spec 1). */
  'accounts.access': { audience: [SA, SUB] },
  /** Every store, not only one's own (the super admin sees all sub-admins' stores). */
  'stores.all': { audience: [SA] },
  'audit.read': { audience: [SA] },
  'applications.read': { audience: [SA, SUB] },
  'applications.review': { audience: [SA, SUB] },
  /** Mailbox administration pages (mailbox, labels, mailbox requests). */
  'mailbox.admin': { audience: [SA, SUB] },
  /** USPS compliance of the stores one operates: CRD export, closed-box report, expiring IDs. */
  'mailbox.compliance': { audience: [SA, SUB] },
  'shipping-requests.read': { audience: [SA] },
  'analytics.read': { audience: [SA] },
  'faqs.manage': { audience: [SA] },
  /** The dev outbox from another machine (a loopback client needs no session). */
  'dev-outbox.read': { audience: [SA] },
  /** The job queue (e-mail, webhooks): failed jobs and their retry. */
  'jobs.manage': { audience: [SA] },
  /** Own API keys (created, listed, revoked with a session only: no API key reaches these). */
  'api-keys.manage': { audience: [SUB, U] },
  /** Own webhook endpoints and their delivery log (sessions only, like API keys). */
  'webhooks.manage': { audience: [SUB, U] },
  /** Plans and prices visible to the caller (plans list, plan detail, buying). */
  'plans.read': { audience: ALL_ROLES },
  /** The platform's own plans (customer and sub-admin plans); a sub-admin manages only the plans it sells. */
  'plans.platform': { audience: [SA] },

  /** Unlocking the Configuration tab (POST users/check-password). */
  'configuration.unlock': { audience: [SUB] },
  /** Add Store from the dashboard: not under the Configuration tab, so not gated (spec 2.1). */
  'stores.add': { audience: [SA, SUB] },
  'configuration.stores': gated([SA, SUB]),
  'configuration.customer-plans': gated([SA, SUB]),
  'configuration.sub-admin-plans': gated([SA]),
  'configuration.carrier': gated([SA]),
  'configuration.margin-discount': gated([SA]),
  'configuration.policy-terms': gated([SUB]),
  'configuration.setting': gated([SUB]),
  'configuration.account-setting': gated([SUB]),
} as const satisfies Record<string, Capability>;

export type CapabilityName = keyof typeof CAPABILITIES;

export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as CapabilityName[];

export function capability(name: CapabilityName): Capability {
  return CAPABILITIES[name];
}

export type AccessDecision = 'allow' | 'audience' | 'configuration-locked';

/**
 * The one decision both sides make: may this viewer use the capability? `audience` when the role (account
 * kind, flag) is not in it; `configuration-locked` when only the Configuration unlock is missing.
 */
export function decide(viewer: Viewer, name: CapabilityName): AccessDecision {
  const cap: Capability = CAPABILITIES[name];
  if (!matchesAudience(viewer, cap.audience)) return 'audience';
  if (cap.configurationGate && viewer.role === 'SUB_ADMIN' && !viewer.configurationUnlocked) {
    return 'configuration-locked';
  }
  return 'allow';
}

export function allows(viewer: Viewer, name: CapabilityName): boolean {
  return decide(viewer, name) === 'allow';
}

/**
 * What an API key's scopes open: each scope names the capabilities it reaches and whether it reads (GET, HEAD) or
 * writes (every other method). A key acts as its owner, so `decide` must allow the capability too. A capability
 * no scope names (administration, account access, configuration, API keys and webhooks themselves) is closed to
 * every key, whatever its scopes.
 */
export const API_KEY_SCOPE_ACCESS: Record<
  ApiKeyScope,
  { capabilities: readonly CapabilityName[]; access: 'read' | 'write' }
> = {
  'mail:read': { capabilities: ['mail.read', 'mail.own', 'mail.access', 'mailbox.admin'], access: 'read' },
  'mail:write': { capabilities: ['mail.read', 'mail.own', 'mail.access', 'mailbox.admin'], access: 'write' },
  'shipments:read': {
    capabilities: ['shipments.pages', 'shipments.read', 'shipping.use', 'packages.read'],
    access: 'read',
  },
  'shipments:write': {
    capabilities: ['shipments.pages', 'shipments.read', 'shipping.use', 'packages.read'],
    access: 'write',
  },
  'invoices:read': {
    capabilities: ['invoices.read', 'invoices.own', 'invoices.issued', 'invoices.sub-admin'],
    access: 'read',
  },
};

/** Whether a key with these scopes may call an endpoint guarded by `capability` with this HTTP method. */
export function apiKeyAllows(scopes: readonly ApiKeyScope[], capability: CapabilityName, method: string): boolean {
  const access = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  return scopes.some((scope) => {
    const grant = API_KEY_SCOPE_ACCESS[scope];
    return grant !== undefined && grant.access === access && grant.capabilities.includes(capability);
  });
}
