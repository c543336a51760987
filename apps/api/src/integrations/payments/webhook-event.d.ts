import type { ProviderEvent } from './payment-provider';
interface StripeLikeEvent {
    id: string;
    type: string;
    data?: {
        object?: Record<string, unknown>;
    };
}
/** Reads Stripe's payment_intent.succeeded / payment_intent.payment_failed (the sandbox sends the same shape). */
export declare function toProviderEvent(event: StripeLikeEvent): ProviderEvent;
export {};
