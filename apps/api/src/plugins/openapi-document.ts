/**
 * Finishes the OpenAPI document that @fastify/swagger builds from the route schemas, in one place rather than in
 * 170 route files: operation ids, parameter and response descriptions, the one failure answer, tag descriptions,
 * and no component nobody uses. Pure: takes the document, returns it completed (tested on its own).
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  responses?: Record<string, Json>;
  security?: unknown[];
}
interface Parameter extends Json {
  name: string;
  in: string;
  description?: string;
}
export interface OpenApiDocument extends Json {
  paths: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, Json>; responses?: Record<string, Json> };
  tags?: { name: string; description?: string }[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * Operation ids that read better than the derived ones (`deriveOperationId`), by "METHOD /path" as served.
 * Stable once published: a generated client calls these names.
 */
export const OPERATION_ID_OVERRIDES: Record<string, string> = {
  'GET /api/health': 'getHealth',
  'GET /api/v1/compliance/crd-export.csv': 'exportComplianceCrd',
  'GET /api/v1/compliance/closed-boxes': 'listComplianceClosedBoxes',
  'GET /api/v1/compliance/expiring-ids': 'listComplianceExpiringIds',
  'GET /api/v1/mail-senders': 'listMailSenders',
  'GET /api/v1/mail-senders/letter.pdf': 'getMailSenderLetter',
  'GET /api/v1/api-keys': 'listApiKeys',
  'GET /api/v1/webhook-endpoints': 'listWebhookEndpoints',
  'GET /api/v1/webhook-endpoints/{id}/deliveries': 'listWebhookDeliveries',
  'POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver': 'redeliverWebhookDelivery',
  'GET /api/v1/jobs': 'listJobs',
  'GET /api/v1/jobs/summary': 'getJobsSummary',
  'POST /api/v1/jobs/{queue}/{id}/retry': 'retryJob',
  'GET /api/ready': 'getReadiness',
  'GET /api/metrics': 'getMetrics',
  'POST /api/v1/auths/login': 'login',
  'POST /api/v1/auths/logout': 'logout',
  'GET /api/v1/auths/me': 'getMe',
  'POST /api/v1/auths/register/email': 'registerWithEmail',
  'POST /api/v1/auths/verify-otp': 'verifyOtp',
  'POST /api/v1/auths/resend-code': 'resendCode',
  'POST /api/v1/auths/forgot-password': 'forgotPassword',
  'POST /api/v1/auths/reset-password': 'resetPassword',
  'POST /api/v1/auths/update-password': 'updatePassword',
  'POST /api/v1/auths/account-type': 'chooseAccountType',
  'POST /api/v1/auths/account-info': 'saveAccountInfo',
  'POST /api/v1/auths/sign-form': 'signForm',
  'POST /api/v1/auths/upload-documents': 'uploadDocuments',
  'POST /api/v1/auths/access-account/{userId}': 'accessAccount',
  'POST /api/v1/auths/revert': 'revertAccountAccess',
  'POST /api/v1/profiles/switch-profile': 'switchProfile',
  'GET /api/v1/account-settings/profile': 'getAccountProfile',
  'PUT /api/v1/account-settings/profile': 'updateAccountProfile',
  'POST /api/v1/account-settings/profile/documents': 'replaceAccountDocument',
  'GET /api/v1/account-settings': 'getAccountSettings',
  'PUT /api/v1/account-settings/notifications': 'updateNotificationPreferences',
  'GET /api/v1/account-settings/export': 'exportAccountData',
  'POST /api/v1/account-settings/close': 'closeAccount',
  'GET /api/v1/plans/home': 'listPublicPlans',
  'GET /api/v1/subscriptions/my': 'getMySubscription',
  'GET /api/v1/subscriptions/quote': 'quoteSubscription',
  'POST /api/v1/subscriptions': 'buySubscription',
  'GET /api/v1/paymentMethods/config': 'getPaymentMethodConfig',
  'PUT /api/v1/paymentMethods/change-default/{id}': 'setDefaultPaymentMethod',
  'PATCH /api/v1/paymentMethods/change-default/{id}': 'setDefaultPaymentMethodPatch',
  'GET /api/v1/invoices/my': 'listMyInvoices',
  'GET /api/v1/invoices/pending/count': 'countPendingInvoices',
  'GET /api/v1/invoices/transactions': 'listTransactions',
  'GET /api/v1/invoices/{id}/pdf': 'getInvoicePdf',
  'POST /api/v1/payments/webhook': 'receivePaymentWebhook',
  'GET /api/v1/faqs/admin': 'listAllFaqs',
  'GET /api/v1/faqs': 'listPublishedFaqs',
  'POST /api/v1/users/contact': 'sendContactMessage',
  'POST /api/v1/users/subscribe': 'subscribeToNewsletter',
  'POST /api/v1/shipments/tracking/webhook': 'receiveTrackingWebhook',
  'GET /api/v1/shipments/track/public': 'trackShipmentPublic',
  'POST /api/v1/shipments/quotes': 'quoteShipment',
  'POST /api/v1/shipments': 'buyShipment',
  'GET /api/v1/shipments/summary': 'getShippingSummary',
  'GET /api/v1/shipments/{id}/full': 'getShipmentFull',
  'GET /api/v1/addresses/default': 'getDefaultAddress',
  'POST /api/v1/addresses/{id}/default': 'setDefaultAddress',
  'POST /api/v1/addresses/import': 'importAddresses',
  'GET /api/v1/addresses/import/template': 'getAddressImportTemplate',
  'GET /api/v1/packages': 'listPackagePresets',
  'POST /api/v1/packages': 'createPackagePreset',
  'GET /api/v1/packages/{id}': 'getPackagePreset',
  'PUT /api/v1/packages/{id}': 'updatePackagePreset',
  'DELETE /api/v1/packages/{id}': 'deletePackagePreset',
  'DELETE /api/v1/pickups/{id}': 'cancelPickup',
  'POST /api/v1/pickups': 'schedulePickup',
  'POST /api/v1/shipping-requests/{id}/quote': 'quoteShippingRequest',
  'POST /api/v1/shipping-requests/{id}/accept': 'acceptShippingRequest',
  'GET /api/v1/carriers': 'listCarriers',
  'PUT /api/v1/carriers': 'updateCarrier',
  'POST /api/v1/carriers/test': 'testCarrierConnection',
  'GET /api/v1/margin-discounts': 'listMarginDiscounts',
  'PUT /api/v1/margin-discounts': 'setMarginDiscount',
  'POST /api/v1/shipping-analysis': 'analyzeShipping',
  'GET /api/v1/documents/{documentId}/file': 'getDocumentFile',
  'GET /api/v1/users/logo': 'getUserLogos',
  'GET /api/v1/privacyPolicyAndTerms': 'getPrivacyPolicyAndTerms',
  'GET /api/v1/dev/outbox': 'listDevOutbox',
  'GET /api/v1/audit-logs': 'listAuditLogs',
  'GET /api/v1/accounts/{userId}/activity': 'listAccountActivity',
  'GET /api/v1/accounts/{userId}/subscription': 'getAccountSubscription',
  'GET /api/v1/analytics/summary': 'getAnalyticsSummary',
  'GET /api/v1/analytics/summary.csv': 'getAnalyticsSummaryCsv',
  'GET /api/v1/dashboard/super-admin': 'getSuperAdminDashboard',
  'GET /api/v1/dashboard/sub-admin': 'getSubAdminDashboard',
  'GET /api/v1/users/encrypted/{userId}': 'getConfigurationLock',
  'POST /api/v1/users/check-password': 'unlockConfiguration',
  'GET /api/v1/settings/account': 'getAccountSetting',
  'PUT /api/v1/settings/account': 'updateAccountSetting',
  'POST /api/v1/settings/logos/{kind}': 'uploadLogo',
  'DELETE /api/v1/settings/logos/{kind}': 'deleteLogo',
  'GET /api/v1/logos/{userId}/{fileId}': 'getLogoFile',
  'GET /api/v1/settings/profile': 'getSettingProfile',
  'PUT /api/v1/settings/profile': 'updateSettingProfile',
  'GET /api/v1/settings/policy-and-terms': 'getPolicyAndTerms',
  'PUT /api/v1/settings/policy-and-terms': 'updatePolicyAndTerms',
  'GET /api/v1/mailboxes/my': 'getMyMailbox',
  'GET /api/v1/mailboxes/{id}/labels': 'listMailboxItems',
  'POST /api/v1/mailboxes/{id}/labels': 'receiveMail',
  'GET /api/v1/mail-items/{id}/label': 'getMailItemLabel',
  'GET /api/v1/mail-items/{id}/photos/{index}': 'getMailItemPhoto',
  'GET /api/v1/mail-items/{id}/scan': 'getMailItemScan',
  'POST /api/v1/mail-items/{id}/requests': 'requestMailAction',
  'POST /api/v1/notifications/read': 'markNotificationsRead',
  'GET /api/v1/notifications/stream': 'streamNotifications',
  'GET /api/v1/payouts/{id}/lines': 'listPayoutLines',
  'GET /api/v1/payouts/{id}/csv': 'getPayoutCsv',
  'GET /api/v1/payouts/{id}/pdf': 'getPayoutPdf',
  'POST /api/v1/payouts/{id}/paid': 'markPayoutPaid',
  'GET /api/v1/plan-usage': 'getPlanUsage',
  'GET /json/countries.json': 'listCountries',
  'GET /json/states.json': 'listStates',
  'GET /json/cities.json': 'listCities',
};

