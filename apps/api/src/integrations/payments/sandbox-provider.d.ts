import { type AttachedCard, type CardToAttach, type ChargeRequest, type ChargeResult, type PaymentProvider, type ProviderEvent, type ProviderRecordStore, type RefundResult } from './payment-provider';
/** How a Stripe test card behaves (https://docs.stripe.com/testing); every other number is refused, as in test mode. */
type Behaviour = {
    attach: 'ok';
    charge: 'ok' | {
        code: string;
        message: string;
    };
} | {
    attach: {
        code: string;
        message: string;
    };
};
export declare const SANDBOX_TEST_CARDS: Readonly<Record<string, Behaviour>>;
export interface SandboxCharge extends ChargeRequest {
    result: ChargeResult;
}
/** The sandbox's fee on a charge, as Stripe's US card pricing: 2.9% + 30¢, rounded to the cent. */
export declare function sandboxFeeCents(amountCents: number): number;
/**
 * The embedded default: behaves like Stripe's test mode for Stripe's documented test numbers, keeps only brand,
 * last4 and expiry, and answers the same idempotency key with the same charge id. Webhooks use Stripe's
 * signature format with the configured secret.
 */
export declare class SandboxPaymentProvider implements PaymentProvider {
    private readonly webhookSecret;
    private readonly store?;
    readonly name: "sandbox";
    readonly publishableKey: null;
    /** Every charge request (tests read it to prove a purchase was charged once). */
    readonly charges: SandboxCharge[];
    /** Every refund request, by its idempotency key (tests read it to prove a refund was sent once). */
    readonly refunds: {
        chargeId: string;
        amountCents: number;
        idempotencyKey: string;
        result: RefundResult;
    }[];
    /**
     * `store`: where charges and refunds are recorded durably (the app passes its database, written outside every
     * transaction); without one (unit tests) they live in memory only.
     */
    constructor(webhookSecret: string, store?: ProviderRecordStore | undefined);
    createCustomer(): Promise<{
        customerId: string;
    }>;
    attachCard(_customerId: string, card: CardToAttach): Promise<AttachedCard>;
    detachCard(): Promise<void>;
    charge(request: ChargeRequest): Promise<ChargeResult>;
    retrieveCharge({ idempotencyKey }: ChargeRequest): Promise<ChargeResult | null>;
    chargeFee(charge: {
        chargeId: string;
        amountCents: number;
    }): Promise<number | null>;
    refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
    parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
    /** A signed webhook as Stripe would send it (tests and local tools). */
    signWebhook(payload: string): string;
}
export {};
