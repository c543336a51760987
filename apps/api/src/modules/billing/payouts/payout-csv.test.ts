import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { type PayoutDto, type PayoutLineDto, payoutCsv } from './service';

const payout: PayoutDto = {
  id: 'p1',
  subAdmin: { id: 's1', email: 'sub@example.com', fullName: 'Sub Admin' },
  periodStart: '2026-10-01',
  periodEnd: '2026-11-01',
  grossCents: 10_000,
  refundCents: 1_250,
  providerFeeCents: 320,
  platformShareCents: 1_000,
  providerFeeMicro: 3_200_000,
  platformShareMicro: 10_000_000,
  shareBasisPoints: 1000,
  carryInMicro: 0,
  carryOutMicro: 0,
  payoutCents: 7_430,
  currency: 'usd',
  status: 'pending',
  reference: null,
  approvedAt: null,
  paidAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const line = (description: string, amountMicro: number): PayoutLineDto => ({
  id: description,
  category: amountMicro < 0 ? 'refund' : 'forward',
  description,
  invoiceId: null,
  transactionId: null,
  amountMicro,
  amountCents: Math.round(amountMicro / 10_000),
  occurredAt: '2026-10-12T10:00:00.000Z',
});

describe('payout CSV', () => {
  it('writes descriptions that look like formulas as text and refunds as negative numbers', () => {
    const csv = payoutCsv(payout, [
      line('=HYPERLINK("http://evil.example","Store")', 25_000_000),
      line('@cmd', 1_000_000),
      line('Refund of M-1', -12_500_000),
    ]);
    const rows = Papa.parse<string[]>(csv.trim()).data;
    expect(rows[1]?.[3]).toBe(`'=HYPERLINK("http://evil.example","Store")`);
    expect(rows[2]?.[3]).toBe("'@cmd");
    expect(rows[3]?.[3]).toBe('Refund of M-1');
    // A refund is a plain negative number a spreadsheet sums, not text.
    expect(rows[3]?.[7]).toBe('-12.5');
    expect(csv).toMatch(/,-12\.5\r?\n/);
  });
});