/** Words that `singular` must leave as they are. */
const KEEP_PLURAL = new Set(['analytics', 'settings', 'account-settings', 'news', 'status']);

function pascal(segment: string): string {
  return segment
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

function singular(segment: string): string {
  if (KEEP_PLURAL.has(segment)) return segment;
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  if (segment.endsWith('sses') || segment.endsWith('xes')) return segment.slice(0, -2);
  if (segment.endsWith('s') && !segment.endsWith('ss')) return segment.slice(0, -1);
  return segment;
}

function isPagedAnswer(operation: Operation): boolean {
  const ok = operation.responses?.['200'] as { content?: Record<string, { schema?: Json }> } | undefined;
  const schema = ok?.content?.['application/json']?.schema as { properties?: Json } | undefined;
  return Boolean(schema?.properties && 'items' in schema.properties && 'pageNo' in schema.properties);
}

/**
 * camelCase from method and path: `GET /shipments` (paged) listShipments, `GET /shipments/{id}` getShipment,
 * `POST /shipments/{id}/void` voidShipment, `PUT /plans/{id}` updatePlan, `DELETE /faqs/{id}` deleteFaq.
 */
export function deriveOperationId(method: string, path: string, operation: Operation): string {
  const segments = path
    .replace(/^\/api\/v\d+\//, '/')
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean);
  const lastIsParam = segments.at(-1)?.startsWith('{') ?? false;
  const words = segments.filter((s) => !s.startsWith('{'));
  const last = words.at(-1) ?? 'root';
  const leading = words.slice(0, -1).map((w) => pascal(singular(w)));
  switch (method) {
    case 'get':
      if (isPagedAnswer(operation)) return `list${leading.join('')}${pascal(last)}`;
      return `get${[...leading, pascal(singular(last))].join('')}`;
    case 'put':
    case 'patch':
      return `update${[...leading, pascal(singular(last))].join('')}`;
    case 'delete':
      return `delete${[...leading, pascal(singular(last))].join('')}`;
    case 'post': {
      // A plural last word names a collection (create one); anything else is an action on what precedes it.
      if (lastIsParam || (last.endsWith('s') && !last.endsWith('ss'))) {
        return `create${[...leading, pascal(singular(last))].join('')}`;
      }
      const [verb, ...rest] = last.split('-');
      return `${verb}${[...leading, ...rest.map(pascal)].join('')}`;
    }
    default:
      return `${method}${[...leading, pascal(last)].join('')}`;
  }
}

/** What each answer means, by status, when a route does not say more. */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Done: the `{isSuccess: true, data}` envelope',
  '201': 'Created: the `{isSuccess: true, data}` envelope with the new record',
  '202': 'Accepted: the work continues in the background',
  '204': 'Done, nothing to answer',
  '304': 'Not modified: the copy the client holds (ETag) is current',
};
const PAGED_DESCRIPTION = 'One page: `{isSuccess: true, items, pageNo, pageSize, total}`';

