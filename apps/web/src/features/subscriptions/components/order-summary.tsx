import { useQuery } from '@tanstack/react-query';
import type { PurchaseQuote } from '@postwise/shared/billing';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/toast';
import { money, shortDate } from '../../../lib/format';
import { get } from '../../../lib/api-client';
import { subscriptionKeys } from '../api/subscriptions-api';

/** GET subscriptions/quote: the server's order summary of buying `plan` for `user` now. */
export function getPurchaseQuote(plan: string, user: string): Promise<PurchaseQuote> {
  return get<PurchaseQuote>('subscriptions/quote', { plan, user });
}

export function usePurchaseQuote(plan: string | null, user: string | null) {
  return useQuery({
    queryKey: [...subscriptionKeys.all, 'quote', plan, user] as const,
    queryFn: () => getPurchaseQuote(plan!, user!),
    enabled: !!plan && !!user,
    staleTime: 60_000,
  });
}

/**
 * The order summary of a plan purchase: plan, period, price, tax when there is any, what is charged
 * today and the renewal date, all as the server computed them.
 */
export function OrderSummary({ plan, user }: { plan: string | null; user: string | null }) {
  const quote = usePurchaseQuote(plan, user);
  if (!plan || !user) return null;
  if (quote.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the order summary" className="grid gap-2 rounded-card border p-4">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (quote.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorText(quote.error)}
      </p>
    );
  }
  const q = quote.data;
  const rows: [string, string][] = [
    ['Plan', q.planName],
    ['Period', q.periodLabel],
    ['Price', money(q.priceCents)],
  ];
  if (q.taxCents > 0) rows.push(['Tax', money(q.taxCents)]);
  return (
    <section
      aria-label="Order summary"
      data-testid="order-summary"
      className="grid gap-2 rounded-card border p-4 text-sm"
    >
      <h2 className="font-semibold">Order summary</h2>
      <dl className="grid gap-1.5">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t pt-2 font-semibold">
          <dt>Charged today</dt>
          <dd data-testid="charged-today">{money(q.chargedTodayCents)}</dd>
        </div>
        {q.chargedWhen === 'approval' ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Charged when your application is approved</dt>
            <dd data-testid="charged-at-approval">{money(q.priceCents + q.taxCents)}</dd>
          </div>
        ) : null}
        {q.renewsAt && q.chargedWhen === 'approval' ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Renews</dt>
            <dd>{q.validity === 'year' ? 'A year' : 'A month'} after approval</dd>
          </div>
        ) : q.renewsAt ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Renews</dt>
            <dd data-testid="renews-at">
              {shortDate(q.renewsAt)} at {money(q.priceCents + q.taxCents)}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
