import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { ChargeRequest, ChargeResult } from '../../../integrations/payments/payment-provider';
import { type AppError, appError, conflict, isAppError, validationFailed } from '../../../lib/errors';
import { type IntentJson, type PaymentIntentRow, paymentIntents } from '../schema/payment-intents';
import { type TransactionRow, transactions } from '../schema/transactions';
import { findCustomer, findDefaultPaymentMethod, lockBillingUser } from './payers';
import type { LedgerContext, Purpose } from './purposes';
import { refundCharge } from './refund';

export const NO_CUSTOMER_MESSAGE = 'No customer id found. Please add a card to continue.';
export const NO_DEFAULT_CARD_MESSAGE = 'No default payment method found. Please add a card to continue.';
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'This Idempotency-Key was already used for a different request. Send a new key for a new request.';
export const INTENT_IN_PROGRESS_MESSAGE = 'This payment is already in progress. Try again in a moment.';
export const PROVIDER_UNAVAILABLE_MESSAGE =
  'The payment provider did not answer. Your payment is checked and completed or cancelled within two minutes; nothing is charged twice.';
export const INTERRUPTED = {
  code: 'interrupted',
  message: 'The payment was interrupted before it reached the card network. Nothing was charged.',
};

/** A pending intent older than this is taken as interrupted (its process died) and settled by asking the provider. */
export const INTENT_STALE_MS = 60_000;
/** How long a retry of a purchase still in flight waits for it (holding nothing) before answering 409. */
const SAME_INTENT_WAIT_MS = 10_000;
const SAME_INTENT_POLL_MS = 50;

/** One purchase as a caller asks for it. */
export interface IntentRequest<I> {
  purpose: Purpose<I>;
  /** Who pays. */
  userId: string;
  /** The purchase's identity: a retry carries the same key (the client's Idempotency-Key, or one derived). */
  requestKey: string;
  /** What was asked, as the client sent it: the same key with another body is refused (422), as Stripe does. */
  body: unknown;
  input: I;
}

export type ChargeOutcome =
  | { status: 'succeeded'; intent: PaymentIntentRow | null; result: IntentJson; replayed: boolean }
  | { status: 'failed'; intent: PaymentIntentRow; code: string; message: string };

/** A canonical hash of a request body (keys sorted), to tell a retry from another request under the same key. */
export function bodyHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, canonical(v)]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body) ?? null))
    .digest('hex');
}

type Opened =
  | { kind: 'opened'; intent: PaymentIntentRow }
  | { kind: 'settled'; outcome: ChargeOutcome }
  | { kind: 'in-flight'; intent: PaymentIntentRow };

/**
 * Phase 1, inside the caller's transaction: answers a purchase already made, or commits its intent (and the card
 * attempt with the exact parameters the provider will get). The caller's transaction must commit before
 * `driveIntent` runs; jobs that create what they charge (a renewal's invoice) call this inside their own.
 */
