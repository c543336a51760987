import { useState } from 'react';
import { AlertTriangle, CreditCard, Plus, Star, Trash2 } from 'lucide-react';
import type { SavedPaymentMethod } from '@postwise/shared/billing';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageWithHeader } from '../../../components/ui/page-header';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { errorText, showPlanOrCardToast } from '../../../lib/toast';
import { useChangeDefaultPaymentMethod, usePaymentMethods, useRemovePaymentMethod } from '../api/payment-methods-api';
import { expiryText } from '../components/card-brand';
import { cardBrand } from '../../../lib/format';

/** Payment Methods (spec 2.1, 2.4): saved cards with brand, last 4 and expiry; add, set default, remove. */
export function PaymentMethodsPage() {
  const cards = usePaymentMethods();
  const changeDefault = useChangeDefaultPaymentMethod();
  const remove = useRemovePaymentMethod();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedPaymentMethod | null>(null);

  const makeDefault = (card: SavedPaymentMethod) =>
    changeDefault.mutate(card.id, {
      onSuccess: () =>
        showPlanOrCardToast(`${cardBrand(card.card.brand)} •••• ${card.card.last4} is now your default card`),
      onError: (error) => showPlanOrCardToast(errorText(error), 'error'),
    });
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        showPlanOrCardToast('Card removed');
        setRemoving(null);
      },
      onError: (error) => showPlanOrCardToast(errorText(error), 'error'),
    });
  };

  let body;
  if (cards.isPending) {
    body = (
      <SkeletonList
        count={2}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        itemClassName="h-36 w-full rounded-card"
      />
    );
  } else if (cards.isError) {
    body = (
      <Card>
        <QueryErrorState query={cards} title="Could not load your cards" icon={AlertTriangle} />
      </Card>
    );
  } else if (cards.data.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={CreditCard}
          title="No cards saved yet"
          description="Add a card to pay for your subscription, renewals and fees automatically."
          action={
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add card
            </Button>
          }
        />
      </Card>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Saved cards">
        {cards.data.map((card) => (
          <li key={card.id} data-testid="saved-card">
            <Card className="flex h-full flex-col gap-4 p-5">
              <div className="flex items-start justify-between gap-3">
                <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <CreditCard aria-hidden="true" className="size-6" />
                </span>
                {card.isDefault ? (
                  <Badge variant="success">
                    <Star aria-hidden="true" className="size-3" />
                    Default
                  </Badge>
                ) : null}
              </div>
              <div className="grid gap-0.5">
                <p className="font-semibold">
                  {cardBrand(card.card.brand)} <span className="tracking-wider">•••• {card.card.last4}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  Expires {expiryText(card.card.expMonth, card.card.expYear)}
                </p>
              </div>
              <div className="mt-auto flex flex-wrap gap-2">
                {!card.isDefault ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => makeDefault(card)}
                    loading={changeDefault.isPending && changeDefault.variables === card.id}
                  >
                    Set as default<span className="sr-only">: {card.card.last4}</span>
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setRemoving(card)}>
                  <Trash2 aria-hidden="true" />
                  Remove<span className="sr-only"> card ending {card.card.last4}</span>
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PageWithHeader
      title="Payment Methods"
      description="Cards used for your subscription, renewals and fees. The default card is charged automatically."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add card
        </Button>
      }
    >
      {body}
      <EnterCardDetailsDialog open={adding} onOpenChange={setAdding} />
      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove this card?</DialogTitle>
            <DialogDescription>
              {removing
                ? `${cardBrand(removing.card.brand)} ending ${removing.card.last4} will no longer be charged.${
                    removing.isDefault ? ' Your newest other card becomes the default.' : ''
                  }`
                : null}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              Keep card
            </Button>
            <Button variant="destructive" onClick={confirmRemove} loading={remove.isPending}>
              Remove card
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </PageWithHeader>
  );
}
