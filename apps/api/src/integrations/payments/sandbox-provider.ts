import { createHash, randomBytes } from 'node:crypto';
import { cardBrand, luhnValid } from '@postwise/shared/schemas/billing';
import Stripe from 'stripe';
import {
  type AttachedCard,
  type CardToAttach,
  type ChargeRequest,
  type ChargeResult,
  IdempotencyMismatchError,
  PaymentDeclinedError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderRecordStore,
  type RefundResult,
  WebhookSignatureError,
} from './payment-provider';
import { toProviderEvent } from './webhook-event';

/** How a Stripe test card behaves (https://docs.stripe.com/testing); every other number is refused, as in test mode. */
type Behaviour =
  { attach: 'ok'; charge: 'ok' | { code: string; message: string } } | { attach: { code: string; message: string } };

const DECLINED = { code: 'card_declined', message: 'Your card was declined.' };
const INSUFFICIENT = { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };

export const SANDBOX_TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': { attach: 'ok', charge: 'ok' },
  '4000056655665556': { attach: 'ok', charge: 'ok' },
  '5555555555554444': { attach: 'ok', charge: 'ok' },
  '2223003122003222': { attach: 'ok', charge: 'ok' },
  '5200828282828210': { attach: 'ok', charge: 'ok' },
  '378282246310005': { attach: 'ok', charge: 'ok' },
  '6011111111111117': { attach: 'ok', charge: 'ok' },
  '4000000000000002': { attach: DECLINED },
  '4000000000009995': { attach: INSUFFICIENT },
  '4000000000009987': { attach: { code: 'lost_card', message: 'Your card was declined.' } },
  '4000000000000069': { attach: { code: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': { attach: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
  '4000000000000119': {
    attach: {
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  '4000000000000341': { attach: 'ok', charge: DECLINED },
};

const NON_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.';

/** The sandbox encodes what a saved card does when charged in its id, so nothing lives in memory. */
const CHARGE_FAILS_MARK = '_chargefail_';

export interface SandboxCharge extends ChargeRequest {
  result: ChargeResult;
}

/** The sandbox's fee on a charge, as Stripe's US card pricing: 2.9% + 30¢, rounded to the cent. */
export function sandboxFeeCents(amountCents: number): number {
  return Math.round((amountCents * 29) / 1000) + 30;
}

/** The parameters Stripe compares when a key is used again (everything the request carries). */
function chargeParams(request: ChargeRequest): Record<string, unknown> {
  return {
    customerId: request.customerId,
    paymentMethodId: request.paymentMethodId,
    amountCents: request.amountCents,
    currency: request.currency,
    description: request.description,
    metadata: Object.fromEntries(Object.entries(request.metadata ?? {}).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** Key order is not a difference (the durable record is jsonb, which orders keys its own way). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sameParams = (a: Record<string, unknown>, b: Record<string, unknown>) => canonical(a) === canonical(b);

/**
 * The embedded default: behaves like Stripe's test mode for Stripe's documented test numbers, keeps only brand,
 * last4 and expiry, and answers the same idempotency key with the same charge id. Webhooks use Stripe's
 * signature format with the configured secret.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  /** Every charge request (tests read it to prove a purchase was charged once). */
  readonly charges: SandboxCharge[] = [];
  /** Every refund request, by its idempotency key (tests read it to prove a refund was sent once). */
  readonly refunds: { chargeId: string; amountCents: number; idempotencyKey: string; result: RefundResult }[] = [];

  /**
   * `store`: where charges and refunds are recorded durably (the app passes its database, written outside every
   * transaction); without one (unit tests) they live in memory only.
   */
  constructor(
    private readonly webhookSecret: string,
    private readonly store?: ProviderRecordStore,
  ) {}

  async createCustomer(): Promise<{ customerId: string }> {
    return { customerId: `cus_sandbox_${randomBytes(9).toString('hex')}` };
  }

  async attachCard(_customerId: string, card: CardToAttach): Promise<AttachedCard> {
    if (card.kind !== 'sandbox-card') {
      throw new PaymentDeclinedError('invalid_request', 'The sandbox saves cards entered in its own card form.');
    }
    const number = card.number.replace(/\D/g, '');
    if (!luhnValid(number)) throw new PaymentDeclinedError('incorrect_number', 'Your card number is incorrect.');
    const behaviour = SANDBOX_TEST_CARDS[number];
    if (!behaviour) throw new PaymentDeclinedError('card_declined', NON_TEST_CARD);
    if (behaviour.attach !== 'ok') throw new PaymentDeclinedError(behaviour.attach.code, behaviour.attach.message);
    const chargeFails = 'charge' in behaviour && behaviour.charge !== 'ok';
    return {
      providerPaymentMethodId: `pm_sandbox${chargeFails ? CHARGE_FAILS_MARK : '_'}${randomBytes(9).toString('hex')}`,
      brand: cardBrand(number),
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  async detachCard(): Promise<void> {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const params = chargeParams(request);
    // Like Stripe: a key used again answers the first result, and only with the same parameters.
    const earlier = this.charges.find((c) => c.idempotencyKey === request.idempotencyKey);
    if (earlier) {
      if (!sameParams(chargeParams(earlier), params)) throw new IdempotencyMismatchError(request.idempotencyKey);
      return earlier.result;
    }
    const chargeId = `pi_sandbox_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
    let result: ChargeResult = request.paymentMethodId.includes(CHARGE_FAILS_MARK)
      ? { status: 'failed', chargeId, ...DECLINED }
      : { status: 'succeeded', chargeId };
    if (this.store) {
      const recorded = await this.store.put('charge', request.idempotencyKey, params, result);
      if (!sameParams(recorded.request, params)) throw new IdempotencyMismatchError(request.idempotencyKey);
      result = recorded.response as ChargeResult;
    }
    this.charges.push({ ...request, result });
    return result;
  }

  async retrieveCharge({ idempotencyKey }: ChargeRequest): Promise<ChargeResult | null> {
    const here = this.charges.find((c) => c.idempotencyKey === idempotencyKey)?.result;
    if (here || !this.store) return here ?? null;
    return ((await this.store.get('charge', idempotencyKey))?.response as ChargeResult | undefined) ?? null;
  }

  async chargeFee(charge: { chargeId: string; amountCents: number }): Promise<number | null> {
    return sandboxFeeCents(charge.amountCents);
  }

  async refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult> {
    const earlier = this.refunds.find((r) => r.idempotencyKey === idempotencyKey);
    if (earlier) return earlier.result;
    if (this.store) {
      const stored = await this.store.get('refund', idempotencyKey);
      if (stored) return stored.response as RefundResult;
    }
    const refundId = `re_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
    const charge = this.charges.find((c) => c.result.chargeId === chargeId);
    const refunded = this.refunds
      .filter((r) => r.chargeId === chargeId && r.result.status !== 'failed')
      .reduce((sum, r) => sum + r.amountCents, 0);
    // Like Stripe: never more than what is left of a charge this sandbox made (a charge from before a restart is
    // not in memory and is taken as large enough).
    const result: RefundResult =
      !Number.isInteger(amountCents) || amountCents <= 0
        ? { status: 'failed', refundId: null, code: 'invalid_amount', message: 'Refund amount must be positive.' }
        : charge && (charge.result.status !== 'succeeded' || refunded + amountCents > charge.amountCents)
          ? {
              status: 'failed',
              refundId: null,
              code: 'charge_already_refunded',
              message: 'The refund is more than what is left of the charge.',
            }
          : { status: 'succeeded', refundId };
    const recorded = this.store
      ? ((await this.store.put('refund', idempotencyKey, { chargeId, amountCents }, result)).response as RefundResult)
      : result;
    this.refunds.push({ chargeId, amountCents, idempotencyKey, result: recorded });
    return recorded;
  }

  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
    try {
      const event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
      return toProviderEvent(event as unknown as Parameters<typeof toProviderEvent>[0]);
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }

  /** A signed webhook as Stripe would send it (tests and local tools). */
  signWebhook(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }
}
