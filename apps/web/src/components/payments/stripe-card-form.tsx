import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { CARD_DIALOG_TEXT } from './card-messages';

export interface StripeCardFormProps {
  publishableKey: string;
  formId: string;
  onPaymentMethod: (paymentMethodId: string) => void;
  onError: (message: string) => void;
  disabled?: boolean;
  children?: ReactNode;
}

/** Stripe Elements' card field (postal code hidden, spec 5): the card goes to Stripe, we get a PaymentMethod id. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({
  formId,
  onPaymentMethod,
  onError,
  disabled,
  children,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [creating, setCreating] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || creating) return;
    const card = elements.getElement(CardElement);
    if (!card) {
      onError(CARD_DIALOG_TEXT.elementMissing);
      return;
    }
    setCreating(true);
    try {
      const { error, paymentMethod } = await stripe.createPaymentMethod({ type: 'card', card });
      // Stripe's own message (spec 8), e.g. "Your card number is incomplete."
      if (error) onError(error.message ?? CARD_DIALOG_TEXT.saveFailed);
      else onPaymentMethod(paymentMethod.id);
    } finally {
      setCreating(false);
    }
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="grid gap-4" aria-busy={creating || undefined}>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Card</span>
        <div className="rounded-lg border border-input px-3 py-3 shadow-xs">
          <CardElement options={{ hidePostalCode: true, disabled, style: { base: { fontSize: '16px' } } }} />
        </div>
      </div>
      {children}
    </form>
  );
}
