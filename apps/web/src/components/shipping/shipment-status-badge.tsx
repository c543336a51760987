import type { ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import { Badge, type BadgeProps } from '../ui/badge';

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

/** The status with its words, never colour alone (shipments list, details and the customer's home). */
export function ShipmentStatusBadge({ status }: { status: ShipmentDto['status'] }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="shipment-status">
      {SHIPMENT_STATUS_TEXT[status]}
    </Badge>
  );
}