/** The failure answers, each the one failure envelope (`ApiFailure`) with its meaning. */
const FAILURE_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Malformed request (unreadable JSON, wrong content type)' },
  '401': { name: 'Unauthorized', description: 'No session (or API key), or it expired' },
  '402': { name: 'PaymentFailed', description: 'The card payment failed' },
  '403': { name: 'Forbidden', description: 'Signed in, but this account may not do this' },
  '404': { name: 'NotFound', description: 'Not found, or not visible to the caller' },
  '409': { name: 'Conflict', description: 'Not possible in the current state (the message says why)' },
  '413': { name: 'TooLarge', description: 'The upload is too large' },
  '422': { name: 'ValidationFailed', description: 'Invalid input: `errors` maps each field to its message' },
  '429': { name: 'RateLimited', description: 'Too many requests: wait as the Retry-After header says' },
  '503': { name: 'Unavailable', description: 'A service the answer needs is unavailable' },
};
const DEFAULT_FAILURE = {
  name: 'Failure',
  description: 'Any other failure (e.g. 500): the failure envelope, never internals',
};

/** Tags as shown in the document's navigation. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  'account-settings': "The customer's own profile, documents, notification preferences, data export and closing",
  addresses: 'Address book of a shipping customer (senders and receivers), with CSV import',
  analytics: 'Analytics & Reports of the super admin',
  applications: 'Virtual-mailbox applications (USPS Form 1583) awaiting approval',
  audit: 'Audit log and account activity',
  auths: 'Sign-in, registration, codes, passwords, onboarding steps and account access',
  configuration: "A sub-admin's Configuration tab lock",
  customers: 'Customers of the super admin or of a sub-admin',
  dashboard: 'Live figures of the admin dashboards',
  dev: 'Development helpers (the dev outbox); absent in production',
  documents: 'Uploaded identity documents',
  faqs: 'Frequently asked questions',
  health: 'Liveness, readiness and metrics for operators and load balancers',
  invoices: 'Invoices, their PDFs and payment transactions',
  locations: 'Country, state and city lists for address forms',
  mail: 'Virtual mailbox: mail items, scans, photos and requests (forward, pickup, shred, junk)',
  notifications: 'In-app notifications and their live stream',
  onboarding: 'Public pages and onboarding support',
  packages: 'Saved package presets',
  push: 'Web Push: the VAPID key and the devices that receive push notifications',
  'payment methods': 'Saved cards',
  payments: 'Payment provider webhooks',
  payouts: 'Sub-admin payouts',
  pickups: 'Carrier pickups',
  plans: 'Subscription plans and scan packages',
  profiles: 'Customer profiles (shipping, mailbox)',
  'referred-clients': "A super sub-admin's referred clients",
  settings: "A sub-admin's settings: logos, own details, policy and terms",
  shipments: 'Quotes, labels, tracking and voids',
  'shipping analysis': 'Compare past shipments with our prices',
  'shipping requests': 'Custom quotes when no automatic rate fits',
  stores: 'Stores (mailbox locations) of sub-admins',
  'sub-admins': 'Resellers running stores and their own customers',
  subscriptions: 'Buying, resuming and reading subscriptions',
  users: 'Public forms and account lookups',
};

/** Words that describe a parameter wherever it appears; `{resource}` is the resource the path names. */
const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  'path id': 'The id of the {resource}',
  'path userId': 'The id of the user (account)',
  'path profileId': 'The id of the customer profile',
  'path documentId': 'The id of the uploaded document',
  'path deliveryId': 'The id of one delivery of the webhook endpoint',
  'path queue': 'The queue the job is on (email, webhook, ...)',
  'query state': 'Only jobs in this state (failed by default: the dead letters)',
  'query queue': 'Only jobs of this queue',
  'path fileId': 'The id of the stored file',
  'path index': 'Which photo, from 0 (front) in the order they were taken',
  'path kind': 'Which logo: light or dark',
  'query pageNo': 'Page number, from 1',
  'query pageSize': 'Rows per page',
  'query search': 'Text to search for (see the operation for the fields it matches)',
  'query status': 'Only rows with this status',
  'query from': 'First day of the range (YYYY-MM-DD, a Los Angeles day), inclusive',
  'query to': 'Last day of the range (YYYY-MM-DD, a Los Angeles day), inclusive',
  'query date': 'The day (YYYY-MM-DD, Los Angeles time) the labels were bought',
  'query userId': 'Only rows of this user (super admin)',
  'query format': 'File format of the answer',
  'query category': 'Only rows of this category',
  'query kind': 'Only rows of this kind',
  'query carrier': 'Only shipments of this carrier',
  'query accountType': 'Only customers with this account type',
  'query action': 'Only entries of this action',
  'query audience': 'Whose plans: customer plans or sub-admin plans',
  'query mode': 'Plans the caller manages, or plans for sale to the caller',
  'query folder': 'Which folder: inbox, archive or trash',
  'query isSuperSubAdmin': 'Only super sub-admins (true) or only the others (false)',
  'query limit': 'How many rows at most',
  'query ownerUserId': 'Only stores of this sub-admin (super admin)',
  'query p_s': 'Payment status filter, as the spec spells it',
  'query period': 'Only payouts of this period (YYYY-MM)',
  'query plan': 'The plan to quote',
  'query published': 'Only published (true) or unpublished (false) FAQs',
  'query role': 'Only clients with this role',
  'query scope': 'Whose transactions: billing (what the caller is billed) or issued (what the caller bills)',
  'query serverPaging': 'Page on the server (true) or answer every plan (false)',
  'query storeId': 'Only rows of this store',
  'query quarter': 'The quarter, as YYYY-Qn (e.g. 2026-Q3); the current one when left out',
  'query sender': 'The sender, as logged at intake',
  'query direction': 'in: moving mail to the mailbox when joining; out: moving it away when closing',
  'query subAdminId': 'Only payouts of this sub-admin (super admin)',
  'query trackingNumber': 'The carrier tracking number',
  'query type': 'Only requests of this type',
  'query unread': 'Only unread notifications',
  'query user': 'The customer the plan is bought for (an admin buying for a customer)',
  'query validity': 'Only plans of this billing period',
  'query width': 'Width in pixels of the WebP thumbnail: 160, 320, 640 or 1280',
  'query expires': 'Until when the signed link holds (Unix seconds), as the item answered it',
  'query signature': 'The signature of the link, as the item answered it',
  'query addressId': 'A saved address of the caller (address list) to forward to',
  'query name': 'Forwarding address written out: the name on it',
  'query companyName': 'Forwarding address written out: the company',
  'query line1': 'Forwarding address written out: address line 1',
  'query line2': 'Forwarding address written out: address line 2',
  'query city': 'Forwarding address written out: the city',
  'query zipCode': 'Forwarding address written out: the Zip Code',
  'query country': 'Forwarding address written out: the country',
  'query phone': 'Forwarding address written out: a 10-digit phone number',
  'query itemIds': 'The other items going in the same parcel, comma-separated ids',
  'query declaredValueCents': 'Value of the contents to insure, in cents',
  'header idempotency-key':
    'A key unique to this purchase (e.g. a UUID): a retry with the same key answers the first result and never ' +
    'charges twice',
};

