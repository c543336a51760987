import { describe, expect, it } from 'vitest';
import {
  computePayout,
  lastClosedPeriod,
  type LedgerEntry,
  MICRO_PER_CENT,
  platformShareMicro,
  providerFeeMicro,
} from './payout-math';

const at = new Date('2026-10-15T12:00:00Z');
const sale = (amountCents: number, category: LedgerEntry['category'] = 'subscription'): LedgerEntry => ({
  category,
  description: `INV ${amountCents}`,
  invoiceId: '00000000-0000-4000-8000-000000000001',
  transactionId: '00000000-0000-4000-8000-000000000002',
  amountCents,
  chargedCents: category === 'refund' ? 0 : amountCents,
  occurredAt: at,
});

describe('payout arithmetic', () => {
  it('the provider fee is 2.9% + 30¢ per successful charge, exact in 1/10,000 cent', () => {
    expect(providerFeeMicro(10_000)).toBe(290 * MICRO_PER_CENT + 30 * MICRO_PER_CENT); // $100 → $3.20
    expect(providerFeeMicro(1799)).toBe(1799 * 290 + 300_000); // 52.171¢ + 30¢
    expect(providerFeeMicro(0)).toBe(0);
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
    // fee 82.171¢, net 1716.829¢, share 343.3658¢, total 1373.4632¢
    expect(first.payoutCents).toBe(1373);
    expect(first.carryOutMicro).toBe(4632);
    const second = computePayout([sale(1799)], 2000, first.carryOutMicro);
    expect(second.carryInMicro).toBe(4632);
    expect(second.payoutCents).toBe(1373); // 1373.4632 + 0.4632 = 1373.9264
    expect(second.carryOutMicro).toBe(9264);
    const third = computePayout([sale(1799)], 2000, second.carryOutMicro);
    expect(third.payoutCents).toBe(1374); // 1373.4632 + 0.9264 = 1374.3896: the carried cent is paid
    expect(third.carryOutMicro).toBe(3896);
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

  it('the closed period is the calendar month before now (UTC)', () => {
    expect(lastClosedPeriod(new Date('2026-11-01T00:00:05Z'))).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(lastClosedPeriod(new Date('2026-03-10T00:00:00Z'))).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(lastClosedPeriod(new Date('2026-01-10T00:00:00Z'))).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  });
});
