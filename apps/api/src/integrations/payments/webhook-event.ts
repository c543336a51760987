import type { ProviderEvent } from './payment-provider';

interface StripeLikeEvent {
  id: string;
  type: string;
  data?: { object?: Record<string, unknown> };
}

/** Reads Stripe's payment_intent.succeeded / payment_intent.payment_failed (the sandbox sends the same shape). */
export function toProviderEvent(event: StripeLikeEvent): ProviderEvent {
  const object = event.data?.object ?? {};
  const isIntent = object.object === 'payment_intent' || event.type.startsWith('payment_intent.');
  const lastError = (object.last_payment_error ?? null) as {
    code?: string;
    decline_code?: string;
    message?: string;
  } | null;
  let outcome: ProviderEvent['outcome'] = null;
  if (event.type === 'payment_intent.succeeded') outcome = 'succeeded';
  if (event.type === 'payment_intent.payment_failed') outcome = 'failed';
  const declineCode =
    lastError?.decline_code && lastError.decline_code !== 'generic_decline' ? lastError.decline_code : null;
  return {
    id: event.id,
    type: event.type,
    chargeId: isIntent && typeof object.id === 'string' ? object.id : null,
    outcome,
    failureCode: outcome === 'failed' ? (declineCode ?? lastError?.code ?? 'card_declined') : null,
    failureMessage: outcome === 'failed' ? (lastError?.message ?? 'Your card was declined.') : null,
    payload: event,
  };
}