export async function openIntent<I>(tx: Db, ctx: LedgerContext, request: IntentRequest<I>): Promise<Opened> {
  await lockBillingUser(tx, request.userId);
  const now = ctx.now();
  const hash = bodyHash(request.body);
  const [existing] = await tx
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.requestKey, request.requestKey))
    .for('update');
  if (existing) {
    if (existing.bodyHash !== hash || existing.purpose !== request.purpose.name || existing.userId !== request.userId) {
      throw validationFailed(IDEMPOTENCY_MISMATCH_MESSAGE, { idempotencyKey: IDEMPOTENCY_MISMATCH_MESSAGE });
    }
    if (existing.status === 'succeeded') {
      return {
        kind: 'settled',
        outcome: { status: 'succeeded', intent: existing, result: existing.result ?? {}, replayed: true },
      };
    }
    // In flight, or failed with a label not yet given back: only this purchase waits; the payer's others go on.
    if (existing.status === 'pending' || (existing.acquired && !existing.releasedAt)) {
      return { kind: 'in-flight', intent: existing };
    }
  }

  const id = existing?.id ?? randomUUID();
  const attempt = (existing?.attempts ?? 0) + 1;
  const priced = await request.purpose.open(tx, ctx, request.input, { id, userId: request.userId, attempt, now });
  if ('done' in priced) {
    return { kind: 'settled', outcome: { status: 'succeeded', intent: null, result: priced.done, replayed: true } };
  }
  const values = {
    userId: request.userId,
    purpose: request.purpose.name,
    requestKey: request.requestKey,
    bodyHash: hash,
    amountCents: priced.amountCents,
    cardCents: priced.cardCents,
    description: priced.description,
    payload: priced.payload,
    acquired: null,
    releasedAt: null,
    status: 'pending' as const,
    attempts: attempt,
    transactionId: null,
    result: null,
    failureCode: null,
    failureMessage: null,
    updatedAt: now,
    settledAt: null,
  };
  let [intent] = existing
    ? await tx.update(paymentIntents).set(values).where(eq(paymentIntents.id, id)).returning()
    : await tx
        .insert(paymentIntents)
        .values({ id, ...values, createdAt: now })
        .returning();

  if (priced.cardCents > 0) {
    const customer = await findCustomer(tx, request.userId, ctx.payments.name);
    if (!customer) throw conflict(NO_CUSTOMER_MESSAGE, 'NO_CUSTOMER_ID');
    const card = await findDefaultPaymentMethod(tx, request.userId);
    if (!card || card.provider !== ctx.payments.name) {
      throw conflict(NO_DEFAULT_CARD_MESSAGE, 'NO_DEFAULT_PAYMENT_METHOD');
    }
    const providerRequest: ChargeRequest = {
      customerId: customer.providerCustomerId,
      paymentMethodId: card.providerPaymentMethodId,
      amountCents: priced.cardCents,
      currency: 'usd',
      // Derived from the intent and the attempt only: every send of this attempt uses it with these parameters.
      idempotencyKey: `pi:${id}#${attempt}`,
      description: priced.description,
      metadata: { userId: request.userId, intentId: id, purpose: request.purpose.name, ...priced.metadata },
    };
    const invoiceId = typeof priced.payload.invoiceId === 'string' ? priced.payload.invoiceId : null;
    const planId = typeof priced.payload.planId === 'string' ? priced.payload.planId : null;
    const [attemptRow] = await tx
      .insert(transactions)
      .values({
        intentId: id,
        invoiceId,
        planId,
        userId: request.userId,
        paymentMethodId: card.id,
        amountCents: priced.cardCents,
        currency: 'usd',
        kind: 'charge',
        status: 'pending',
        description: priced.description,
        provider: ctx.payments.name,
        requestKey: request.requestKey,
        idempotencyKey: providerRequest.idempotencyKey,
        providerRequest: providerRequest as unknown as Record<string, unknown>,
        createdAt: now,
      })
      .returning();
    [intent] = await tx
      .update(paymentIntents)
      .set({ transactionId: attemptRow!.id })
      .where(eq(paymentIntents.id, id))
      .returning();
  }
  return { kind: 'opened', intent: intent! };
}

/**
 * THE way money is taken: labels, forwards, quote approvals, plan purchases and top-ups, renewals, invoice payments
 * and the charge on approval all come here. Commit the intent → buy from the carrier, if the purpose does → charge
 * the card with the intent's key and frozen parameters → record the outcome and what it paid for in one
 * transaction. No database transaction is open during a provider call. A retry (same request key and body) answers
 * the first purchase; the same key with another body is refused with 422. `actor` is who asked (logged).
 */