function resourceOf(path: string): string {
  const words = path.split('/').filter((s) => s && !s.startsWith('{') && !/^(api|v\d+)$/.test(s));
  const owner = words.at(-1) ?? 'record';
  return singular(owner).replace(/[-_]/g, ' ');
}

function describeParameter(parameter: Parameter, path: string): string | undefined {
  const text = PARAMETER_DESCRIPTIONS[`${parameter.in} ${parameter.name}`];
  return text?.replace('{resource}', resourceOf(path.slice(0, path.indexOf(`{${parameter.name}}`)) || path));
}

function isFailureEnvelope(response: Json): boolean {
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  return content?.['application/json']?.schema?.$ref === '#/components/schemas/ApiFailure';
}

/** Every `$ref` target reachable from the paths (and from what they reach). */
function usedComponents(document: OpenApiDocument): Set<string> {
  const used = new Set<string>();
  const components = document.components ?? {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
        if (used.has(value)) continue;
        used.add(value);
        const [, , kind, name] = value.split('/');
        visit((components[kind!] as Record<string, unknown> | undefined)?.[name!]);
      } else {
        visit(value);
      }
    }
  };
  visit(document.paths);
  return used;
}

export function completeDocument(document: OpenApiDocument): OpenApiDocument {
  const components = (document.components ??= {});
  const responses = (components.responses ??= {});
  const failureRef = (failure: { name: string; description: string }) => {
    responses[failure.name] ??= {
      description: failure.description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiFailure' } } },
    };
    return { $ref: `#/components/responses/${failure.name}` };
  };

  const seenIds = new Map<string, string>();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;

      operation.operationId ??= OPERATION_ID_OVERRIDES[key] ?? deriveOperationId(method, path, operation);
      const clash = seenIds.get(operation.operationId);
      if (clash) throw new Error(`operationId ${operation.operationId} of ${key} is already used by ${clash}`);
      seenIds.set(operation.operationId, key);

      for (const tag of operation.tags ?? []) tags.add(tag);

      for (const parameter of operation.parameters ?? []) {
        parameter.description ??= describeParameter(parameter, path);
      }

      const answers = (operation.responses ??= {});
      for (const [status, response] of Object.entries(answers)) {
        const failure = FAILURE_RESPONSES[status];
        if (failure && isFailureEnvelope(response)) {
          answers[status] = failureRef(failure);
          continue;
        }
        if (response.description === 'Default Response' || !response.description) {
          response.description =
            status === '200' && isPagedAnswer(operation)
              ? PAGED_DESCRIPTION
              : (RESPONSE_DESCRIPTIONS[status] ?? failure?.description ?? `HTTP ${status}`);
        }
      }
      answers.default ??= failureRef(DEFAULT_FAILURE);
    }
  }

  document.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));

  // zod registers an input and an output variant of every named schema; keep the ones the paths use.
  const used = usedComponents(document);
  for (const kind of ['schemas', 'responses'] as const) {
    const entries = components[kind];
    if (!entries) continue;
    for (const name of Object.keys(entries)) {
      if (!used.has(`#/components/${kind}/${name}`)) delete entries[name];
    }
  }
  return document;
}
