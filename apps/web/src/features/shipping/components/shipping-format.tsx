import { formatCents } from '@postwise/shared/plans';
import type { ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

export function money(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '—' : formatCents(cents, { alwaysDecimals: true });
}

export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  // A plain YYYY-MM-DD is a calendar day: read it at noon so no time zone moves it a day.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export const SHIPMENT_STATUS_TEXT: Record<ShipmentDto['status'], string> = {
  draft: 'Draft',
  label_created: 'Label created',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  exception: 'Exception',
  cancelled: 'Cancelled',
  voided: 'Voided',
};

const STATUS_VARIANT: Record<ShipmentDto['status'], BadgeProps['variant']> = {
  draft: 'neutral',
  label_created: 'primary',
  in_transit: 'warning',
  out_for_delivery: 'orange',
  delivered: 'success',
  exception: 'destructive',
  cancelled: 'neutral',
  voided: 'neutral',
};

/** The status with its words, never colour alone. */
export function ShipmentStatusBadge({ status }: { status: ShipmentDto['status'] }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="shipment-status">
      {SHIPMENT_STATUS_TEXT[status]}
    </Badge>
  );
}