export async function charge<I>(
  ctx: LedgerContext,
  actor: { userId: string } | null,
  request: IntentRequest<I>,
): Promise<ChargeOutcome> {
  // Known to this process's recovery even if its area forgot to register it at start.
  if (!ctx.purposes.has(request.purpose.name)) ctx.purposes.register(request.purpose);
  const deadline = Date.now() + SAME_INTENT_WAIT_MS;
  for (;;) {
    const opened = await ctx.db.transaction((tx) => openIntent(tx, ctx, request));
    if (opened.kind === 'settled') return opened.outcome;
    if (opened.kind === 'opened') {
      ctx.log.info(
        { intentId: opened.intent.id, purpose: request.purpose.name, by: actor?.userId ?? 'system' },
        'payment intent opened',
      );
      return driveIntent(ctx, opened.intent);
    }
    // The same purchase is in flight: wait for it, holding nothing; a stale one (its process died) is settled here.
    if (ctx.now().getTime() - opened.intent.updatedAt.getTime() >= INTENT_STALE_MS) {
      if (opened.intent.status === 'pending') await recoverIntent(ctx, opened.intent);
      else await releaseQuietly(ctx, request.purpose as Purpose, opened.intent, opened.intent.acquired!);
      if (Date.now() > deadline) throw appError('CONFLICT', INTENT_IN_PROGRESS_MESSAGE);
      continue;
    }
    if (Date.now() > deadline) throw appError('CONFLICT', INTENT_IN_PROGRESS_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, SAME_INTENT_POLL_MS));
  }
}

async function loadIntent(db: Db, id: string): Promise<PaymentIntentRow> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  if (!row) throw new Error(`payment intent ${id} vanished`);
  return row;
}

async function loadAttempt(db: Db, intent: PaymentIntentRow): Promise<TransactionRow | null> {
  if (!intent.transactionId) return null;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, intent.transactionId));
  return row ?? null;
}

/** Phases 2 and 3 for a committed intent: the carrier, the card, then the record. */
export async function driveIntent(ctx: LedgerContext, committed: PaymentIntentRow): Promise<ChargeOutcome> {
  const purpose = ctx.purposes.get(committed.purpose);
  let intent = committed;
  if (purpose.acquire && !intent.acquired) {
    let acquired: IntentJson;
    try {
      acquired = await purpose.acquire(ctx, intent);
    } catch (err) {
      // The carrier refused (an AppError or its own message): nothing was bought, nothing is charged.
      if (isAppError(err) || (err as Error).name === 'CarrierError') {
        await settle(ctx, intent.id, { result: notSent((err as Error).message), acquired: null, abort: true });
        throw err;
      }
      // No answer: whether a label was bought is unknown until recovery asks the carrier.
      throw unavailable(err);
    }
    const [saved] = await ctx.db
      .update(paymentIntents)
      .set({ acquired, updatedAt: ctx.now() })
      .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'pending')))
      .returning();
    // Settled meanwhile (recovery took it as interrupted): the label just bought goes back.
    if (!saved) {
      await releaseQuietly(ctx, purpose, intent, acquired);
      return outcomeOf(await loadIntent(ctx.db, intent.id), false);
    }
    intent = saved;
  }

  let result: ChargeResult | null = null;
  const attempt = await loadAttempt(ctx.db, intent);
  if (attempt?.status === 'pending') {
    try {
      result = await ctx.payments.charge(attempt.providerRequest as unknown as ChargeRequest);
    } catch (err) {
      // Unknown outcome: the intent stays pending and recovery asks the provider (never a second charge).
      throw unavailable(err);
    }
  }
  return settle(ctx, intent.id, { result, acquired: intent.acquired });
}

