import { describe, expect, it } from 'vitest';
import { sandboxFeeCents } from '../../../integrations/payments/sandbox-provider';
import {
  computePayout,
  formatMicro,
  lastClosedPeriod,
  openPeriod,
  periodInstants,
  type LedgerEntry,
  MICRO_PER_CENT,
  microToDollars,
  platformShareMicro,
} from './payout-math';

const at = new Date('2026-10-15T12:00:00Z');
const sale = (amountCents: number, category: LedgerEntry['category'] = 'subscription'): LedgerEntry => ({
  category,
  description: `INV ${amountCents}`,
  invoiceId: '00000000-0000-4000-8000-000000000001',
  transactionId: '00000000-0000-4000-8000-000000000002',
  amountCents,
  providerFeeCents: category === 'refund' ? 0 : sandboxFeeCents(amountCents),
  occurredAt: at,
});

describe('payout arithmetic', () => {
  it('provider fees are the fees recorded for each charge (the sandbox: 2.9% + 30¢, in whole cents)', () => {
    expect(sandboxFeeCents(10_000)).toBe(320); // $100 → $3.20
    expect(sandboxFeeCents(1799)).toBe(82); // 52.171¢ + 30¢
    const r = computePayout([{ ...sale(10_000), providerFeeCents: 411 }], 2000, 0);
    expect(r.providerFeeMicro).toBe(411 * MICRO_PER_CENT);
  });

  it('the platform share is the plan basis points of the net, never negative', () => {
    expect(platformShareMicro(1_000_000, 2000)).toBe(200_000);
    expect(platformShareMicro(-5, 2000)).toBe(0);
    expect(platformShareMicro(7, 2000)).toBe(1); // floored to the micro
  });

  it('gross − refunds − provider fees − share = payout, in whole cents', () => {
    const r = computePayout([sale(10_000)], 2000, 0);
    // net = 100.00 − 3.20 = 96.80; share 20% = 19.36; payout 77.44
    expect(r.grossCents).toBe(10_000);
    expect(r.providerFeeMicro).toBe(320 * MICRO_PER_CENT);
    expect(r.platformShareMicro).toBe(1936 * MICRO_PER_CENT);
    expect(r.payoutCents).toBe(7744);
    expect(r.carryOutMicro).toBe(0);
    expect(r.lines.map((l) => l.category)).toEqual(['subscription', 'provider_fee', 'platform_share']);
    expect(r.lines.reduce((sum, l) => sum + l.amountMicro, 0)).toBe(r.payoutCents * MICRO_PER_CENT);
  });

  it('rounds down to the cent and carries the remainder to the next period', () => {
    const first = computePayout([sale(1799)], 2000, 0);
    // fee 82¢, net 1717¢, share 343.4¢, total 1373.6¢
    expect(first.payoutCents).toBe(1373);
    expect(first.carryOutMicro).toBe(6000);
    const second = computePayout([sale(1799)], 2000, first.carryOutMicro);
    expect(second.carryInMicro).toBe(6000);
    expect(second.payoutCents).toBe(1374); // 1373.6 + 0.6 = 1374.2: the carried cent is paid
    expect(second.carryOutMicro).toBe(2000);
    const third = computePayout([sale(1799)], 2000, second.carryOutMicro);
    expect(third.payoutCents).toBe(1373); // 1373.6 + 0.2 = 1373.8
    expect(third.carryOutMicro).toBe(8000);
    // The statement's terms add up to the payout exactly.
    const sum =
      third.grossCents * MICRO_PER_CENT -
      third.refundCents * MICRO_PER_CENT -
      third.providerFeeMicro -
      third.platformShareMicro +
      third.carryInMicro -
      third.carryOutMicro;
    expect(sum).toBe(third.payoutCents * MICRO_PER_CENT);
  });

  it('a refund after close lowers the next period; a refund beyond the income carries a negative balance', () => {
    const next = computePayout([sale(10_000), { ...sale(2000, 'refund') }], 2000, 0);
    // net = 100 − 20 − 3.20 = 76.80; share 15.36; payout 61.44
    expect(next.refundCents).toBe(2000);
    expect(next.payoutCents).toBe(6144);
    const onlyRefund = computePayout([sale(2000, 'refund')], 2000, 0);
    expect(onlyRefund.payoutCents).toBe(0);
    expect(onlyRefund.platformShareMicro).toBe(0);
    expect(onlyRefund.carryOutMicro).toBe(-2000 * MICRO_PER_CENT);
    const after = computePayout([sale(10_000)], 2000, onlyRefund.carryOutMicro);
    expect(after.payoutCents).toBe(7744 - 2000);
  });

  it('prints money without "$-0.00": negatives as −$, sub-cent digits only when there are any', () => {
    expect(formatMicro(0)).toBe('$0.00');
    expect(formatMicro(-0)).toBe('$0.00');
    expect(formatMicro(-1)).toBe('−$0.000001');
    expect(formatMicro(-12_340_000)).toBe('−$12.34');
    expect(formatMicro(6000)).toBe('$0.006');
    expect(formatMicro(123_456_789_000_000)).toBe('$123,456,789.00');
    expect(Object.is(microToDollars(-1), -0)).toBe(false);
    expect(microToDollars(-12_345_600)).toBe(-12.3456);
  });

  it('the closed period is the calendar month before now (UTC)', () => {
    expect(lastClosedPeriod(new Date('2026-11-01T00:00:05Z'))).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(lastClosedPeriod(new Date('2026-03-10T00:00:00Z'))).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(lastClosedPeriod(new Date('2026-01-10T00:00:00Z'))).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  });

  it("a sub-admin's months are their store's: October closes at local midnight on November 1 (PDT→PST that day)", () => {
    const LA = 'America/Los_Angeles';
    // 00:00:05 UTC on November 1 is 17:00 PDT on October 31: October is still open in Los Angeles.
    expect(lastClosedPeriod(new Date('2026-11-01T00:00:05Z'), LA)).toEqual({ start: '2026-09-01', end: '2026-09-30' });
    expect(openPeriod(new Date('2026-11-01T00:00:05Z'), LA)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    // From 00:00 PDT on November 1 (07:00 UTC) it is closed.
    expect(lastClosedPeriod(new Date('2026-11-01T07:00:00Z'), LA)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    // October runs from 00:00 PDT October 1 to 00:00 PDT November 1 (the clocks go back at 02:00 that night).
    expect(periodInstants('2026-10-01', '2026-10-31', LA)).toEqual({
      from: new Date('2026-10-01T07:00:00Z'),
      to: new Date('2026-11-01T07:00:00Z'),
    });
    // November runs to 00:00 PST December 1: an hour more after the change.
    expect(periodInstants('2026-11-01', '2026-11-30', LA)).toEqual({
      from: new Date('2026-11-01T07:00:00Z'),
      to: new Date('2026-12-01T08:00:00Z'),
    });
  });
});
