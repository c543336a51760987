import { useRef, useState } from 'react';
import { CreditCard } from 'lucide-react';
import { ERROR_CODES } from '@postwise/shared/api-types';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { cardBrand } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { newIdempotencyKey, useSavedCards } from '../api/shipping-api';

/** Server codes that mean "there is no card to charge yet": the card dialog opens (spec 9). */
const NEEDS_CARD = new Set<string>([ERROR_CODES.NO_CUSTOMER_ID, ERROR_CODES.NO_DEFAULT_PAYMENT_METHOD]);

/** Whether a purchase failed for want of a card to charge (then the card dialog asks for one). */
export function needsCard(error: unknown): boolean {
  return error instanceof ApiError && !!error.code && NEEDS_CARD.has(error.code);
}

/**
 * Buying a label, paid now by card or later: one idempotency key per attempt, and a purchase that stopped for want
 * of a card opens the card dialog and is finished once a card is saved.
 */
export function useLabelCheckout<T>({
  purchase,
  pending,
  onBought,
}: {
  /** What this attempt buys (the same text for the same attempt, e.g. "{rate}:{payment}") and how; null: nothing yet. */
  purchase: { for: string; buy: (idempotencyKey: string) => Promise<T> } | null;
  pending: boolean;
  onBought: (result: T) => void;
}) {
  const cards = useSavedCards();
  const [cardDialogOpen, setCardDialogOpen] = useState(false);
  // Whether saving a card should finish a purchase that stopped for want of one (not when added by choice).
  const retryAfterCard = useRef(false);
  // One key per attempt: a double click or a retry after a lost answer is charged once.
  const attempt = useRef<{ key: string; for: string } | null>(null);
  const defaultCard = cards.data?.find((c) => c.isDefault) ?? cards.data?.[0];

  const buy = async () => {
    if (!purchase || pending) return;
    if (attempt.current?.for !== purchase.for) attempt.current = { key: newIdempotencyKey(), for: purchase.for };
    try {
      const result = await purchase.buy(attempt.current.key);
      showSuccess('Label created');
      onBought(result);
    } catch (error) {
      if (needsCard(error)) {
        // Nothing was bought; a new attempt after the card is saved gets a new key.
        attempt.current = null;
        retryAfterCard.current = true;
        setCardDialogOpen(true);
        return;
      }
      showError(error);
    }
  };

  return {
    buy,
    cardDialogOpen,
    /** The "Pay now" option's hint: the card that will be charged. */
    cardHint: defaultCard
      ? `${cardBrand(defaultCard.card.brand)} ending ${defaultCard.card.last4}`
      : 'Add a card at checkout',
    /** Adding or changing the card by choice, under the payment options. */
    cardButton: (
      <Button
        type="button"
        variant="link"
        className="justify-self-start px-0"
        onClick={() => {
          retryAfterCard.current = false;
          setCardDialogOpen(true);
        }}
      >
        <CreditCard aria-hidden="true" />
        {defaultCard ? 'Use a different card' : 'Add a card'}
      </Button>
    ),
    cardDialog: (
      <EnterCardDetailsDialog
        open={cardDialogOpen}
        onOpenChange={setCardDialogOpen}
        onSaved={() => {
          if (retryAfterCard.current) void buy();
          retryAfterCard.current = false;
        }}
      />
    ),
  };
}
