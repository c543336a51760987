import type { MySubscription } from '@postwise/shared/billing';
import type { Db } from '../../../db/client';
import type { PlanRow } from '../schema/plans';
import { type SubscriptionRow } from '../schema/subscriptions';
import { type SubscriptionEvent, type SubscriptionState } from './state-machine';
export declare function toState(row: SubscriptionRow | undefined): SubscriptionState;
export declare function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined>;
export declare function toMySubscription(db: Db, userId: string, row: SubscriptionRow | undefined): Promise<MySubscription>;
/** GET subscriptions/my: the caller's subscription (status none when they never bought one). */
export declare function getMySubscription(db: Db, userId: string): Promise<MySubscription>;
/**
 * Writes a transition and re-plans the subscription's billing jobs: pending jobs that no longer fit are
 * skipped, the ones the new state calls for are scheduled (idempotently, by subscription, kind and time).
 */
export declare function applyTransition(tx: Db, row: SubscriptionRow, event: SubscriptionEvent, extra?: Partial<Pick<SubscriptionRow, 'planId' | 'scansRemaining'>>): Promise<SubscriptionRow>;
/** The user's subscription row, created in state none when missing, locked for this transaction. */
export declare function lockSubscriptionRow(tx: Db, userId: string): Promise<SubscriptionRow>;
export declare function periodLabel(validity: PlanRow['validity']): string;
/** Open invoices of a subscription (renewal, late fees, reinstatement), oldest first. */
export declare function openSubscriptionInvoices(tx: Db, subscriptionId: string): Promise<{
    id: string;
    number: string;
    userId: string;
    issuerUserId: string | null;
    category: import("../schema/invoices").InvoiceCategory;
    subscriptionId: string | null;
    planId: string | null;
    lines: import("../schema/invoices").InvoiceLine[];
    subtotalCents: number;
    totalCents: number;
    currency: "usd";
    status: import("../schema/invoices").InvoiceStatus;
    periodStart: Date | null;
    periodEnd: Date | null;
    dueAt: Date | null;
    paidAt: Date | null;
    voidedAt: Date | null;
    payingIntentId: string | null;
    receiptSentAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
}[]>;
/**
 * After an invoice of a past-due subscription is paid: once nothing of it is open any more, the subscription
 * is active again for a new period from now (spec 4: paying the open invoices reactivates).
 */
export declare function reactivateIfSettled(tx: Db, subscriptionId: string, now: Date): Promise<boolean>;
