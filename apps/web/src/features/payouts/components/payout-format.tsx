import type { PayoutLineCategory, PayoutStatus } from '@postwise/shared/billing';
import { StatusBadge } from '../../../components/ui/badge';
import { money } from '../../../lib/format';

export const CATEGORY_LABELS: Record<PayoutLineCategory, string> = {
  subscription: 'Subscriptions',
  mailbox_fee: 'Mailbox fees',
  forward: 'Forwards',
  shipping_margin: 'Shipping margin',
  refund: 'Refunds',
  provider_fee: 'Provider fees',
  platform_share: 'Platform share',
};

/** An amount taken off the payout: "−$3.20", or "$0.00" when nothing is taken. */
export const deduction = (cents: number) => (cents === 0 ? money(0) : money(-cents));

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return <StatusBadge status={status} />;
}
