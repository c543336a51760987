import { formatCents } from '@postwise/shared/plans';
import { StatusBadge } from '../../../components/ui/badge';
import type { PayoutLineCategory, PayoutStatus } from '../api/payouts-api';

export const CATEGORY_LABELS: Record<PayoutLineCategory, string> = {
  subscription: 'Subscriptions',
  mailbox_fee: 'Mailbox fees',
  forward: 'Forwards',
  shipping_margin: 'Shipping margin',
  refund: 'Refunds',
  provider_fee: 'Provider fees',
  platform_share: 'Platform share',
};

export const money = (cents: number) =>
  cents < 0 ? `−${formatCents(-cents, { alwaysDecimals: true })}` : formatCents(cents, { alwaysDecimals: true });

/** An amount taken off the payout: "−$3.20", or "$0.00" when nothing is taken. */
export const deduction = (cents: number) => (cents === 0 ? money(0) : money(-cents));

/** "October 2026" for a period starting 2026-10-01 (UTC, as periods are closed). */
export function periodLabel(periodStart: string): string {
  return new Date(`${periodStart}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return <StatusBadge status={status} />;
}
