import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  FORWARD_DEFAULT_BOX,
  carrierServiceName,
  forwardParcel,
  feeAccruedCents,
  feeWarningDue,
  folderMove,
  formatMailboxAddress,
  forwardQuote,
  freeDaysLeft,
  freeUntil,
  insuranceCents,
  isOverweight,
  mailboxDisplayStatus,
  MailRequestTransitionError,
  nextRequestStatus,
  pmbDesignation,
  receivingFees,
  requestAllowed,
  storageDaysAccrued,
  trashPurgeAt,
} from './mail';
import type { PlanAdditionalFee } from './plans';

const FEE: PlanAdditionalFee = {
  packageReceiving: 250,
  packageConsolidation: 300,
  overWeight: 1000,
  mailStorage: 10,
  packageStorage: 100,
  palletStorage: 500,
  palletReceiving: 2500,
};
const received = new Date('2026-03-01T10:00:00Z');
const at = (days: number, hours = 0) => new Date(received.getTime() + days * DAY_MS + hours * 3_600_000);

describe('request state machine', () => {
  it('runs requested → in_progress → completed', () => {
    const started = nextRequestStatus('requested', { type: 'start' });
    expect(started).toBe('in_progress');
    expect(nextRequestStatus(started, { type: 'complete' })).toBe('completed');
  });

  it('lets the customer cancel before the operator starts, and not after', () => {
    expect(nextRequestStatus('requested', { type: 'cancel' })).toBe('cancelled');
    expect(() => nextRequestStatus('in_progress', { type: 'cancel' })).toThrow(
      'This request can no longer be cancelled: the store has started it.',
    );
  });

  it('holds a higher quote for approval, then continues; a lower one goes on at once', () => {
    expect(nextRequestStatus('in_progress', { type: 'quote', higher: true })).toBe('quote_pending');
    expect(() => nextRequestStatus('quote_pending', { type: 'complete' })).toThrow(MailRequestTransitionError);
    expect(nextRequestStatus('quote_pending', { type: 'approve_quote' })).toBe('in_progress');
    expect(nextRequestStatus('requested', { type: 'quote', higher: false })).toBe('in_progress');
    expect(nextRequestStatus('quote_pending', { type: 'cancel' })).toBe('cancelled');
  });

  it('refuses every event once finished', () => {
    for (const from of ['completed', 'cancelled'] as const) {
      expect(() => nextRequestStatus(from, { type: 'start' })).toThrow('This request is already finished.');
    }
    expect(() => nextRequestStatus('in_progress', { type: 'approve_quote' })).toThrow(
      'There is no new quote to approve.',
    );
  });

  it('allows scans only on unopened paper and nothing while another request is open', () => {
    expect(requestAllowed('letter', 'received', 'scan')).toBe(true);
    expect(requestAllowed('package', 'received', 'scan')).toBe(false);
    expect(requestAllowed('letter', 'scanned', 'scan')).toBe(false);
    expect(requestAllowed('letter', 'scanned', 'shred')).toBe(true);
    expect(requestAllowed('package', 'forward_requested', 'pickup')).toBe(false);
    expect(requestAllowed('package', 'received', 'shred')).toBe(false);
  });
});

