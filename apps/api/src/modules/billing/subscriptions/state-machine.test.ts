import { describe, expect, it } from 'vitest';
import {
  addDays,
  addPeriod,
  INITIAL_STATE,
  InvalidTransitionError,
  isActive,
  isPastDue,
  jobApplies,
  scheduledJobs,
  type SubscriptionState,
  transition,
} from './state-machine';

const T0 = new Date('2026-01-31T10:00:00Z');

function active(validity: 'month' | 'year' = 'month'): SubscriptionState {
  return transition(INITIAL_STATE, { type: 'purchase', at: T0, validity });
}
function pastDue(): SubscriptionState {
  const a = active();
  return transition(a, { type: 'renewal_failed', at: a.currentPeriodEnd! });
}
/** Past due beyond the 15 days: the reinstatement fee was invoiced and the expired gate applies. */
function expired(): SubscriptionState {
  const s = pastDue();
  return transition(s, { type: 'reinstatement_invoiced', at: addDays(s.enteredPastDueAt!, 15) });
}

describe('addPeriod', () => {
  it('adds a month, clamping to the end of a shorter month', () => {
    expect(addPeriod(T0, 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addPeriod(new Date('2026-03-15T00:00:00Z'), 'month').toISOString()).toBe('2026-04-15T00:00:00.000Z');
  });
  it('adds a year (29 February becomes 28 February)', () => {
    expect(addPeriod(new Date('2028-02-29T00:00:00Z'), 'year').toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addPeriod(T0, 'year').toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });
});

describe('billing days on the store calendar', () => {
  const LA = 'America/Los_Angeles';

  it('renews on the local anchor day at the same local time across the spring and autumn changes', () => {
    // Bought 09:00 PST on 2026-02-15: renews 09:00 PDT on 2026-03-15 (an hour less than the UTC count).
    const start = new Date('2026-02-15T17:00:00Z');
    expect(addPeriod(start, 'month', undefined, LA).toISOString()).toBe('2026-03-15T16:00:00.000Z');
    expect(addPeriod(start, 'month').toISOString()).toBe('2026-03-15T17:00:00.000Z');
    // Bought 09:00 PDT on 2026-10-20: renews 09:00 PST on 2026-11-20.
    expect(addPeriod(new Date('2026-10-20T16:00:00Z'), 'month', undefined, LA).toISOString()).toBe(
      '2026-11-20T17:00:00.000Z',
    );
  });

  it("takes the anchor day from the store's date, not the UTC one", () => {
    // 20:00 PST on January 31 is February 1 in UTC: the anchor is the 31st, so it renews on February 28 local.
    const s = transition(
      INITIAL_STATE,
      { type: 'purchase', at: new Date('2026-02-01T04:00:00Z'), validity: 'month' },
      LA,
    );
    expect(s.billingAnchorDay).toBe(31);
    expect(s.currentPeriodEnd?.toISOString()).toBe('2026-03-01T04:00:00.000Z');
    const next = transition(s, { type: 'renewal_succeeded', at: s.currentPeriodEnd!, validity: 'month' }, LA);
    // 20:00 PDT on March 31 (the clocks moved on March 8).
    expect(next.currentPeriodEnd?.toISOString()).toBe('2026-04-01T03:00:00.000Z');
  });

  it('counts the past-due days in local days: the reinstatement day keeps the local time across the change', () => {
    const bought = transition(
      INITIAL_STATE,
      { type: 'purchase', at: new Date('2026-02-01T18:00:00Z'), validity: 'month' },
      LA,
    );
    const failed = transition(bought, { type: 'renewal_failed', at: new Date('2026-03-01T18:00:00Z') }, LA);
    const reinstatement = scheduledJobs(failed, LA).find((j) => j.kind === 'reinstatement');
    // 10:00 PST March 1 + 15 days = 10:00 PDT March 16.
    expect(reinstatement?.runAt.toISOString()).toBe('2026-03-16T17:00:00.000Z');
  });
});

describe('renewals keep the anchor day', () => {
  function renewals(start: Date, validity: 'month' | 'year', count: number): string[] {
    let s = transition(INITIAL_STATE, { type: 'purchase', at: start, validity });
    const ends = [s.currentPeriodEnd!.toISOString().slice(0, 10)];
    for (let i = 1; i < count; i++) {
      s = transition(s, { type: 'renewal_succeeded', at: s.currentPeriodEnd!, validity });
      ends.push(s.currentPeriodEnd!.toISOString().slice(0, 10));
    }
    return ends;
  }

  it('a subscription started on Jan 31 renews on the last day of short months and back on the 31st', () => {
    expect(renewals(T0, 'month', 12)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]);
  });

  it('in a leap year the Jan 31 anchor renews on Feb 29, then Mar 31', () => {
    expect(renewals(new Date('2028-01-31T00:00:00Z'), 'month', 3)).toEqual(['2028-02-29', '2028-03-31', '2028-04-30']);
  });

  it('a Feb 29 annual subscription renews Feb 28 in common years and Feb 29 again in the next leap year', () => {
    expect(renewals(new Date('2028-02-29T00:00:00Z'), 'year', 4)).toEqual([
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('the purchase stores the anchor day; reactivation re-anchors to the day it is paid', () => {
    const s = active();
    expect(s.billingAnchorDay).toBe(31);
    const failed = transition(s, { type: 'renewal_failed', at: s.currentPeriodEnd! });
    const back = transition(failed, { type: 'reactivate', at: new Date('2026-03-10T00:00:00Z'), validity: 'month' });
    expect(back.billingAnchorDay).toBe(10);
    expect(back.currentPeriodEnd!.toISOString().slice(0, 10)).toBe('2026-04-10');
  });

  it('a row without a stored anchor keeps the day its current period started', () => {
    const legacy: SubscriptionState = { ...active(), billingAnchorDay: null, currentPeriodStart: T0 };
    const next = transition(legacy, { type: 'renewal_succeeded', at: legacy.currentPeriodEnd!, validity: 'month' });
    expect(next.currentPeriodEnd!.toISOString().slice(0, 10)).toBe('2026-03-31');
  });
});

describe('transition', () => {
  it('purchase: none becomes active for one period with the expired flag clear', () => {
    const s = active();
    expect(s).toMatchObject({ status: 'active', isExpired: false, enteredPastDueAt: null, currentPeriodStart: T0 });
    expect(s.currentPeriodEnd).toEqual(addPeriod(T0, 'month'));
    expect(isActive(s)).toBe(true);
    expect(active('year').currentPeriodEnd).toEqual(addPeriod(T0, 'year'));
  });

  it('purchase is refused while active', () => {
    expect(() => transition(active(), { type: 'purchase', at: T0, validity: 'month' })).toThrow(InvalidTransitionError);
  });

  it('purchase starts afresh from expired or cancelled', () => {
    const later = addDays(T0, 90);
    const cancelled = transition(pastDue(), { type: 'cancel', at: later });
    for (const from of [expired(), cancelled]) {
      const s = transition(from, { type: 'purchase', at: later, validity: 'year' });
      expect(s).toMatchObject({
        status: 'active',
        isExpired: false,
        enteredPastDueAt: null,
        cancelledAt: null,
        lateFeesCharged: 0,
      });
    }
  });

  it('renewal_succeeded moves the period on from its end, not from when the job ran', () => {
    const a = active();
    const s = transition(a, { type: 'renewal_succeeded', at: addDays(a.currentPeriodEnd!, 1), validity: 'month' });
    expect(s.currentPeriodStart).toEqual(a.currentPeriodEnd);
    expect(s.currentPeriodEnd).toEqual(addPeriod(a.currentPeriodEnd!, 'month', 31));
    expect(s.status).toBe('active');
  });

  it('renewal_failed makes the subscription past due but keeps it active for the 15 days before reinstatement (spec 9)', () => {
    const s = pastDue();
    expect(s).toMatchObject({ status: 'active', isExpired: false });
    expect(s.enteredPastDueAt).toEqual(active().currentPeriodEnd);
    expect(isActive(s)).toBe(true);
    expect(isPastDue(s)).toBe(true);
    expect(scheduledJobs(s).map((j) => j.kind)).not.toContain('renewal');
    expect(jobApplies(s, 'renewal', addDays(s.enteredPastDueAt!, 40))).toBe(false);
  });

  it('the reinstatement fee on day 15 puts the expired gate in force: expired, flag set', () => {
    const s = pastDue();
    const expired = transition(s, { type: 'reinstatement_invoiced', at: addDays(s.enteredPastDueAt!, 15) });
    expect(expired).toMatchObject({ status: 'expired', isExpired: true, enteredPastDueAt: s.enteredPastDueAt });
    expect(isActive(expired)).toBe(false);
    expect(isPastDue(expired)).toBe(true);
  });

  it('renewal events need an active subscription that is not past due', () => {
    expect(() => transition(INITIAL_STATE, { type: 'renewal_failed', at: T0 })).toThrow(InvalidTransitionError);
    expect(() => transition(pastDue(), { type: 'renewal_failed', at: T0 })).toThrow(InvalidTransitionError);
    expect(() => transition(pastDue(), { type: 'renewal_succeeded', at: T0, validity: 'month' })).toThrow(
      InvalidTransitionError,
    );
  });

  it('late_fee_invoiced counts late fees while past due only', () => {
    const s = transition(transition(pastDue(), { type: 'late_fee_invoiced', at: T0 }), {
      type: 'late_fee_invoiced',
      at: T0,
    });
    expect(s.lateFeesCharged).toBe(2);
    expect(() => transition(active(), { type: 'late_fee_invoiced', at: T0 })).toThrow(InvalidTransitionError);
  });

  it('reinstatement_invoiced happens once', () => {
    const s = transition(pastDue(), { type: 'reinstatement_invoiced', at: T0 });
    expect(s.reinstatementInvoicedAt).toEqual(T0);
    expect(() => transition(s, { type: 'reinstatement_invoiced', at: T0 })).toThrow(InvalidTransitionError);
    expect(() => transition(active(), { type: 'reinstatement_invoiced', at: T0 })).toThrow(InvalidTransitionError);
  });

  it('cancel ends a past-due (or active) subscription with the expired flag set', () => {
    const at = addDays(T0, 100);
    const s = transition(pastDue(), { type: 'cancel', at });
    expect(s).toMatchObject({ status: 'cancelled', isExpired: true, cancelledAt: at });
    expect(transition(active(), { type: 'cancel', at }).status).toBe('cancelled');
    expect(() => transition(s, { type: 'cancel', at })).toThrow(InvalidTransitionError);
    expect(() => transition(INITIAL_STATE, { type: 'cancel', at })).toThrow(InvalidTransitionError);
  });

  it('reactivate (invoices paid or resume) starts a new period now and clears the past-due record', () => {
    const at = addDays(T0, 40);
    for (const from of [pastDue(), transition(pastDue(), { type: 'cancel', at })]) {
      const s = transition(from, { type: 'reactivate', at, validity: 'month' });
      expect(s).toMatchObject({ status: 'active', isExpired: false, enteredPastDueAt: null, cancelledAt: null });
      expect(s.currentPeriodStart).toEqual(at);
      expect(s.currentPeriodEnd).toEqual(addPeriod(at, 'month'));
    }
    expect(() => transition(active(), { type: 'reactivate', at, validity: 'month' })).toThrow(InvalidTransitionError);
    expect(() => transition(INITIAL_STATE, { type: 'reactivate', at, validity: 'month' })).toThrow(
      InvalidTransitionError,
    );
  });
});

describe('scheduledJobs and jobApplies', () => {
  it('an active subscription schedules its renewal at the period end, due only from then', () => {
    const a = active();
    expect(scheduledJobs(a)).toEqual([{ kind: 'renewal', runAt: a.currentPeriodEnd }]);
    expect(jobApplies(a, 'renewal', addDays(a.currentPeriodEnd!, -1))).toBe(false);
    expect(jobApplies(a, 'renewal', a.currentPeriodEnd!)).toBe(true);
    expect(scheduledJobs(INITIAL_STATE)).toEqual([]);
  });

  it('a past-due subscription schedules a late fee per week, reinstatement at 15 days and termination at 60', () => {
    const s = pastDue();
    const since = s.enteredPastDueAt!;
    expect(scheduledJobs(s)).toEqual([
      { kind: 'late_fee', runAt: addDays(since, 7) },
      { kind: 'cancel', runAt: addDays(since, 60) },
      { kind: 'reinstatement', runAt: addDays(since, 15) },
    ]);
    const afterOneFee = transition(s, { type: 'late_fee_invoiced', at: addDays(since, 7) });
    expect(scheduledJobs(afterOneFee)[0]).toEqual({ kind: 'late_fee', runAt: addDays(since, 14) });
  });

  it('each past-due job applies only once its day has come and the state still calls for it', () => {
    const s = pastDue();
    const since = s.enteredPastDueAt!;
    expect(jobApplies(s, 'late_fee', addDays(since, 6))).toBe(false);
    expect(jobApplies(s, 'late_fee', addDays(since, 7))).toBe(true);
    expect(jobApplies(s, 'reinstatement', addDays(since, 14))).toBe(false);
    expect(jobApplies(s, 'reinstatement', addDays(since, 15))).toBe(true);
    expect(jobApplies(s, 'cancel', addDays(since, 59))).toBe(false);
    expect(jobApplies(s, 'cancel', addDays(since, 60))).toBe(true);
    // Paid in the meantime: nothing applies any more.
    const paid = transition(s, { type: 'reactivate', at: addDays(since, 3), validity: 'month' });
    for (const kind of ['late_fee', 'reinstatement', 'cancel'] as const) {
      expect(jobApplies(paid, kind, addDays(since, 61))).toBe(false);
    }
  });

  it('a cancelled subscription takes no more late fees but still owes the reinstatement fee once', () => {
    const since = pastDue().enteredPastDueAt!;
    const cancelled = transition(pastDue(), { type: 'cancel', at: addDays(since, 60) });
    expect(scheduledJobs(cancelled)).toEqual([{ kind: 'reinstatement', runAt: addDays(since, 15) }]);
    expect(jobApplies(cancelled, 'late_fee', addDays(since, 70))).toBe(false);
    expect(jobApplies(cancelled, 'reinstatement', addDays(since, 70))).toBe(true);
  });
});
