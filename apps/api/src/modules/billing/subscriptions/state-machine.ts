import { dayKeyIn } from '@postwise/shared/time-zones';
import { BILLING_RULES, type SubscriptionStatusCode } from '@postwise/shared/billing';
import { addDaysInZone, dayOfMonthInZone, monthKeyInZone } from '../../../lib/time-zone';

/**
 * The subscription's states and transitions (spec 3, 4, 9) as pure functions: no database, no clock.
 *
 *   none ──purchase──▶ active ──renewal_succeeded──▶ active (next period)
 *                        │
 *                        └─renewal_failed──▶ active, past due (enteredPastDueAt; the invoice is still payable)
 *                                              │  late_fee_invoiced (every 7 days)
 *                                              └─reinstatement_invoiced (day 15)──▶ expired (isExpired)
 *   past due (active or expired) ├─cancel (day 60 unpaid)──▶ cancelled (isExpired)
 *                                └─reactivate (open invoices paid / resume)──▶ active
 *
 * Spec 9 gives 15 days of non-payment before reinstatement applies, and the renewal invoice is due 14 days after
 * it is issued: locking the customer out the day the card fails would contradict the due date the same screen
 * shows. So the subscription stays active (with the pending-invoice alert) until the reinstatement fee is invoiced,
 * and only then takes the spec's expired gate.
 *   expired | cancelled ──purchase──▶ active (a new plan)
 *   cancelled ──reactivate──▶ active
 */
export type PeriodValidity = 'month' | 'year';

export interface SubscriptionState {
  status: SubscriptionStatusCode;
  isExpired: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  enteredPastDueAt: Date | null;
  cancelledAt: Date | null;
  lateFeesCharged: number;
  reinstatementInvoicedAt: Date | null;
  /** Day of month (1-31) the periods are anchored to: every period end is computed from it, so short months do not drift. */
  billingAnchorDay: number | null;
}

export type SubscriptionEvent =
  | { type: 'purchase'; at: Date; validity: PeriodValidity }
  | { type: 'renewal_succeeded'; at: Date; validity: PeriodValidity }
  | { type: 'renewal_failed'; at: Date }
  | { type: 'late_fee_invoiced'; at: Date }
  | { type: 'reinstatement_invoiced'; at: Date }
  | { type: 'cancel'; at: Date }
  | { type: 'reactivate'; at: Date; validity: PeriodValidity };

export type BillingJobKind = 'renewal' | 'late_fee' | 'reinstatement' | 'cancel';

export const INITIAL_STATE: SubscriptionState = {
  status: 'none',
  isExpired: false,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  enteredPastDueAt: null,
  cancelledAt: null,
  lateFeesCharged: 0,
  reinstatementInvoicedAt: null,
  billingAnchorDay: null,
};

