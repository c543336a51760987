import Stripe from 'stripe';
import {
  type AttachedCard,
  type CardToAttach,
  type ChargeRequest,
  type ChargeResult,
  PaymentDeclinedError,
  type PaymentProvider,
  type ProviderEvent,
  type RefundResult,
  WebhookSignatureError,
} from './payment-provider';
import { toProviderEvent } from './webhook-event';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Where the API lives; tests point these at a local fake. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  maxNetworkRetries?: number;
}

function declineCode(err: InstanceType<typeof Stripe.errors.StripeError>): string {
  const decline = err.decline_code && err.decline_code !== 'generic_decline' ? err.decline_code : undefined;
  return decline ?? err.code ?? 'card_declined';
}

/** Production payments through the official SDK: customers, PaymentMethods from Elements, off-session PaymentIntents. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 30_000,
      telemetry: false,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async createCustomer(input: { userId: string; email: string; name: string }): Promise<{ customerId: string }> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name || undefined, metadata: { userId: input.userId } },
      { idempotencyKey: `customer:${input.userId}` },
    );
    return { customerId: customer.id };
  }

  async attachCard(customerId: string, card: CardToAttach): Promise<AttachedCard> {
    // Card numbers never reach this server in Stripe mode: only a PaymentMethod id made by Stripe.js.
    if (card.kind !== 'payment-method') {
      throw new PaymentDeclinedError('invalid_request', 'Card details must be entered in the secure card field.');
    }
    try {
      const pm = await this.stripe.paymentMethods.attach(card.paymentMethodId, { customer: customerId });
      if (!pm.card) throw new PaymentDeclinedError('invalid_request', 'Only cards can be saved.');
      return {
        providerPaymentMethodId: pm.id,
        brand: pm.card.brand,
        last4: pm.card.last4,
        expMonth: pm.card.exp_month,
        expYear: pm.card.exp_year,
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError || err instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new PaymentDeclinedError(declineCode(err), err.message);
      }
      throw err;
    }
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (err) {
      // Already detached (or deleted at Stripe): nothing left to remove.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          off_session: true,
          confirm: true,
          description: request.description,
          // Recorded so an interrupted charge can be found again (retrieveCharge) without creating one.
          metadata: { ...request.metadata, idempotencyKey: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
      // requires_action (3-D Secure) cannot finish off-session: the customer must use another card.
      return {
        status: 'failed',
        chargeId: intent.id,
        code: intent.last_payment_error?.code ?? 'authentication_required',
        message: intent.last_payment_error?.message ?? 'Your card needs authentication. Please use another card.',
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        return {
          status: 'failed',
          chargeId: err.payment_intent?.id ?? null,
          code: declineCode(err),
          message: err.message,
        };
      }
      throw err;
    }
  }

  async refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: chargeId, amount: amountCents, metadata: { idempotencyKey } },
        { idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        return {
          status: 'failed',
          refundId: refund.id,
          code: refund.failure_reason ?? 'refund_failed',
          message: 'The card refund did not go through.',
        };
      }
      return { status: refund.status === 'succeeded' ? 'succeeded' : 'pending', refundId: refund.id };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        return { status: 'failed', refundId: null, code: err.code ?? 'invalid_request', message: err.message };
      }
      throw err;
    }
  }

  async chargeFee(charge: { chargeId: string; amountCents: number }): Promise<number | null> {
    // The fee Stripe kept is on the balance transaction of the PaymentIntent's charge.
    const intent = await this.stripe.paymentIntents.retrieve(charge.chargeId, {
      expand: ['latest_charge.balance_transaction'],
    });
    const latest = intent.latest_charge;
    const balance = latest && typeof latest !== 'string' ? latest.balance_transaction : null;
    return balance && typeof balance !== 'string' ? balance.fee : null;
  }

  async retrieveCharge(request: ChargeRequest): Promise<ChargeResult | null> {
    // Listed rather than created again (a create with the same key would charge if the first never arrived), and
    // listed by customer rather than searched: the list is read-after-write consistent, search can lag a minute.
    const key = request.idempotencyKey;
    let intent: Stripe.PaymentIntent | undefined;
    let seen = 0;
    // Newest first: an interrupted charge is minutes old, so it is among the customer's latest intents.
    for await (const candidate of this.stripe.paymentIntents.list({ customer: request.customerId, limit: 100 })) {
      if (candidate.metadata?.idempotencyKey === key) {
        intent = candidate;
        break;
      }
      if (++seen >= 1000) break;
    }
    if (!intent) return null;
    if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
    // Not final yet: the next recovery run asks again.
    if (intent.status === 'processing') throw new Error(`PaymentIntent ${intent.id} is still processing`);
    return {
      status: 'failed',
      chargeId: intent.id,
      code: intent.last_payment_error?.code ?? intent.status,
      message: intent.last_payment_error?.message ?? 'The payment did not complete.',
    };
  }

  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
    if (!this.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    try {
      const event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
      return toProviderEvent(event as unknown as Parameters<typeof toProviderEvent>[0]);
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }
}