function unavailable(cause: unknown): AppError {
  const err = appError('SERVICE_UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE);
  (err as Error & { cause?: unknown }).cause = cause;
  return err;
}

function notSent(message: string): ChargeResult {
  return { status: 'failed', chargeId: null, code: 'not_charged', message };
}

/** Writes the provider's answer on a pending attempt (once). */
async function recordAttempt(tx: Db, attempt: TransactionRow, result: ChargeResult): Promise<TransactionRow> {
  const [row] = await tx
    .update(transactions)
    .set({
      status: result.status,
      providerChargeId: result.chargeId,
      failureCode: result.status === 'failed' ? result.code : null,
      failureMessage: result.status === 'failed' ? result.message : null,
    })
    .where(and(eq(transactions.id, attempt.id), eq(transactions.status, 'pending')))
    .returning();
  return row ?? (await tx.select().from(transactions).where(eq(transactions.id, attempt.id)))[0]!;
}

interface Undo {
  refund: TransactionRow | null;
  release: IntentJson | null;
}

/**
 * Phase 3: one transaction records the card's answer and what the purchase made (or gives back what it reserved),
 * then, after the commit, what must go back to a provider goes back: a label voided, a charge refunded.
 */
async function settle(
  ctx: LedgerContext,
  intentId: string,
  answer: { result: ChargeResult | null; acquired: IntentJson | null; abort?: boolean },
): Promise<ChargeOutcome> {
  const now = ctx.now();
  let refused: AppError | null = null;
  const undo: Undo = { refund: null, release: null };
  const intent = await ctx.db.transaction(async (tx) => {
    const [peek] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
    await lockBillingUser(tx, peek!.userId);
    const [current] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId)).for('update');
    const purpose = ctx.purposes.get(current!.purpose);
    const attemptRow = await loadAttempt(tx, current!);
    const attempt = attemptRow && answer.result ? await recordAttempt(tx, attemptRow, answer.result) : attemptRow;

    if (current!.status !== 'pending') {
      // Settled meanwhile. A charge that went through after recovery had given it up is not kept: refunded.
      if (
        attemptRow?.status === 'failed' &&
        attemptRow.failureCode === INTERRUPTED.code &&
        answer.result?.status === 'succeeded'
      ) {
        const [late] = await tx
          .update(transactions)
          .set({
            status: 'succeeded',
            providerChargeId: answer.result.chargeId,
            failureCode: null,
            failureMessage: null,
          })
          .where(eq(transactions.id, attemptRow.id))
          .returning();
        undo.refund = late!;
        ctx.log.warn({ intentId, transactionId: attemptRow.id }, 'late charge of an undone purchase: refunding it');
      }
      return current!;
    }

    const declined = answer.abort || (attempt && attempt.status === 'failed');
    if (!declined) {
      try {
        const made = await tx.transaction((savepoint) =>
          purpose.fulfil(savepoint, ctx, current!, { transaction: attempt, acquired: answer.acquired }),
        );
        const [done] = await tx
          .update(paymentIntents)
          .set({ status: 'succeeded', result: made, acquired: answer.acquired, updatedAt: now, settledAt: now })
          .where(eq(paymentIntents.id, intentId))
          .returning();
        return done!;
      } catch (err) {
        // What was paid for can no longer be done (or cannot be written: a constraint, a trigger): the purchase is
        // undone (card refunded, label voided) and the failure recorded, never a charge without a record.
        if (!isAppError(err)) ctx.log.error({ err, intentId }, 'purchase could not be recorded; undoing it');
        refused = isAppError(err) ? err : appError('INTERNAL_ERROR', 'Server error');
        if (attempt?.status === 'succeeded') undo.refund = attempt;
      }
    }
    if (purpose.abandon) await purpose.abandon(tx, ctx, current!);
    if (answer.acquired) undo.release = answer.acquired;
    const failure = refused
      ? { code: refused.code, message: refused.message }
      : answer.abort && answer.result?.status === 'failed'
        ? { code: answer.result.code, message: answer.result.message }
        : {
            code: attempt?.failureCode ?? 'card_declined',
            message: attempt?.failureMessage ?? 'Your card was declined.',
          };
    const [failed] = await tx
      .update(paymentIntents)
      .set({
        status: 'failed',
        acquired: answer.acquired,
        // Nothing to give back: marked released so only real labels wait for a void.
        releasedAt: answer.acquired ? null : now,
        failureCode: failure.code,
        failureMessage: failure.message,
        updatedAt: now,
        settledAt: now,
      })
      .where(eq(paymentIntents.id, intentId))
      .returning();
    return failed!;
  });

  const purpose = ctx.purposes.get(intent.purpose);
  if (undo.release) await releaseQuietly(ctx, purpose, intent, undo.release);
  if (undo.refund) await refundQuietly(ctx, intent, undo.refund);
  if (purpose.afterSettled) {
    await purpose
      .afterSettled(ctx, intent)
      .catch((err) => ctx.log.warn({ err, intentId }, 'after-payment step failed'));
  }
  if (refused) throw refused;
  return outcomeOf(intent, false);
}