export class InvalidTransitionError extends Error {
  constructor(
    readonly from: SubscriptionStatusCode,
    readonly event: SubscriptionEvent['type'],
  ) {
    super(`A subscription that is ${from} cannot take ${event}`);
    this.name = 'InvalidTransitionError';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/**
 * The end of a period starting at `start`: the anchor day next month (clamped to the month's end) or next year, at
 * the same local time, on the calendar of `zone` (the billing time zone, billing/time-zones.ts; UTC when none is
 * given). The anchor defaults to the start's own local day; renewals pass the subscription's anchor so that a
 * subscription started on Jan 31 renews Feb 28, Mar 31, Apr 30 instead of drifting to the 28th. Across a
 * daylight-saving change the period is an hour shorter or longer, so a renewal keeps its local time of day.
 */
export function addPeriod(
  start: Date,
  validity: PeriodValidity,
  anchorDay: number | undefined = undefined,
  zone: string = 'UTC',
): Date {
  const day = anchorDay ?? dayOfMonthInZone(start, zone);
  const [y, m] = monthKeyInZone(start, zone).split('-').map(Number) as [number, number];
  const target = validity === 'month' ? { y, m: m + 1 } : { y: y + 1, m };
  const firstOfTarget = new Date(Date.UTC(target.y, target.m - 1, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  const key = `${firstOfTarget.toISOString().slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, '0')}`;
  const startKey = dayKeyIn(start, zone);
  return addDaysInZone(start, Math.round((Date.parse(key) - Date.parse(startKey)) / DAY_MS), zone);
}

function freshPeriod(at: Date, validity: PeriodValidity, zone: string): SubscriptionState {
  return {
    status: 'active',
    isExpired: false,
    currentPeriodStart: at,
    currentPeriodEnd: addPeriod(at, validity, undefined, zone),
    enteredPastDueAt: null,
    cancelledAt: null,
    lateFeesCharged: 0,
    reinstatementInvoicedAt: null,
    billingAnchorDay: dayOfMonthInZone(at, zone),
  };
}

/** The state after `event`, or InvalidTransitionError when the event does not apply to the state. */
export function transition(
  state: SubscriptionState,
  event: SubscriptionEvent,
  zone: string = 'UTC',
): SubscriptionState {
  const fail = () => new InvalidTransitionError(state.status, event.type);
  switch (event.type) {
    case 'purchase':
      if (state.status === 'active') throw fail();
      return freshPeriod(event.at, event.validity, zone);
    case 'renewal_succeeded': {
      if (state.status !== 'active' || !state.currentPeriodEnd || state.enteredPastDueAt) throw fail();
      const start = state.currentPeriodEnd;
      return {
        ...state,
        currentPeriodStart: start,
        currentPeriodEnd: addPeriod(start, event.validity, anchorDayOf(state, zone), zone),
      };
    }
    case 'renewal_failed':
      if (state.status !== 'active' || state.enteredPastDueAt) throw fail();
      return { ...state, enteredPastDueAt: event.at };
    case 'late_fee_invoiced':
      if (state.status !== 'expired' && !inGrace(state)) throw fail();
      return { ...state, lateFeesCharged: state.lateFeesCharged + 1 };
    case 'reinstatement_invoiced':
      if (!isPastDue(state) || state.reinstatementInvoicedAt) throw fail();
      if (inGrace(state)) return { ...state, status: 'expired', isExpired: true, reinstatementInvoicedAt: event.at };
      return { ...state, reinstatementInvoicedAt: event.at };
    case 'cancel':
      if (state.status !== 'expired' && state.status !== 'active') throw fail();
      return { ...state, status: 'cancelled', isExpired: true, cancelledAt: event.at };
    case 'reactivate':
      if (state.status !== 'expired' && state.status !== 'cancelled' && !inGrace(state)) throw fail();
      return freshPeriod(event.at, event.validity, zone);
  }
}

/** The subscription's anchor day: the stored one, else the day its current period started. */
export function anchorDayOf(
  state: Pick<SubscriptionState, 'billingAnchorDay' | 'currentPeriodStart'>,
  zone: string = 'UTC',
): number | undefined {
  if (state.billingAnchorDay) return state.billingAnchorDay;
  return state.currentPeriodStart ? dayOfMonthInZone(state.currentPeriodStart, zone) : undefined;
}

/** Spec 4: counts as active when status is active and the expired flag is not set. */
export function isActive(state: Pick<SubscriptionState, 'status' | 'isExpired'>): boolean {
  return state.status === 'active' && !state.isExpired;
}

/** Past due: the renewal failed and the subscription has not been paid since (still active in its grace, expired or cancelled). */
export function isPastDue(state: Pick<SubscriptionState, 'status' | 'enteredPastDueAt'>): boolean {
  return state.status !== 'none' && state.enteredPastDueAt !== null;
}

/** The days between a failed renewal and the reinstatement fee: past due, yet still active. */
export function inGrace(state: Pick<SubscriptionState, 'status' | 'enteredPastDueAt'>): boolean {
  return state.status === 'active' && state.enteredPastDueAt !== null;
}

/**
 * The billing jobs a state calls for (spec 9): the renewal at the period end while active; while past due a
 * late fee each week unpaid, the reinstatement fee after 15 days and termination after 60.
 */
export function scheduledJobs(state: SubscriptionState, zone: string = 'UTC'): { kind: BillingJobKind; runAt: Date }[] {
  if (state.status === 'active' && !state.enteredPastDueAt && state.currentPeriodEnd) {
    return [{ kind: 'renewal', runAt: state.currentPeriodEnd }];
  }
  if (!isPastDue(state) || !state.enteredPastDueAt) return [];
  const since = state.enteredPastDueAt;
  const jobs: { kind: BillingJobKind; runAt: Date }[] = [];
  if (state.status === 'expired' || inGrace(state)) {
    jobs.push({
      kind: 'late_fee',
      runAt: addDaysInZone(since, BILLING_RULES.lateFeeEveryDays * (state.lateFeesCharged + 1), zone),
    });
    jobs.push({ kind: 'cancel', runAt: addDaysInZone(since, BILLING_RULES.cancelAfterDays, zone) });
  }
  if (!state.reinstatementInvoicedAt) {
    jobs.push({ kind: 'reinstatement', runAt: addDaysInZone(since, BILLING_RULES.reinstatementAfterDays, zone) });
  }
  return jobs;
}

/** Whether a job that comes due still applies to the state it finds (jobs outlive the state that made them). */
export function jobApplies(state: SubscriptionState, kind: BillingJobKind, now: Date): boolean {
  switch (kind) {
    case 'renewal':
      return (
        state.status === 'active' &&
        state.enteredPastDueAt === null &&
        state.currentPeriodEnd !== null &&
        state.currentPeriodEnd <= now
      );
    case 'late_fee':
      return (
        (state.status === 'expired' || inGrace(state)) &&
        state.enteredPastDueAt !== null &&
        addDays(state.enteredPastDueAt, BILLING_RULES.lateFeeEveryDays * (state.lateFeesCharged + 1)) <= now
      );
    case 'reinstatement':
      return (
        isPastDue(state) &&
        !state.reinstatementInvoicedAt &&
        addDays(state.enteredPastDueAt!, BILLING_RULES.reinstatementAfterDays) <= now
      );
    case 'cancel':
      return (
        (state.status === 'expired' || inGrace(state)) &&
        state.enteredPastDueAt !== null &&
        addDays(state.enteredPastDueAt, BILLING_RULES.cancelAfterDays) <= now
      );
  }
}
