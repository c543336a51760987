import type { Plan } from './plans';

/** Subscription status of spec 3 (default none). */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'expired', 'cancelled'] as const;
export type SubscriptionStatusCode = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The billing cycle's timing (spec 9 fee text and contract terms): a late fee for every week an invoice stays
 * unpaid, the reinstatement fee after 15 days of non-payment, payment due within 14 days, and termination
 * (status cancelled) of a subscription left unpaid long after that.
 */
export const BILLING_RULES = {
  lateFeeEveryDays: 7,
  reinstatementAfterDays: 15,
  paymentDueDays: 14,
  cancelAfterDays: 60,
} as const;

/** GET subscriptions/my (spec 3 Subscription plus what the screens show). */
export interface MySubscription {
  status: SubscriptionStatusCode;
  isExpired: boolean;
  enteredPastDueAt: string | null;
  plan: Plan | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelledAt: string | null;
  scansRemaining: number;
  /** Scans bought with scan packages; they never expire. */
  topupScans: number;
  /**
   * The plan chosen while the mailbox application awaits approval (docs/decisions/003): nothing has been charged;
   * the first charge is taken when the application is approved. Null otherwise.
   */
  pendingPlan: Plan | null;
  planChosenAt: string | null;
}

export type PaymentProviderName = 'sandbox' | 'stripe';

/** GET paymentMethods/config: which card form the client shows. */
export interface PaymentsClientConfig {
  provider: PaymentProviderName;
  /** Stripe's publishable key (Stripe mode only). */
  publishableKey: string | null;
}

/** Saved payment method of spec 3. */
export interface SavedPaymentMethod {
  id: string;
  type: 'card';
  isDefault: boolean;
  providerPaymentMethodId: string;
  status: 'active';
  card: { brand: string; last4: string; expMonth: number; expYear: number };
  createdAt: string;
}

export const INVOICE_CATEGORIES = [
  'subscription',
  'topup',
  'reinstatement',
  'late_fee',
  'mail_request',
  'shipment',
] as const;
export type InvoiceCategory = (typeof INVOICE_CATEGORIES)[number];
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The spec's pending filter (`p_s=pending`) means open invoices. */
export const PENDING_INVOICE_QUERY = { key: 'p_s', value: 'pending' } as const;

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
}

export interface InvoiceParty {
  id: string;
  fullName: string;
  email: string;
}

/** Who issues an invoice: the platform's company, or the reseller's store for their customers (never a person). */
export interface InvoiceBusiness {
  name: string;
  addressLines: string[];
  email: string;
  phone: string | null;
}

/** Who pays, as the document names them: the company of a business mailbox besides the person. */
export interface InvoiceBilledTo {
  name: string;
  company: string | null;
  email: string;
  addressLines: string[];
}

/** When and how a paid invoice was paid ("Visa •••• 4242", "Shipping credit", "No charge"). */
export interface InvoicePayment {
  paidAt: string;
  method: string;
}

export interface Invoice {
  id: string;
  number: string;
  category: InvoiceCategory;
  status: InvoiceStatus;
  user: InvoiceParty;
  issuer: InvoiceParty | null;
  planName: string | null;
  lines: InvoiceLine[];
  subtotalCents: number;
  totalCents: number;
  currency: 'usd';
  periodStart: string | null;
  periodEnd: string | null;
  dueAt: string | null;
  paidAt: string | null;
  createdAt: string;
  /** Open and past its due date. */
  overdue: boolean;
  /** The document's parties and payment: on one invoice (detail, PDF, pay), null in lists. */
  issuedBy: InvoiceBusiness | null;
  billedTo: InvoiceBilledTo | null;
  payment: InvoicePayment | null;
}

export interface Transaction {
  id: string;
  invoiceId: string | null;
  invoiceNumber: string | null;
  user: InvoiceParty;
  amountCents: number;
  currency: 'usd';
  kind: 'charge' | 'refund';
  /** pending: the charge is with the payment provider right now (a few seconds), or being recovered. */
  status: 'pending' | 'succeeded' | 'failed';
  description: string;
  card: { brand: string; last4: string } | null;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: string;
}

/** The answer of POST subscriptions: the subscription now, and the paid invoice. */
export interface PurchaseResult {
  subscription: MySubscription;
  /** The paid invoice; null when the plan was only chosen, to be charged at approval (`awaitingApproval`). */
  invoice: Invoice | null;
  awaitingApproval: boolean;
}

/** Header a client sends so a retried purchase is charged once. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The order summary of a plan purchase, computed by the server (GET subscriptions/quote): what is charged
 * today and when the plan renews. No sales tax is collected on mailbox or scan plans, so taxCents is 0 today; the
 * field is kept so the summary shows a tax line the day one applies.
 */
export interface PurchaseQuote {
  planId: string;
  planName: string;
  validity: 'month' | 'year' | 'topup';
  /** "Monthly subscription", "Annual subscription" or "Scan package". */
  periodLabel: string;
  currency: string;
  priceCents: number;
  taxCents: number;
  /** What the card is charged now (price + tax); 0 while the mailbox application awaits approval. */
  chargedTodayCents: number;
  /** `now`, or `approval`: the first charge is taken when the mailbox application is approved (decision 003). */
  chargedWhen: 'now' | 'approval';
  /** The period this purchase pays for (null for a scan package). */
  periodStart: string | null;
  /** When the subscription renews at the same price (null for a scan package). */
  renewsAt: string | null;
}

export type PayoutStatus = 'pending' | 'approved' | 'paid';
export type PayoutLineCategory =
  'subscription' | 'mailbox_fee' | 'forward' | 'shipping_margin' | 'refund' | 'provider_fee' | 'platform_share';

/** GET payouts: a sub-admin's monthly payout statement (micro = 1/10,000 cent, kept so the terms add up). */
export interface Payout {
  id: string;
  subAdmin: { id: string; email: string; fullName: string };
  periodStart: string;
  periodEnd: string;
  grossCents: number;
  refundCents: number;
  providerFeeCents: number;
  providerFeeMicro: number;
  platformShareCents: number;
  platformShareMicro: number;
  shareBasisPoints: number;
  carryInMicro: number;
  carryOutMicro: number;
  payoutCents: number;
  currency: 'usd';
  status: PayoutStatus;
  reference: string | null;
  approvedAt: string | null;
  paidAt: string | null;
  createdAt: string;
}

/** GET payouts/{id}/lines: one line of a payout statement. */
export interface PayoutLine {
  id: string;
  category: PayoutLineCategory;
  description: string;
  invoiceId: string | null;
  transactionId: string | null;
  amountMicro: number;
  amountCents: number;
  occurredAt: string;
}
