import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { CreditCard, ShieldCheck } from 'lucide-react';
import type { SavedPaymentMethod } from '@postwise/shared/billing';
import { errorText, showPlanOrCardToast } from '../../lib/toast';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { Label } from '../ui/label';
import { Skeleton, SkeletonList } from '../ui/skeleton';
import { CARD_DIALOG_TEXT } from './card-messages';
import { usePaymentsConfig, useSavePaymentMethod, type SavePaymentMethodInput } from './payments-api';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js is only fetched in Stripe mode.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

export interface EnterCardDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the saved card (it is now the default), e.g. to retry a purchase. */
  onSaved?: (card: SavedPaymentMethod) => void;
  /** What the saved card pays for, e.g. the order summary of a plan purchase. */
  summary?: ReactNode;
}

/**
 * Enter Card Details (spec 2.8): the card form of the active provider, a consent checkbox that must be ticked
 * before Save Card is enabled, and a note that the card becomes the default. Toasts are 2 s, bottom-right.
 */
export function EnterCardDetailsDialog({ open, onOpenChange, onSaved, summary }: EnterCardDetailsDialogProps) {
  const formId = useId();
  const consentId = useId();
  const [consent, setConsent] = useState(false);
  // A refused card: the provider's message stays in the dialog (not only a 2 s toast) and the form keeps its values.
  const [declined, setDeclined] = useState<string | null>(null);
  const config = usePaymentsConfig(open);
  const save = useSavePaymentMethod();

  const close = (next: boolean) => {
    if (!next) {
      setConsent(false);
      setDeclined(null);
    }
    onOpenChange(next);
  };

  const submit = async (input: SavePaymentMethodInput) => {
    if (!consent || save.isPending) return;
    setDeclined(null);
    try {
      const card = await save.mutateAsync({ ...input, isDefault: true });
      if (!card) {
        showPlanOrCardToast(CARD_DIALOG_TEXT.saveFailed, 'error');
        return;
      }
      showPlanOrCardToast(CARD_DIALOG_TEXT.saved);
      close(false);
      onSaved?.(card);
    } catch (error) {
      setDeclined(errorText(error));
      showPlanOrCardToast(errorText(error), 'error');
    }
  };

  const consentBlock = (
    <div className="grid gap-3 rounded-lg bg-muted p-3">
      <div className="flex items-start gap-3">
        <Checkbox
          id={consentId}
          checked={consent}
          onCheckedChange={(v) => setConsent(v === true)}
          data-testid="card-consent"
          className="mt-0.5"
        />
        <Label htmlFor={consentId} className="text-sm leading-5 font-normal">
          {CARD_DIALOG_TEXT.consent}
        </Label>
      </div>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <CreditCard aria-hidden="true" className="size-4 shrink-0" />
        {CARD_DIALOG_TEXT.defaultNote}
      </p>
    </div>
  );

  let body;
  if (config.isPending) {
    body = <SkeletonList count={2} className="grid gap-4" itemClassName="h-10 w-full" />;
  } else if (config.isError) {
    body = <p className="text-sm text-destructive">{errorText(config.error)}</p>;
  } else if (config.data.provider === 'stripe' && config.data.publishableKey) {
    body = (
      <Suspense fallback={<Skeleton className="h-12 w-full" />}>
        <StripeCardForm
          publishableKey={config.data.publishableKey}
          formId={formId}
          disabled={save.isPending}
          onPaymentMethod={(paymentMethodId) => void submit({ paymentMethodId })}
          onError={(message) => showPlanOrCardToast(message, 'error')}
        >
          {consentBlock}
        </StripeCardForm>
      </Suspense>
    );
  } else {
    body = (
      <SandboxCardForm formId={formId} disabled={save.isPending} onSubmit={(card) => void submit({ card })}>
        {consentBlock}
      </SandboxCardForm>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="card-dialog">
        <DialogHeader>
          <DialogTitle>{CARD_DIALOG_TEXT.title}</DialogTitle>
          <DialogDescription>
            {config.data?.provider === 'sandbox'
              ? 'Test mode: use a Stripe test card such as 4242 4242 4242 4242 with any future date and CVC.'
              : 'Your card details go straight to our payment provider; we keep only the brand, last 4 digits and expiry.'}
          </DialogDescription>
        </DialogHeader>
        {summary}
        {body}
        {declined ? (
          <p
            role="alert"
            data-testid="card-declined"
            className="rounded-lg border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm text-destructive"
          >
            {declined}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={!consent || config.isPending || config.isError}
            loading={save.isPending}
            data-testid="save-card"
          >
            <ShieldCheck aria-hidden="true" />
            Save Card
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