describe('storage fees', () => {
  const pkg = (endedAt: Date | null = null) => ({
    freeUntil: freeUntil('package', received),
    storageDailyFeeCents: FEE.packageStorage,
    storageEndedAt: endedAt,
    receivingFeeCents: 0,
  });

  it('stores mail 30 days free and packages 3 days free', () => {
    expect(freeUntil('letter', received).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(freeUntil('large_envelope', received).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(freeUntil('pallet', received).toISOString()).toBe('2026-03-04T10:00:00.000Z');
  });

  it('counts free days left and each started day after that', () => {
    expect(freeDaysLeft(pkg(), at(0))).toBe(3);
    expect(freeDaysLeft(pkg(), at(1, 1))).toBe(2);
    expect(freeDaysLeft(pkg(), at(3))).toBe(0);
    expect(storageDaysAccrued(pkg(), at(3))).toBe(0);
    expect(storageDaysAccrued(pkg(), at(3, 1))).toBe(1);
    expect(storageDaysAccrued(pkg(), at(5, 1))).toBe(3);
    expect(feeAccruedCents(pkg(), at(5, 1))).toBe(300);
  });

  it('stops accruing when the item leaves the store', () => {
    expect(storageDaysAccrued(pkg(at(4, 2)), at(20))).toBe(2);
    expect(freeDaysLeft(pkg(at(1)), at(2))).toBe(0);
  });

  it('adds one-time receiving fees to the accrued amount', () => {
    expect(feeAccruedCents({ ...pkg(), receivingFeeCents: 250 }, at(4, 1))).toBe(250 + 200);
  });

  it('warns 5 days before fees start, once fees exist', () => {
    const letter = { freeUntil: freeUntil('letter', received), storageDailyFeeCents: 10, storageEndedAt: null };
    expect(feeWarningDue(letter, at(24))).toBe(false);
    expect(feeWarningDue(letter, at(25, 1))).toBe(true);
    expect(feeWarningDue(letter, at(30, 1))).toBe(false);
    expect(feeWarningDue({ ...letter, storageDailyFeeCents: 0 }, at(26))).toBe(false);
  });
});

describe('receiving fees', () => {
  const base = { weightLb: 3, dimensions: null };

  it('gives 5 package receipts a month free, then charges packageReceiving', () => {
    expect(receivingFees({ kind: 'package', ...base, receiptNumberThisMonth: 5 }, FEE)).toEqual([]);
    expect(receivingFees({ kind: 'package', ...base, receiptNumberThisMonth: 6 }, FEE)).toEqual([
      { kind: 'package_receiving', amountCents: 250 },
    ]);
    expect(receivingFees({ kind: 'letter', ...base, receiptNumberThisMonth: 40 }, FEE)).toEqual([]);
  });

  it('charges overweight at 50 lb or L+W+H of 50 in, and pallet receiving', () => {
    expect(isOverweight(49.9, { lengthIn: 20, widthIn: 15, heightIn: 14 })).toBe(false);
    expect(isOverweight(50, null)).toBe(true);
    expect(isOverweight(2, { lengthIn: 20, widthIn: 15, heightIn: 15 })).toBe(true);
    expect(receivingFees({ kind: 'pallet', weightLb: 400, dimensions: null, receiptNumberThisMonth: 1 }, FEE)).toEqual([
      { kind: 'pallet_receiving', amountCents: 2500 },
      { kind: 'overweight', amountCents: 1000 },
    ]);
  });
});

describe('forward price', () => {
  it('prices insurance per $100 declared beyond the first $100', () => {
    expect(insuranceCents(0)).toBe(0);
    expect(insuranceCents(10_000)).toBe(0);
    expect(insuranceCents(10_001)).toBe(150);
    expect(insuranceCents(50_000)).toBe(600);
  });

  it('adds the consolidation fee per package when several items ship together', () => {
    const one = forwardQuote([{ kind: 'package', weightLb: 2, dimensions: null }], 0, FEE);
    expect(one.consolidationCents).toBe(0);
    expect(one.totalCents).toBe(one.postageCents + one.handlingCents);
    const three = forwardQuote(
      [1, 2, 3].map(() => ({ kind: 'package' as const, weightLb: 2, dimensions: null })),
      20_000,
      FEE,
    );
    expect(three.consolidationCents).toBe(900);
    expect(three.insuranceCents).toBe(150);
    expect(three.postageCents).toBeGreaterThan(one.postageCents);
  });
});

describe('folders', () => {
  const now = new Date('2026-05-01T00:00:00Z');

  it('takes only finished mail to the trash', () => {
    expect(folderMove({ folder: 'inbox', status: 'received', trashedAt: null }, 'trash', now)).toEqual({
      ok: false,
      message: 'Only mail that was forwarded, picked up, shredded or recycled can go to the trash.',
    });
    for (const status of ['forwarded', 'picked_up', 'shredded', 'junked'] as const) {
      expect(folderMove({ folder: 'archive', status, trashedAt: null }, 'trash', now)).toEqual({
        ok: true,
        folder: 'trash',
      });
    }
  });

  it('restores from the trash until it is emptied after 30 days', () => {
    const trashedAt = new Date('2026-04-02T00:00:00Z');
    expect(trashPurgeAt(trashedAt).toISOString()).toBe('2026-05-02T00:00:00.000Z');
    expect(folderMove({ folder: 'trash', status: 'shredded', trashedAt }, 'restore', now)).toEqual({
      ok: true,
      folder: 'inbox',
    });
    expect(
      folderMove({ folder: 'trash', status: 'shredded', trashedAt }, 'restore', new Date('2026-05-02T00:00:00Z')),
    ).toMatchObject({
      ok: false,
    });
    expect(folderMove({ folder: 'inbox', status: 'received', trashedAt: null }, 'archive', now)).toEqual({
      ok: true,
      folder: 'archive',
    });
  });
});

describe('mailbox address and status', () => {
  const store = {
    address1: '1200 Wilshire Blvd',
    address2: null,
    city: 'Los Angeles',
    state: 'California',
    zip: '90017',
  };

  it('writes the PMB the USPS way, never PO Box', () => {
    expect(formatMailboxAddress({ name: 'Jordan Lee', store, pmbPrefix: 'PMB', pmbNumber: 1003 }).lines).toEqual([
      'Jordan Lee',
      '1200 Wilshire Blvd PMB 1003',
      'Los Angeles CA 90017',
    ]);
    expect(pmbDesignation('#', 1003)).toBe('#1003');
    expect(pmbDesignation('PO Box', 1003)).toBe('PMB 1003');
    expect(
      formatMailboxAddress({ name: 'A', store: { ...store, address2: 'Suite 400' }, pmbPrefix: '#', pmbNumber: 7 })
        .lines[1],
    ).toBe('1200 Wilshire Blvd Suite 400 #7');
  });

  it('shows a closed box as cancelled for 6 months, then closed', () => {
    const closedAt = new Date('2026-01-15T00:00:00Z');
    expect(mailboxDisplayStatus('active', null, closedAt)).toBe('active');
    expect(mailboxDisplayStatus('closed', closedAt, new Date('2026-07-14T00:00:00Z'))).toBe('cancelled');
    expect(mailboxDisplayStatus('closed', closedAt, new Date('2026-07-15T00:00:00Z'))).toBe('closed');
  });
});

describe('carrierTrackingUrl', () => {
  it('links a forwarded parcel to its carrier’s tracking page, and nothing for an unknown carrier', async () => {
    const { carrierTrackingUrl } = await import('./mail');
    expect(carrierTrackingUrl('UPS', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(carrierTrackingUrl('USPS Priority', '9400 1000')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000',
    );
    expect(carrierTrackingUrl('FedEx Ground', '123')).toContain('fedex.com');
    expect(carrierTrackingUrl('Local courier', '123')).toBeNull();
    expect(carrierTrackingUrl('UPS', null)).toBeNull();
  });
});

describe('forwardParcel', () => {
  it('sums the weights and takes a box that fits the largest of each side', () => {
    expect(
      forwardParcel([
        { weightLb: 4, dimensions: { lengthIn: 12, widthIn: 10, heightIn: 6 } },
        { weightLb: 3.5, dimensions: { lengthIn: 8, widthIn: 16, heightIn: 4 } },
      ]),
    ).toEqual({ weightLb: 7.5, dimensions: { lengthIn: 16, widthIn: 10, heightIn: 6 } });
  });

  it('boxes unmeasured sides in a small box, and cannot rate an item without a weight', () => {
    expect(forwardParcel([{ weightLb: 1, dimensions: null }])).toEqual({
      weightLb: 1,
      dimensions: FORWARD_DEFAULT_BOX,
    });
    expect(
      forwardParcel([
        { weightLb: 2, dimensions: null },
        { weightLb: null, dimensions: null },
      ]),
    ).toBeNull();
    expect(forwardParcel([])).toBeNull();
  });
});

describe('carrierServiceName', () => {
  it('names the carrier once', () => {
    expect(carrierServiceName('FedEx', 'FedEx Ground')).toBe('FedEx Ground');
    expect(carrierServiceName('UPS', 'Ground')).toBe('UPS Ground');
  });
});
