import { describe, expect, it } from 'vitest';
import type { Plan } from '@postwise/shared/plans';
import { planFeatures } from './plan-features';

const plan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 'p1',
  name: 'Basic Mailbox',
  description: null,
  price: 1500,
  currency: 'usd',
  validity: 'month',
  audience: 'customer',
  isPopular: false,
  scanCount: 30,
  numberOfStores: null,
  numberOfMailboxes: null,
  additionalFee: {
    packageReceiving: 250,
    packageConsolidation: 500,
    overWeight: 1500,
    mailStorage: 25,
    packageStorage: 100,
    palletReceiving: 3500,
    palletStorage: 500,
  },
  penaltyFee: { wrongAddress: 500, late: 1000, reinstatement: 2500 },
  ownerUserId: 'admin',
  ...overrides,
});

const texts = (lines: { text: string; detail?: string }[]) =>
  lines.map((l) => (l.detail ? `${l.text} · ${l.detail}` : l.text));

describe('planFeatures', () => {
  it('lists what a mailbox plan gives apart from its fees', () => {
    const { benefits, fees } = planFeatures(plan());
    expect(texts(benefits)).toEqual([
      'Starts with 30 scans · $0.50 a scan',
      'Mail for up to 2 names',
      'Mail stored free for 30 days',
      '5 packages received free each month',
    ]);
    expect(texts(fees)).toEqual([
      'Package receiving $2.50 · after 5 a month',
      'Mail storage $0.25 a day · after 30 days',
      'Forwarding at standard carrier rates',
      'Late fee $10.00 per week unpaid',
    ]);
    // A fee is never among the benefits.
    expect(benefits.some((b) => /fee/i.test(b.text))).toBe(false);
  });

  it('tells tiers apart by their scans and what one costs', () => {
    const basic = planFeatures(plan()).benefits[0];
    const premium = planFeatures(plan({ price: 4000, scanCount: 150 })).benefits[0];
    expect(basic?.detail).toBe('$0.50 a scan');
    expect(premium?.text).toBe('Starts with 150 scans');
    expect(premium?.detail).toBe('$0.27 a scan');
  });

  it('turns a fee of zero into a benefit', () => {
    const free = plan({
      additionalFee: { ...plan().additionalFee, packageReceiving: 0, mailStorage: 0 },
      penaltyFee: { wrongAddress: 0, late: 0, reinstatement: 0 },
    });
    const { benefits, fees } = planFeatures(free);
    expect(texts(benefits)).toContain('Every package received free');
    expect(texts(benefits)).toContain('Mail stored free, no time limit');
    expect(texts(fees)).toEqual(['Forwarding at standard carrier rates']);
  });

  it('shows stores and mailboxes of a reseller plan only when asked', () => {
    const reseller = plan({ audience: 'sub_admin', numberOfStores: 3, numberOfMailboxes: 1500, scanCount: 2000 });
    expect(texts(planFeatures(reseller, { showCounts: true }).benefits)).toEqual([
      'Starts with 2000 scans · $0.01 a scan',
      '3 stores',
      '1,500 mailboxes',
    ]);
    expect(planFeatures(reseller).benefits.map((b) => b.key)).toEqual(['scans']);
    expect(texts(planFeatures(reseller).fees)).toEqual(['Late fee $10.00 per week unpaid']);
  });
});
