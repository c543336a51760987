import { Box, Mail, Package, Truck, type LucideIcon } from 'lucide-react';
import { MAIL_ITEM_KIND_LABELS, type MailItemKind, type MailItemStatus } from '@postwise/shared/mail';
import type { MailItem } from '@postwise/shared/mail-api';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { money, plural } from '../../../lib/format';

export const ITEM_STATUS_LABELS: Record<MailItemStatus, string> = {
  received: 'New',
  scan_requested: 'Scan requested',
  scanned: 'Scanned',
  forward_requested: 'Forward requested',
  forwarded: 'Forwarded',
  pickup_requested: 'Held for pickup',
  picked_up: 'Picked up',
  shred_requested: 'Shred requested',
  shredded: 'Shredded',
  junk_requested: 'Recycle requested',
  junked: 'Recycled',
};

const STATUS_VARIANT: Record<MailItemStatus, BadgeProps['variant']> = {
  received: 'primary',
  scan_requested: 'warning',
  scanned: 'success',
  forward_requested: 'warning',
  forwarded: 'success',
  pickup_requested: 'warning',
  picked_up: 'success',
  shred_requested: 'warning',
  shredded: 'neutral',
  junk_requested: 'warning',
  junked: 'neutral',
};

export const KIND_ICONS: Record<MailItemKind, LucideIcon> = {
  letter: Mail,
  large_envelope: Mail,
  package: Package,
  pallet: Box,
};

export function kindLabel(kind: MailItemKind): string {
  return MAIL_ITEM_KIND_LABELS[kind] ?? kind;
}

/** The item's state as a coloured badge with its text (never colour alone). */
export function MailStatusBadge({ status, className }: { status: MailItemStatus; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status] ?? 'neutral'} className={className} data-testid="mail-status">
      {ITEM_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/**
 * Free days left before storage fees and the fee accrued so far — the customer's top worry, so it is always
 * spelled out: "12 free days left", "Fees start tomorrow", "$1.50 accrued".
 */
export function StorageFee({ item, compact = false }: { item: MailItem; compact?: boolean }) {
  const stored = !['forwarded', 'picked_up', 'shredded', 'junked'].includes(item.status);
  const daysText = !stored
    ? 'No storage fees'
    : item.freeDaysLeft > 1
      ? `${plural(item.freeDaysLeft, 'free day')} left`
      : item.freeDaysLeft === 1
        ? 'Last free day'
        : `Storage ${money(item.storageDailyFeeCents)}/day`;
  const tone = !stored
    ? 'text-muted-foreground'
    : item.freeDaysLeft === 0
      ? 'text-destructive'
      : item.freeDaysLeft <= 5
        ? 'text-warning'
        : 'text-green-hover';
  return (
    <div className={compact ? 'grid text-xs' : 'grid text-sm'} data-testid="storage-fee">
      <span className={`font-semibold ${tone}`} data-testid="free-days">
        {daysText}
      </span>
      <span className="text-muted-foreground">
        {item.feeAccruedCents > 0 ? `${money(item.feeAccruedCents)} accrued` : 'No fees so far'}
      </span>
    </div>
  );
}

export function ForwardIcon(props: { className?: string }) {
  return <Truck aria-hidden="true" {...props} />;
}