function outcomeOf(intent: PaymentIntentRow, replayed: boolean): ChargeOutcome {
  if (intent.status === 'succeeded') return { status: 'succeeded', intent, result: intent.result ?? {}, replayed };
  return {
    status: 'failed',
    intent,
    code: intent.failureCode ?? 'card_declined',
    message: intent.failureMessage ?? 'Your card was declined.',
  };
}

async function releaseQuietly(ctx: LedgerContext, purpose: Purpose, intent: PaymentIntentRow, acquired: IntentJson) {
  if (!purpose.release) return;
  try {
    if (await purpose.release(ctx, intent, acquired)) {
      await ctx.db
        .update(paymentIntents)
        .set({ releasedAt: ctx.now() })
        .where(and(eq(paymentIntents.id, intent.id), sql`${paymentIntents.releasedAt} is null`));
      return;
    }
    ctx.log.warn({ intentId: intent.id }, 'the carrier did not take the label back yet; recovery tries again');
  } catch (err) {
    ctx.log.warn({ err, intentId: intent.id }, 'label void failed; recovery tries again');
  }
}

async function refundQuietly(ctx: LedgerContext, intent: PaymentIntentRow, charged: TransactionRow) {
  const outcome = await refundCharge(ctx, {
    charge: charged,
    amountCents: charged.amountCents,
    reason: `undo:${intent.id}`,
    description: `Refund: ${intent.description} (not completed)`,
  }).catch((err: unknown) => {
    // The refund stays pending and is retried by the refund recovery.
    ctx.log.error({ err, intentId: intent.id }, 'refund of an undone purchase not confirmed');
    return null;
  });
  if (outcome?.status === 'failed') {
    ctx.log.error({ intentId: intent.id, reason: outcome.message }, 'refund of an undone purchase refused');
  }
}

/**
 * Settles one intent left behind (its process died, or the provider did not answer): asks the carrier what it sold
 * for it and the card provider what became of its key, then finishes it (both went through) or undoes it (the
 * card is refunded, the label voided), exactly as the live path would have.
 */
export async function recoverIntent(ctx: LedgerContext, intent: PaymentIntentRow): Promise<void> {
  if (intent.status !== 'pending') return;
  const purpose = ctx.purposes.get(intent.purpose);
  let acquired = intent.acquired;
  if (purpose.acquire && !acquired && purpose.findAcquired) {
    acquired = await purpose.findAcquired(ctx, intent);
    if (acquired) {
      await ctx.db
        .update(paymentIntents)
        .set({ acquired })
        .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'pending')));
    }
  }
  const attempt = await loadAttempt(ctx.db, intent);
  let result: ChargeResult | null = null;
  if (attempt?.status === 'pending') {
    result = (await ctx.payments.retrieveCharge(attempt.providerRequest as unknown as ChargeRequest)) ?? {
      status: 'failed',
      chargeId: null,
      ...INTERRUPTED,
    };
  }
  if (purpose.acquire && !acquired) {
    // Nothing was bought from the carrier: the purchase cannot be finished. A charge that went through is refunded.
    result =
      result?.status === 'succeeded'
        ? result
        : (result ?? { status: 'failed', chargeId: null, code: INTERRUPTED.code, message: INTERRUPTED.message });
    await undoInterrupted(ctx, intent, result);
    return;
  }
  const outcome = await settle(ctx, intent.id, { result, acquired }).catch((err: unknown) => {
    if (isAppError(err)) return null; // undone: the refusal was recorded and what was paid went back
    throw err;
  });
  ctx.log.warn({ intentId: intent.id, status: outcome?.status ?? 'undone' }, 'interrupted purchase settled');
}

