import type { PaymentChoice } from '@postwise/shared/schemas/shipping';
import { payLaterCreditText, payLaterVerdict, type PayLaterCreditView } from '@postwise/shared/shipping/pay-later';
import { cn } from '../../../lib/utils';

/**
 * Pay now or ship now, pay later. The pay-later credit left is shown before the choice, and pay later is disabled,
 * with the reason, when the chosen rate's price does not fit in it (the server refuses it anyway).
 */
export function PaymentOptions({
  credit,
  priceCents,
  cardHint,
  value,
  onChange,
}: {
  credit: PayLaterCreditView;
  /** The chosen rate's price; null while none is chosen. */
  priceCents: number | null;
  cardHint: string;
  value: PaymentChoice;
  onChange: (value: PaymentChoice) => void;
}) {
  const later = priceCents === null ? null : payLaterVerdict(credit, priceCents);
  const options = [
    { value: 'card' as const, title: 'Pay now', hint: cardHint, disabledReason: null },
    {
      value: 'later' as const,
      title: 'Ship now, pay later',
      hint: 'Added to your monthly invoice',
      disabledReason: later && !later.allowed ? later.reason : null,
    },
  ];
  return (
    <>
      <p className="text-sm text-muted-foreground" data-testid="pay-later-credit">
        Pay-later credit: <span className="font-semibold text-foreground">{payLaterCreditText(credit)}</span>
      </p>
      <div role="radiogroup" aria-label="Payment" className="grid gap-3 sm:grid-cols-2">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            aria-disabled={o.disabledReason ? true : undefined}
            aria-describedby={o.disabledReason ? `payment-${o.value}-reason` : undefined}
            data-testid={`payment-${o.value}`}
            onClick={() => {
              if (!o.disabledReason) onChange(o.value);
            }}
            className={cn(
              'grid gap-1 rounded-card border p-4 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              o.disabledReason
                ? 'cursor-not-allowed bg-muted/50 text-muted-foreground'
                : value === o.value
                  ? 'border-primary bg-primary-soft'
                  : 'hover:bg-muted',
            )}
          >
            <span className="font-semibold">{o.title}</span>
            {o.disabledReason ? (
              <span
                id={`payment-${o.value}-reason`}
                className="text-sm text-destructive"
                data-testid={`payment-${o.value}-reason`}
              >
                {o.disabledReason}
              </span>
            ) : (
              <span className="text-sm text-muted-foreground">{o.hint}</span>
            )}
          </button>
        ))}
      </div>
    </>
  );
}
