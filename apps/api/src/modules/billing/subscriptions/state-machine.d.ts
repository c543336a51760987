import { type SubscriptionStatusCode } from '@postwise/shared/billing';
/**
 * The subscription's states and transitions (spec 3, 4, 9) as pure functions: no database, no clock.
 *
 *   none ──purchase──▶ active ──renewal_succeeded──▶ active (next period)
 *                        │
 *                        └─renewal_failed──▶ expired (past due: isExpired, enteredPastDueAt)
 *                                              │  late_fee_invoiced (every 7 days), reinstatement_invoiced (day 15)
 *                                              ├─cancel (day 60 unpaid)──▶ cancelled (isExpired)
 *                                              └─reactivate (open invoices paid / resume)──▶ active
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
export type SubscriptionEvent = {
    type: 'purchase';
    at: Date;
    validity: PeriodValidity;
} | {
    type: 'renewal_succeeded';
    at: Date;
    validity: PeriodValidity;
} | {
    type: 'renewal_failed';
    at: Date;
} | {
    type: 'late_fee_invoiced';
    at: Date;
} | {
    type: 'reinstatement_invoiced';
    at: Date;
} | {
    type: 'cancel';
    at: Date;
} | {
    type: 'reactivate';
    at: Date;
    validity: PeriodValidity;
};
export type BillingJobKind = 'renewal' | 'late_fee' | 'reinstatement' | 'cancel';
export declare const INITIAL_STATE: SubscriptionState;
export declare class InvalidTransitionError extends Error {
    readonly from: SubscriptionStatusCode;
    readonly event: SubscriptionEvent['type'];
    constructor(from: SubscriptionStatusCode, event: SubscriptionEvent['type']);
}
export declare function addDays(at: Date, days: number): Date;
/**
 * The end of a period starting at `start`: the anchor day next month (clamped to the month's end) or next year.
 * The anchor defaults to the start's own day; renewals pass the subscription's anchor so that a subscription
 * started on Jan 31 renews Feb 28, Mar 31, Apr 30 instead of drifting to the 28th.
 */
export declare function addPeriod(start: Date, validity: PeriodValidity, anchorDay?: number): Date;
/** The state after `event`, or InvalidTransitionError when the event does not apply to the state. */
export declare function transition(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState;
/** The subscription's anchor day: the stored one, else the day its current period started. */
export declare function anchorDayOf(state: Pick<SubscriptionState, 'billingAnchorDay' | 'currentPeriodStart'>): number | undefined;
/** Spec 4: counts as active when status is active and the expired flag is not set. */
export declare function isActive(state: Pick<SubscriptionState, 'status' | 'isExpired'>): boolean;
/** Past due: the renewal failed and the subscription has not been paid since (expired or cancelled). */
export declare function isPastDue(state: SubscriptionState): boolean;
/**
 * The billing jobs a state calls for (spec 9): the renewal at the period end while active; while past due a
 * late fee each week unpaid, the reinstatement fee after 15 days and termination after 60.
 */
export declare function scheduledJobs(state: SubscriptionState): {
    kind: BillingJobKind;
    runAt: Date;
}[];
/** Whether a job that comes due still applies to the state it finds (jobs outlive the state that made them). */
export declare function jobApplies(state: SubscriptionState, kind: BillingJobKind, now: Date): boolean;
