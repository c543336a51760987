/**
 * Analytics definitions (docs/decisions/012-analytics-definitions.md), as pure functions over subscription
 * facts. The SQL of service.ts applies the same rules in aggregate; these are the reference a unit test and a
 * finance person can check on a tiny fixture.
 */
export interface SubscriptionFact {
  userId: string;
  /** Plan price in cents and its validity; a yearly price counts a twelfth per month, top-ups are not recurring. */
  priceCents: number;
  validity: 'month' | 'year' | 'topup';
  startedAt: Date;
  /** When the subscription ended (cancelled), or null while it runs. */
  endedAt: Date | null;
}

/** Monthly-normalised price: month as is, year / 12 (rounded to the cent), top-up 0. */
export function monthlyCents(priceCents: number, validity: SubscriptionFact['validity']): number {
  if (validity === 'month') return priceCents;
  if (validity === 'year') return Math.round(priceCents / 12);
  return 0;
}

/** Active at a moment: started at or before it and not ended at or before it. */
export function activeAt(s: SubscriptionFact, at: Date): boolean {
  return s.startedAt <= at && (s.endedAt === null || s.endedAt > at);
}

/** MRR at a moment: the sum of the monthly-normalised prices of the subscriptions active at that moment. */
export function mrrAt(subs: readonly SubscriptionFact[], at: Date): number {
  return subs.filter((s) => activeAt(s, at)).reduce((sum, s) => sum + monthlyCents(s.priceCents, s.validity), 0);
}

/** New: subscriptions that started in [from, to). */
export function newIn(subs: readonly SubscriptionFact[], from: Date, to: Date): number {
  return subs.filter((s) => s.startedAt >= from && s.startedAt < to).length;
}

/** Churned: subscriptions active at the range's start that ended within [from, to). */
export function churnedIn(subs: readonly SubscriptionFact[], from: Date, to: Date): number {
  return subs.filter((s) => activeAt(s, from) && s.endedAt !== null && s.endedAt >= from && s.endedAt < to).length;
}
