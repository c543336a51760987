import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { EmailQueue } from '../../../integrations/mailer/email-queue';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import type { IntentJson, PaymentIntentRow } from '../schema/payment-intents';
import type { TransactionRow } from '../schema/transactions';

/** What the ledger needs: database, provider, clock (tests move it), log, and the purposes it can finish. */
export interface LedgerContext {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  emails?: EmailQueue;
  publicUrl?: string;
  purposes: PurposeRegistry;
}

/** What a purchase costs and what it is for, fixed when its intent is committed. */
export interface Priced {
  /** The whole price. */
  amountCents: number;
  /** What of it goes on the card (0: nothing to charge; the rest is credit or pay later). */
  cardCents: number;
  /** The card statement's text: fixed for the purchase, so every retry sends the same parameters. */
  description: string;
  /** Everything `fulfil` and recovery need, as JSON. */
  payload: IntentJson;
  metadata?: Record<string, string>;
}

/** Nothing to buy (the invoice is already paid): the answer, without an intent. */
export interface NothingToBuy {
  done: IntentJson;
}

export interface IntentDraft {
  id: string;
  userId: string;
  attempt: number;
  now: Date;
}

/**
 * One kind of purchase. The ledger runs it as: `open` (in the intent's own short transaction, under the payer's
 * billing lock) → `acquire` (the carrier, no transaction open) → the card (no transaction open) → `fulfil` or
 * `abandon` (one short transaction recording the outcome). Recovery runs the same steps from the committed intent
 * (`findAcquired` instead of `acquire`), so every function here must work from `intent.payload` alone.
 */
export interface Purpose<I = unknown> {
  readonly name: string;
  /** Checks, reserves (credit, the invoice being paid) and prices; throws AppError to refuse. */
  open(tx: Db, ctx: LedgerContext, input: I, intent: IntentDraft): Promise<Priced | NothingToBuy>;
  /** Buys from the carrier before the card is charged (labels). */
  acquire?(ctx: LedgerContext, intent: PaymentIntentRow): Promise<IntentJson>;
  /** Recovery: what the carrier sold for this intent's attempt, or null. */
  findAcquired?(ctx: LedgerContext, intent: PaymentIntentRow): Promise<IntentJson | null>;
  /** Gives back what `acquire` bought (voids the label); true when the carrier took it. */
  release?(ctx: LedgerContext, intent: PaymentIntentRow, acquired: IntentJson): Promise<boolean>;
  /**
   * Records what the purchase made, in the transaction that records the card's answer; answers the ids a replay
   * needs. An AppError thrown here (the thing can no longer be done) undoes the purchase: the card is refunded and
   * the label voided.
   */
  fulfil(
    tx: Db,
    ctx: LedgerContext,
    intent: PaymentIntentRow,
    paid: { transaction: TransactionRow | null; acquired: IntentJson | null },
  ): Promise<IntentJson>;
  /** The purchase failed or was undone: gives back what `open` reserved. */
  abandon?(tx: Db, ctx: LedgerContext, intent: PaymentIntentRow): Promise<void>;
  /** After the outcome is committed: receipts and e-mails (never money). */
  afterSettled?(ctx: LedgerContext, intent: PaymentIntentRow): Promise<void>;
}

/** The purposes an app knows, by name: areas above billing register theirs (labels, mail forwards) at start. */
export class PurposeRegistry {
  private readonly byName = new Map<string, Purpose<never>>();

  register<I>(purpose: Purpose<I>): void {
    this.byName.set(purpose.name, purpose as unknown as Purpose<never>);
  }

  get(name: string): Purpose<unknown> {
    const purpose = this.byName.get(name);
    if (!purpose) throw new Error(`No purpose "${name}" is registered with the ledger`);
    return purpose as unknown as Purpose<unknown>;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }
}