/** An interrupted purchase whose carrier step never happened: recorded as failed; a charge made is refunded. */
async function undoInterrupted(ctx: LedgerContext, intent: PaymentIntentRow, result: ChargeResult) {
  const now = ctx.now();
  const purpose = ctx.purposes.get(intent.purpose);
  const refund = await ctx.db.transaction(async (tx) => {
    await lockBillingUser(tx, intent.userId);
    const [current] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id)).for('update');
    if (current?.status !== 'pending') return null;
    const attemptRow = await loadAttempt(tx, current);
    const attempt = attemptRow ? await recordAttempt(tx, attemptRow, result) : null;
    if (purpose.abandon) await purpose.abandon(tx, ctx, current);
    await tx
      .update(paymentIntents)
      .set({
        status: 'failed',
        releasedAt: now,
        failureCode: INTERRUPTED.code,
        failureMessage: 'The purchase was interrupted before the label was bought. Nothing is charged.',
        updatedAt: now,
        settledAt: now,
      })
      .where(eq(paymentIntents.id, intent.id));
    return attempt?.status === 'succeeded' ? attempt : null;
  });
  if (refund) await refundQuietly(ctx, intent, refund);
  ctx.log.warn({ intentId: intent.id, refunded: Boolean(refund) }, 'interrupted purchase undone');
}

/**
 * The recovery job (the billing runner calls it every tick): every intent pending for longer than INTENT_STALE_MS is
 * finished or undone, and every failed purchase still holding a label gets it voided. Answers how many it touched.
 */
export async function recoverIntents(ctx: LedgerContext, { limit = 100 } = {}): Promise<number> {
  const before = new Date(ctx.now().getTime() - INTENT_STALE_MS);
  const stale = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.status, 'pending'), sql`${paymentIntents.updatedAt} < ${before}`))
    .orderBy(paymentIntents.updatedAt)
    .limit(limit);
  let touched = 0;
  for (const intent of stale) {
    try {
      await recoverIntent(ctx, intent);
      touched += 1;
    } catch (err) {
      ctx.log.error({ err, intentId: intent.id }, 'interrupted purchase not settled yet; trying again next run');
    }
  }
  const unreleased = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'failed'),
        sql`${paymentIntents.acquired} is not null and ${paymentIntents.releasedAt} is null`,
        sql`${paymentIntents.updatedAt} < ${before}`,
      ),
    )
    .limit(limit);
  for (const intent of unreleased) {
    await releaseQuietly(ctx, ctx.purposes.get(intent.purpose), intent, intent.acquired!);
    touched += 1;
  }
  return touched;
}

/** The newest succeeded purchase of a user whose request key starts with `prefix` (a keyless retry window). */
export async function findLatestSucceededIntent(
  db: Db,
  userId: string,
  prefix: string,
): Promise<PaymentIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        eq(paymentIntents.status, 'succeeded'),
        sql`${paymentIntents.requestKey} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      ),
    )
    .orderBy(sql`${paymentIntents.createdAt} desc`)
    .limit(1);
  return row;
}

/** Links a charge to the invoice its purchase wrote (the invoice is made after the charge). */
export async function linkChargeToInvoice(tx: Db, transactionId: string, invoiceId: string): Promise<void> {
  await tx.update(transactions).set({ invoiceId }).where(eq(transactions.id, transactionId));
}
