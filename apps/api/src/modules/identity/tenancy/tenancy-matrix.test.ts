import type { Viewer } from '@postwise/shared/access';
import { type CapabilityName, decide } from '@postwise/shared/capabilities';
import type { User } from '@postwise/shared/api-types';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../schema/documents';
import { users } from '../schema/users';
import { DEMO_PASSWORD } from '../../../demo/users';
import { suiteApp } from '../../../test/suite-app';
import type { Method } from '../../accounts/managed-accounts/admin-test-kit';

/**
 * Every endpoint guarded by a capability, called by every kind of caller, answers exactly the status the
 * shared audience table (packages/shared/src/capabilities.ts) and the tenancy rule predict: 401 anonymous (or
 * a dead acting session), 403 outside the audience (CONFIGURATION_LOCKED for a locked Configuration tab), 403
 * outside the tenancy, else the endpoint's own answer (200, or 404/409/422 for a probe that must not change data).
 */

const SA = 'superadmin@example.com';
const SUPER_SUB = 'subadmin@example.com';
const RESELLER = 'reseller@example.com';
const PARTNER = 'partner@example.com';
const USER = 'user@example.com';
const OLIVER = 'oliver.james@example.com';
const UNKNOWN = '7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f';

type CallerKey =
  | 'anonymous'
  | 'super admin'
  | 'super sub-admin'
  | 'protected sub-admin, locked'
  | 'protected sub-admin, unlocked'
  | 'referred sub-admin'
  | 'customer'
  | "referred sub-admin's customer"
  | 'super admin acting as super sub-admin'
  | "super sub-admin acting as referred sub-admin's customer";

interface Caller {
  token: string | null;
  viewer: Viewer | null;
  ip: string;
}

type Ids = Record<string, string>;

interface Endpoint {
  capability: CapabilityName;
  method: Method;
  path: (ids: Ids) => string;
  body?: unknown;
  /** The answer for a caller inside the audience and the tenancy. */
  ok: number;
  /** For one account or store: the callers (inside the audience) who reach it; the others get 403. */
  reach?: readonly CallerKey[];
}

// Callers who reach what the super sub-admin manages (an impersonation acts with the target's rights).
const SUPER_SUB_REACH = ['super admin', 'super sub-admin', 'super admin acting as super sub-admin'] as const;
const OLIVER_MANAGERS = [...SUPER_SUB_REACH, 'referred sub-admin'] as const;
const OLIVER_SELF = [
  ...OLIVER_MANAGERS,
  "referred sub-admin's customer",
  "super sub-admin acting as referred sub-admin's customer",
] as const;
const RESELLER_SELF = ['super admin', 'protected sub-admin, locked', 'protected sub-admin, unlocked'] as const;

