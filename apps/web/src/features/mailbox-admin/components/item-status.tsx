import { type MailItemStatus, type MailItemKind, MAIL_ITEM_KIND_LABELS } from '@postwise/shared/mail';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

const ITEM_STATUS: Record<MailItemStatus, { text: string; variant: BadgeProps['variant'] }> = {
  received: { text: 'Received', variant: 'primary' },
  scan_requested: { text: 'Scan requested', variant: 'warning' },
  scanned: { text: 'Scanned', variant: 'success' },
  forward_requested: { text: 'Forward requested', variant: 'warning' },
  forwarded: { text: 'Forwarded', variant: 'success' },
  pickup_requested: { text: 'Pickup requested', variant: 'warning' },
  picked_up: { text: 'Picked up', variant: 'success' },
  shred_requested: { text: 'Shred requested', variant: 'warning' },
  shredded: { text: 'Shredded', variant: 'neutral' },
  junk_requested: { text: 'Recycle requested', variant: 'warning' },
  junked: { text: 'Recycled', variant: 'neutral' },
};

/** An item's state for the operator, as a badge with text. */
export function ItemStatusBadge({ status }: { status: MailItemStatus }) {
  const s = ITEM_STATUS[status];
  return <Badge variant={s.variant}>{s.text}</Badge>;
}

export function kindText(kind: MailItemKind): string {
  return MAIL_ITEM_KIND_LABELS[kind] ?? kind;
}
