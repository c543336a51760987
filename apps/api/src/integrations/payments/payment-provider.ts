import type { PaymentProviderName } from '@postwise/shared/billing';

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface AttachedCard extends CardSummary {
  providerPaymentMethodId: string;
}

/** What the client sends to save a card: our own sandbox form, or a Stripe Elements payment method id. */
export type CardToAttach =
  | { kind: 'sandbox-card'; number: string; expMonth: number; expYear: number; cvc: string }
  | { kind: 'payment-method'; paymentMethodId: string };

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: 'usd';
  /** Unique per attempt: the provider answers a repeated key with the first attempt's result. */
  idempotencyKey: string;
  description: string;
  metadata?: Record<string, string>;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'failed'; chargeId: string | null; code: string; message: string };

/** A refund's answer: `succeeded` or `pending` (the provider accepted it; money on its way), or refused. */
export type RefundResult =
  | { status: 'succeeded' | 'pending'; refundId: string }
  | { status: 'failed'; refundId: string | null; code: string; message: string };

/** Normalised webhook event: what billing needs from Stripe's payment_intent.* events. */
export interface ProviderEvent {
  id: string;
  type: string;
  chargeId: string | null;
  outcome: 'succeeded' | 'failed' | null;
  failureCode: string | null;
  failureMessage: string | null;
  payload: unknown;
}

/** The card was refused by the provider (a decline, an expired card, a wrong CVC): shown to the user as is. */
export class PaymentDeclinedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/**
 * The provider refused a repeated idempotency key because the parameters differ from the first request's (Stripe's
 * `idempotency_error`). Our charge path never does that; the error is kept distinct so a test would see it.
 */
export class IdempotencyMismatchError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(
      `Keys for idempotent requests can only be used with the same parameters they were first used with (${idempotencyKey}).`,
    );
    this.name = 'IdempotencyMismatchError';
  }
}

/**
 * Where a sandbox keeps what it did, outside every transaction of the app (each write commits on its own, like a
 * provider's record), so a restarted process can ask it what became of a key.
 */
export interface ProviderRecordStore {
  /** Records `response` for (kind, key) unless one is there; answers what is recorded (the first one wins). */
  put(
    kind: 'charge' | 'refund' | 'label' | 'void',
    key: string,
    request: Record<string, unknown>,
    response: Record<string, unknown>,
  ): Promise<{ request: Record<string, unknown>; response: Record<string, unknown> }>;
  get(
    kind: 'charge' | 'refund' | 'label' | 'void',
    key: string,
  ): Promise<{ request: Record<string, unknown>; response: Record<string, unknown> } | null>;
}

/** The webhook's signature did not verify. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The payment provider: Stripe in production, the sandbox as the embedded default. Card numbers reach only
 * the sandbox (our own test form); in the Stripe path the browser hands card data to Stripe directly.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Stripe's publishable key for Elements, or null for the sandbox form. */
  readonly publishableKey: string | null;
  createCustomer(input: { userId: string; email: string; name: string }): Promise<{ customerId: string }>;
  /** Saves a card on the customer; throws PaymentDeclinedError when the provider refuses it. */
  attachCard(customerId: string, card: CardToAttach): Promise<AttachedCard>;
  detachCard(paymentMethodId: string): Promise<void>;
  /** Charges a saved card off-session; a refusal is a `failed` result, other errors throw. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of a charge sent with this idempotency key (recovery of an interrupted charge): its result, or
   * null when the provider never received it. Never charges.
   */
  retrieveCharge(request: ChargeRequest): Promise<ChargeResult | null>;
  /**
   * Refunds part or all of a succeeded charge to its card. The provider answers a repeated idempotency key with the
   * first refund (a retry after a lost answer never refunds twice); a refusal is a `failed` result, other errors
   * throw (the outcome is then unknown and the same key must be retried).
   */
  refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /**
   * What the provider kept of a succeeded charge as its fee, in cents (Stripe: the charge's balance transaction fee;
   * the sandbox: 2.9% + 30¢), or null when it cannot say yet.
   */
  chargeFee(charge: { chargeId: string; amountCents: number }): Promise<number | null>;
  /** Verifies a webhook's signature and reads the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
}