const ENDPOINTS: Record<string, Endpoint> = {
  'GET auths/me': { capability: 'account.self', method: 'GET', path: () => '/api/v1/auths/me', ok: 200 },
  'GET customers': { capability: 'customers.read', method: 'GET', path: () => '/api/v1/customers', ok: 200 },
  'POST customers (invalid)': {
    capability: 'customers.write',
    method: 'POST',
    path: () => '/api/v1/customers',
    body: {},
    ok: 422,
  },
  'GET customer (own customer of the super sub-admin)': {
    capability: 'customers.read',
    method: 'GET',
    path: (ids) => `/api/v1/customers/${ids.ava}`,
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  "GET customer (referred sub-admin's customer)": {
    capability: 'customers.read',
    method: 'GET',
    path: (ids) => `/api/v1/customers/${ids.oliver}`,
    ok: 200,
    reach: OLIVER_MANAGERS,
  },
  'PUT customer': {
    capability: 'customers.write',
    method: 'PUT',
    path: (ids) => `/api/v1/customers/${ids.ava}`,
    body: { phone: '2135550151' },
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  'GET account subscription': {
    capability: 'accounts.read',
    method: 'GET',
    path: (ids) => `/api/v1/accounts/${ids.ava}/subscription`,
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  'GET account activity': {
    capability: 'accounts.read',
    method: 'GET',
    path: (ids) => `/api/v1/accounts/${ids.oliver}/activity`,
    ok: 200,
    reach: OLIVER_MANAGERS,
  },
  'GET sub-admins': { capability: 'sub-admins.read', method: 'GET', path: () => '/api/v1/sub-admins', ok: 200 },
  'POST sub-admins (invalid)': {
    capability: 'sub-admins.write',
    method: 'POST',
    path: () => '/api/v1/sub-admins',
    body: {},
    ok: 422,
  },
  'GET sub-admin': {
    capability: 'sub-admins.read',
    method: 'GET',
    path: (ids) => `/api/v1/sub-admins/${ids[SUPER_SUB]}`,
    ok: 200,
  },
  'PUT sub-admin (invalid)': {
    capability: 'sub-admins.write',
    method: 'PUT',
    path: (ids) => `/api/v1/sub-admins/${ids[RESELLER]}`,
    body: { status: 'paused' },
    ok: 422,
  },
  'GET referred clients': {
    capability: 'referred-clients.read',
    method: 'GET',
    path: () => '/api/v1/referred-clients',
    ok: 200,
  },
  'GET referred client': {
    capability: 'referred-clients.read',
    method: 'GET',
    path: (ids) => `/api/v1/referred-clients/${ids[PARTNER]}`,
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  'POST access-account': {
    capability: 'accounts.access',
    method: 'POST',
    path: (ids) => `/api/v1/auths/access-account/${ids.oliver}`,
    ok: 200,
    reach: OLIVER_MANAGERS,
  },
  'GET audit-logs': { capability: 'audit.read', method: 'GET', path: () => '/api/v1/audit-logs', ok: 200 },
  'GET stores': { capability: 'configuration.stores', method: 'GET', path: () => '/api/v1/stores', ok: 200 },
  'POST stores (invalid)': {
    capability: 'stores.add',
    method: 'POST',
    path: () => '/api/v1/stores',
    body: {},
    ok: 422,
  },
  'GET store': {
    capability: 'configuration.stores',
    method: 'GET',
    path: (ids) => `/api/v1/stores/${ids.downtown}`,
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  'PUT store (invalid)': {
    capability: 'configuration.stores',
    method: 'PUT',
    path: (ids) => `/api/v1/stores/${ids.downtown}`,
    body: {},
    ok: 422,
    reach: SUPER_SUB_REACH,
  },
  'DELETE store (holds mailboxes)': {
    capability: 'configuration.stores',
    method: 'DELETE',
    path: (ids) => `/api/v1/stores/${ids.downtown}`,
    ok: 409,
    reach: SUPER_SUB_REACH,
  },
  'GET users/encrypted (protected sub-admin)': {
    capability: 'account.self',
    method: 'GET',
    path: (ids) => `/api/v1/users/encrypted/${ids[RESELLER]}`,
    ok: 200,
    reach: RESELLER_SELF,
  },
  'POST users/check-password (empty)': {
    capability: 'configuration.unlock',
    method: 'POST',
    path: () => '/api/v1/users/check-password',
    body: { password: '' },
    ok: 422,
  },
  'GET settings/account': {
    capability: 'configuration.account-setting',
    method: 'GET',
    path: () => '/api/v1/settings/account',
    ok: 200,
  },
  'PUT settings/account (invalid)': {
    capability: 'configuration.account-setting',
    method: 'PUT',
    path: () => '/api/v1/settings/account',
    body: {},
    ok: 422,
  },
  'DELETE settings/logos/light': {
    capability: 'configuration.account-setting',
    method: 'DELETE',
    path: () => '/api/v1/settings/logos/light',
    ok: 200,
  },
  'GET settings/profile': {
    capability: 'configuration.setting',
    method: 'GET',
    path: () => '/api/v1/settings/profile',
    ok: 200,
  },
  'PUT settings/profile (invalid)': {
    capability: 'configuration.setting',
    method: 'PUT',
    path: () => '/api/v1/settings/profile',
    body: {},
    ok: 422,
  },
  'GET settings/policy-and-terms': {
    capability: 'configuration.policy-terms',
    method: 'GET',
    path: () => '/api/v1/settings/policy-and-terms',
    ok: 200,
  },
  'PUT settings/policy-and-terms (invalid)': {
    capability: 'configuration.policy-terms',
    method: 'PUT',
    path: () => '/api/v1/settings/policy-and-terms',
    body: {},
    ok: 422,
  },
  'GET applications': {
    capability: 'applications.read',
    method: 'GET',
    path: () => '/api/v1/applications',
    ok: 200,
  },
  'GET application (own customer)': {
    capability: 'applications.read',
    method: 'GET',
    path: (ids) => `/api/v1/applications/${ids.emma}`,
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  "GET application (referred sub-admin's customer)": {
    capability: 'applications.read',
    method: 'GET',
    path: (ids) => `/api/v1/applications/${ids.oliver}`,
    ok: 200,
    reach: OLIVER_MANAGERS,
  },
  'POST application reject (invalid)': {
    capability: 'applications.review',
    method: 'POST',
    path: (ids) => `/api/v1/applications/${ids.emma}/reject`,
    body: {},
    ok: 422,
    reach: SUPER_SUB_REACH,
  },
  'POST application approve (invalid)': {
    capability: 'applications.review',
    method: 'POST',
    path: (ids) => `/api/v1/applications/${ids.emma}/approve`,
    body: { storeId: 'not-a-uuid' },
    ok: 422,
    reach: SUPER_SUB_REACH,
  },
  'PUT application compliance-ids (invalid)': {
    capability: 'applications.review',
    method: 'PUT',
    path: (ids) => `/api/v1/applications/${ids.emma}/compliance-ids`,
    body: { ids: [] },
    ok: 422,
    reach: SUPER_SUB_REACH,
  },
  "GET ID file (referred sub-admin's customer)": {
    capability: 'account.self',
    method: 'GET',
    path: (ids) => `/api/v1/documents/${ids.oliverDocument}/file`,
    ok: 200,
    reach: OLIVER_SELF,
  },
  "GET users/logo (referred sub-admin's customer)": {
    capability: 'account.self',
    method: 'GET',
    path: (ids) => `/api/v1/users/logo?userId=${ids.oliver}`,
    ok: 200,
    reach: OLIVER_SELF,
  },
  'GET faqs/admin': { capability: 'faqs.manage', method: 'GET', path: () => '/api/v1/faqs/admin', ok: 200 },
  'POST faqs (invalid)': { capability: 'faqs.manage', method: 'POST', path: () => '/api/v1/faqs', body: {}, ok: 422 },
  'DELETE faq (unknown)': {
    capability: 'faqs.manage',
    method: 'DELETE',
    path: () => `/api/v1/faqs/${UNKNOWN}`,
    ok: 404,
  },
  'GET plans': { capability: 'plans.read', method: 'GET', path: () => '/api/v1/plans', ok: 200 },
  'GET plan (unknown)': { capability: 'plans.read', method: 'GET', path: () => `/api/v1/plans/${UNKNOWN}`, ok: 404 },
  'POST plans (invalid)': {
    capability: 'configuration.customer-plans',
    method: 'POST',
    path: () => '/api/v1/plans',
    body: {},
    ok: 422,
  },
  'DELETE plan (unknown)': {
    capability: 'configuration.customer-plans',
    method: 'DELETE',
    path: () => `/api/v1/plans/${UNKNOWN}`,
    ok: 404,
  },
  'GET payouts': { capability: 'payouts.view', method: 'GET', path: () => '/api/v1/payouts', ok: 200 },
  'GET payout (unknown)': {
    capability: 'payouts.view',
    method: 'GET',
    path: () => `/api/v1/payouts/${UNKNOWN}`,
    ok: 404,
  },
  'GET payout lines (unknown)': {
    capability: 'payouts.view',
    method: 'GET',
    path: () => `/api/v1/payouts/${UNKNOWN}/lines`,
    ok: 404,
  },
  'GET payout csv (unknown)': {
    capability: 'payouts.view',
    method: 'GET',
    path: () => `/api/v1/payouts/${UNKNOWN}/csv`,
    ok: 404,
  },
  'GET payout pdf (unknown)': {
    capability: 'payouts.view',
    method: 'GET',
    path: () => `/api/v1/payouts/${UNKNOWN}/pdf`,
    ok: 404,
  },
  'POST payout approve (unknown)': {
    capability: 'payouts.manage',
    method: 'POST',
    path: () => `/api/v1/payouts/${UNKNOWN}/approve`,
    ok: 404,
  },
  'POST payout paid (invalid)': {
    capability: 'payouts.manage',
    method: 'POST',
    path: () => `/api/v1/payouts/${UNKNOWN}/paid`,
    body: {},
    ok: 422,
  },
  'GET plan-usage': { capability: 'plan-usage.read', method: 'GET', path: () => '/api/v1/plan-usage', ok: 200 },
  'GET dashboard/sub-admin': {
    capability: 'payouts.read',
    method: 'GET',
    path: () => '/api/v1/dashboard/sub-admin',
    ok: 200,
  },
  'GET invoices': { capability: 'invoices.read', method: 'GET', path: () => '/api/v1/invoices', ok: 200 },
  'GET invoices/my': { capability: 'invoices.own', method: 'GET', path: () => '/api/v1/invoices/my', ok: 200 },
  'GET invoice (unknown)': {
    capability: 'invoices.read',
    method: 'GET',
    path: () => `/api/v1/invoices/${UNKNOWN}`,
    ok: 404,
  },
  'GET paymentMethods': {
    capability: 'payment-methods.own',
    method: 'GET',
    path: () => '/api/v1/paymentMethods',
    ok: 200,
  },
  'DELETE paymentMethod (unknown)': {
    capability: 'payment-methods.own',
    method: 'DELETE',
    path: () => `/api/v1/paymentMethods/${UNKNOWN}`,
    ok: 404,
  },
  'GET subscriptions/my': {
    capability: 'account.self',
    method: 'GET',
    path: () => '/api/v1/subscriptions/my',
    ok: 200,
  },
  'POST subscriptions (invalid)': {
    capability: 'account.self',
    method: 'POST',
    path: () => '/api/v1/subscriptions',
    body: {},
    ok: 422,
  },
  // Mailbox operations: tenancy within a store is the mail module's own suite (mail.test.ts).
  'GET mailboxes': { capability: 'mailbox.admin', method: 'GET', path: () => '/api/v1/mailboxes', ok: 200 },
  'GET mail-requests': { capability: 'mailbox.admin', method: 'GET', path: () => '/api/v1/mail-requests', ok: 200 },
  'GET mail-senders': { capability: 'mail.own', method: 'GET', path: () => '/api/v1/mail-senders', ok: 200 },
  'GET mail-senders/letter.pdf': {
    capability: 'mail.own',
    method: 'GET',
    path: () => '/api/v1/mail-senders/letter.pdf?sender=IRS&direction=in',
    ok: 200,
  },
  'GET compliance/crd-export.csv': {
    capability: 'mailbox.compliance',
    method: 'GET',
    path: (ids) => `/api/v1/compliance/crd-export.csv?storeId=${ids.downtown}`,
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  'GET compliance/closed-boxes': {
    capability: 'mailbox.compliance',
    method: 'GET',
    path: (ids) => `/api/v1/compliance/closed-boxes?storeId=${ids.downtown}&quarter=2026-Q1`,
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  'GET compliance/expiring-ids': {
    capability: 'mailbox.compliance',
    method: 'GET',
    path: (ids) => `/api/v1/compliance/expiring-ids?storeId=${ids.downtown}`,
    ok: 200,
    reach: SUPER_SUB_REACH,
  },
  'GET mail-items': { capability: 'mail.own', method: 'GET', path: () => '/api/v1/mail-items?folder=inbox', ok: 200 },
  'GET mail-item (unknown)': {
    capability: 'mail.access',
    method: 'GET',
    path: () => `/api/v1/mail-items/${UNKNOWN}`,
    ok: 404,
  },
  'GET mail-item forward-rates (unknown)': {
    capability: 'mail.own',
    method: 'GET',
    path: () => `/api/v1/mail-items/${UNKNOWN}/forward-rates?addressId=${UNKNOWN}`,
    ok: 404,
  },
  'POST mail-request buy-label (unknown)': {
    capability: 'mailbox.admin',
    method: 'POST',
    path: () => `/api/v1/mail-requests/${UNKNOWN}/buy-label`,
    ok: 404,
  },
  'GET mail-request label (unknown)': {
    capability: 'mailbox.admin',
    method: 'GET',
    path: () => `/api/v1/mail-requests/${UNKNOWN}/label`,
    ok: 404,
  },
  'POST mail-request passcode (unknown)': {
    capability: 'mail.own',
    method: 'POST',
    path: () => `/api/v1/mail-requests/${UNKNOWN}/passcode`,
    ok: 404,
  },
  'GET notifications': { capability: 'account.self', method: 'GET', path: () => '/api/v1/notifications', ok: 200 },
  'GET push/vapid-public-key': {
    capability: 'account.self',
    method: 'GET',
    path: () => '/api/v1/push/vapid-public-key',
    ok: 200,
  },
  'POST push-subscriptions (invalid)': {
    capability: 'account.self',
    method: 'POST',
    path: () => '/api/v1/push-subscriptions',
    body: { endpoint: 'not a url', keys: {} },
    ok: 422,
  },
  'DELETE push-subscriptions/{id} (unknown)': {
    capability: 'account.self',
    method: 'DELETE',
    path: () => `/api/v1/push-subscriptions/${UNKNOWN}`,
    ok: 404,
  },
  'GET account-settings/profile': {
    capability: 'account.self',
    method: 'GET',
    path: () => '/api/v1/account-settings/profile',
    ok: 200,
  },
  'PUT account-settings/profile (invalid)': {
    capability: 'account.self',
    method: 'PUT',
    path: () => '/api/v1/account-settings/profile',
    body: { personal: {} },
    ok: 422,
  },
  'GET account-settings': {
    capability: 'customer.pages',
    method: 'GET',
    path: () => '/api/v1/account-settings',
    ok: 200,
  },
  'PUT account-settings/notifications (invalid)': {
    capability: 'customer.pages',
    method: 'PUT',
    path: () => '/api/v1/account-settings/notifications',
    body: { email: {} },
    ok: 422,
  },
  'POST account-settings/close (invalid)': {
    capability: 'customer.pages',
    method: 'POST',
    path: () => '/api/v1/account-settings/close',
    body: {},
    ok: 422,
  },
  // Shipping: a USER needs a shipment profile, whichever profile is current.
  'GET addresses': { capability: 'shipping.use', method: 'GET', path: () => '/api/v1/addresses', ok: 200 },
  'GET addresses/import/template': {
    capability: 'shipping.use',
    method: 'GET',
    path: () => '/api/v1/addresses/import/template',
    ok: 200,
  },
  'POST addresses/import (no file)': {
    capability: 'shipping.use',
    method: 'POST',
    path: () => '/api/v1/addresses/import',
    body: {},
    ok: 422,
  },
  'GET shipments': { capability: 'shipping.use', method: 'GET', path: () => '/api/v1/shipments', ok: 200 },
  'POST shipments/quotes (invalid)': {
    capability: 'shipping.use',
    method: 'POST',
    path: () => '/api/v1/shipments/quotes',
    body: {},
    ok: 422,
  },
  'GET shipments/batches': {
    capability: 'shipping.use',
    method: 'GET',
    path: () => '/api/v1/shipments/batches',
    ok: 200,
  },
  'POST shipments/batches (no file)': {
    capability: 'shipping.use',
    method: 'POST',
    path: () => '/api/v1/shipments/batches',
    body: {},
    ok: 422,
  },
  'GET shipments/scan-forms': {
    capability: 'shipping.use',
    method: 'GET',
    path: () => '/api/v1/shipments/scan-forms',
    ok: 200,
  },
  'GET shipments/scan-forms/eligible': {
    capability: 'shipping.use',
    method: 'GET',
    path: () => '/api/v1/shipments/scan-forms/eligible?date=2026-01-05',
    ok: 200,
  },
  'POST shipments/scan-forms (invalid)': {
    capability: 'shipping.use',
    method: 'POST',
    path: () => '/api/v1/shipments/scan-forms',
    body: {},
    ok: 422,
  },
  'GET shipments/scan-forms file (unknown form)': {
    capability: 'shipping.use',
    method: 'GET',
    path: () => `/api/v1/shipments/scan-forms/${UNKNOWN}/file`,
    ok: 404,
  },
  'GET carriers': { capability: 'configuration.carrier', method: 'GET', path: () => '/api/v1/carriers', ok: 200 },
  'GET margin-discounts': {
    capability: 'configuration.margin-discount',
    method: 'GET',
    path: () => '/api/v1/margin-discounts',
    ok: 200,
  },
  // The job queue (super admin), API keys and webhook endpoints (customers and sub-admins, their own only).
  'GET jobs': { capability: 'jobs.manage', method: 'GET', path: () => '/api/v1/jobs', ok: 200 },
  'GET jobs/summary': { capability: 'jobs.manage', method: 'GET', path: () => '/api/v1/jobs/summary', ok: 200 },
  'POST jobs retry (unknown job)': {
    capability: 'jobs.manage',
    method: 'POST',
    path: () => `/api/v1/jobs/email/${UNKNOWN}/retry`,
    ok: 404,
  },
  'GET api-keys': { capability: 'api-keys.manage', method: 'GET', path: () => '/api/v1/api-keys', ok: 200 },
  'POST api-keys (invalid)': {
    capability: 'api-keys.manage',
    method: 'POST',
    path: () => '/api/v1/api-keys',
    body: {},
    ok: 422,
  },
  'DELETE api-keys (unknown key)': {
    capability: 'api-keys.manage',
    method: 'DELETE',
    path: () => `/api/v1/api-keys/${UNKNOWN}`,
    ok: 404,
  },
  'GET webhook-endpoints': {
    capability: 'webhooks.manage',
    method: 'GET',
    path: () => '/api/v1/webhook-endpoints',
    ok: 200,
  },
  'POST webhook-endpoints (invalid)': {
    capability: 'webhooks.manage',
    method: 'POST',
    path: () => '/api/v1/webhook-endpoints',
    body: {},
    ok: 422,
  },
  'GET webhook-endpoint (unknown)': {
    capability: 'webhooks.manage',
    method: 'GET',
    path: () => `/api/v1/webhook-endpoints/${UNKNOWN}`,
    ok: 404,
  },
  'PATCH webhook-endpoint (unknown)': {
    capability: 'webhooks.manage',
    method: 'PATCH',
    path: () => `/api/v1/webhook-endpoints/${UNKNOWN}`,
    body: { enabled: false },
    ok: 404,
  },
  'DELETE webhook-endpoint (unknown)': {
    capability: 'webhooks.manage',
    method: 'DELETE',
    path: () => `/api/v1/webhook-endpoints/${UNKNOWN}`,
    ok: 404,
  },
  'GET webhook deliveries (unknown endpoint)': {
    capability: 'webhooks.manage',
    method: 'GET',
    path: () => `/api/v1/webhook-endpoints/${UNKNOWN}/deliveries`,
    ok: 404,
  },
  'POST webhook redeliver (unknown endpoint)': {
    capability: 'webhooks.manage',
    method: 'POST',
    path: () => `/api/v1/webhook-endpoints/${UNKNOWN}/deliveries/${UNKNOWN}/redeliver`,
    ok: 404,
  },
  'POST webhook rotate-secret (unknown endpoint)': {
    capability: 'webhooks.manage',
    method: 'POST',
    path: () => `/api/v1/webhook-endpoints/${UNKNOWN}/rotate-secret`,
    ok: 404,
  },
};

const ids: Ids = {};
const callers = {} as Record<CallerKey, Caller>;
let ipSeq = 10;

function inject(caller: Caller, method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse> {
  return suite.t.app.inject({
    method,
    url,
    // Each caller its own address, so per-IP route limits never mix callers.
    remoteAddress: caller.ip,
    headers: caller.token ? { 'x-access-Token': caller.token } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** The viewer the shared table judges, read from the API's own answer about the account. */
async function callerFor(token: string, unlocked: boolean): Promise<Caller> {
  const caller: Caller = { token, viewer: null, ip: `10.9.0.${ipSeq++}` };
  const me = (await inject(caller, 'GET', '/api/v1/auths/me')).json().data as User;
  caller.viewer = {
    role: me.role.code,
    accountType: me.accountType,
    isSuperSubAdmin: me.isSuperSubAdmin,
    configurationUnlocked: unlocked || !me.configuration?.isPasswordProtected,
  };
  return caller;
}

async function accessAs(caller: Caller, targetId: string): Promise<string> {
  const res = await inject(caller, 'POST', `/api/v1/auths/access-account/${targetId}`);
  if (res.statusCode !== 200) throw new Error(`access-account failed: ${res.body}`);
  return res.json().data.accessToken as string;
}

async function idOf(email: string): Promise<string> {
  const [row] = await suite.t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`No demo account ${email}`);
  return row.id;
}

function expected(endpoint: Endpoint, key: CallerKey, caller: Caller): { status: number; code?: string } {
  if (!caller.viewer) return { status: 401, code: 'UNAUTHORIZED' };
  const decision = decide(caller.viewer, endpoint.capability);
  if (decision === 'audience') return { status: 403, code: 'FORBIDDEN' };
  if (decision === 'configuration-locked') return { status: 403, code: 'CONFIGURATION_LOCKED' };
  if (endpoint.reach && !endpoint.reach.includes(key)) return { status: 403, code: 'FORBIDDEN' };
  return { status: endpoint.ok };
}

const suite = suiteApp();
beforeAll(async () => {
  for (const email of [SA, SUPER_SUB, RESELLER, PARTNER, USER, OLIVER]) ids[email] = await idOf(email);
  ids.ava = await idOf('ava.nguyen@example.com');
  ids.emma = await idOf('emma.rodriguez@example.com');
  ids.oliver = ids[OLIVER] as string;

  callers.anonymous = { token: null, viewer: null, ip: '10.9.0.1' };
  callers['super admin'] = await callerFor(await suite.t.login(SA), false);
  callers['super sub-admin'] = await callerFor(await suite.t.login(SUPER_SUB), false);
  callers['protected sub-admin, locked'] = await callerFor(await suite.t.login(RESELLER), false);
  const unlocked = await callerFor(await suite.t.login(RESELLER), true);
  const unlock = await inject(unlocked, 'POST', '/api/v1/users/check-password', { password: DEMO_PASSWORD });
  expect(unlock.json().data).toEqual({ isUnlocked: true });
  callers['protected sub-admin, unlocked'] = unlocked;
  callers['referred sub-admin'] = await callerFor(await suite.t.login(PARTNER), false);
  callers.customer = await callerFor(await suite.t.login(USER), false);
  callers["referred sub-admin's customer"] = await callerFor(await suite.t.login(OLIVER), false);
  callers['super admin acting as super sub-admin'] = await callerFor(
    await accessAs(callers['super admin'], ids[SUPER_SUB] as string),
    false,
  );
  callers["super sub-admin acting as referred sub-admin's customer"] = await callerFor(
    await accessAs(callers['super sub-admin'], ids.oliver),
    false,
  );

  const stores = (await inject(callers['super sub-admin'], 'GET', '/api/v1/stores')).json().items as {
    id: string;
    name: string;
  }[];
  ids.downtown = stores.find((s) => s.name === 'Downtown LA')?.id as string;

  // An uploaded ID of the referred sub-admin's customer (the files of the upload step).
  const key = `documents/${ids.oliver}/matrix-photo-id`;
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  await suite.t.app.storage.put(key, png, 'image/png');
  const [doc] = await suite.t.database.db
    .insert(documents)
    .values({
      userId: ids.oliver,
      kind: 'photoId',
      idType: 'Passport',
      storageKey: key,
      contentType: 'image/png',
      size: png.length,
      sha256: 'matrix',
    })
    .returning({ id: documents.id });
  ids.oliverDocument = doc?.id as string;
});

describe('tenancy matrix: exact status per endpoint and caller, from the shared audience table', () => {
  const keys: CallerKey[] = [
    'anonymous',
    'super admin',
    'super sub-admin',
    'protected sub-admin, locked',
    'protected sub-admin, unlocked',
    'referred sub-admin',
    'customer',
    "referred sub-admin's customer",
    'super admin acting as super sub-admin',
    "super sub-admin acting as referred sub-admin's customer",
  ];
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    for (const key of keys) {
      it(`${name} as ${key}`, async () => {
        const caller = callers[key];
        const want = expected(endpoint, key, caller);
        const res = await inject(caller, endpoint.method, endpoint.path(ids), endpoint.body);
        const isJson = String(res.headers['content-type']).startsWith('application/json');
        const code = isJson ? (res.json().code as string | undefined) : undefined;
        // A refusal names its code; an allowed call answers its own status (and code, for a probe's 404/409/422).
        expect({ status: res.statusCode, code: want.code ?? code }).toEqual({ status: want.status, code });
        if (want.status === 200 && isJson) expect(res.json().isSuccess).toBe(true);
      });
    }
  }
});

describe('an acting session whose impersonator was deactivated', () => {
  let acting: Caller;

  beforeAll(async () => {
    const partner = { token: await suite.t.login(PARTNER), viewer: null, ip: '10.9.1.1' };
    acting = { token: await accessAs(partner, ids.oliver as string), viewer: null, ip: '10.9.1.2' };
    expect((await inject(acting, 'GET', '/api/v1/auths/me')).statusCode).toBe(200);
    const deactivate = await inject(callers['super admin'], 'PUT', `/api/v1/sub-admins/${ids[PARTNER]}`, {
      status: 'inactive',
    });
    expect(deactivate.statusCode).toBe(200);
  });

  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    it(`${name}: 401`, async () => {
      const res = await inject(acting, endpoint.method, endpoint.path(ids), endpoint.body);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    });
  }
});

it('the matrix covers every capability an endpoint declares', async () => {
  const declared = new Set(Object.values(ENDPOINTS).map((e) => e.capability));
  for (const name of [
    'account.self',
    'customers.read',
    'customers.write',
    'accounts.read',
    'accounts.access',
    'sub-admins.read',
    'sub-admins.write',
    'referred-clients.read',
    'audit.read',
    'stores.add',
    'configuration.stores',
    'configuration.unlock',
    'configuration.account-setting',
    'configuration.setting',
    'configuration.policy-terms',
    'configuration.customer-plans',
    'applications.read',
    'applications.review',
    'mailbox.compliance',
    'faqs.manage',
    'plans.read',
    'invoices.read',
    'invoices.own',
    'payment-methods.own',
    'payouts.read',
    'payouts.view',
    'payouts.manage',
    'plan-usage.read',
    'jobs.manage',
    'api-keys.manage',
    'webhooks.manage',
  ] as const) {
    expect(declared.has(name)).toBe(true);
  }
});
