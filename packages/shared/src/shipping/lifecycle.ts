/** Shipment statuses (label lifecycle) shared by the API, the tracking job and the screens' badges. */
export const SHIPMENT_STATUSES = [
  'draft',
  'label_created',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'cancelled',
  'voided',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** A label can be voided (and refunded) only before the carrier has the parcel. */
export const VOIDABLE_STATUSES: readonly ShipmentStatus[] = ['label_created'];

/** Statuses the tracking job keeps refreshing; the others are final. */
export const TRACKED_STATUSES: readonly ShipmentStatus[] = [
  'label_created',
  'in_transit',
  'out_for_delivery',
  'exception',
];

/** Status changes the customer is told about (out for delivery, delivered, exceptions). */
export const NOTIFY_STATUSES: readonly ShipmentStatus[] = ['out_for_delivery', 'delivered', 'exception'];

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  draft: 'Draft',
  label_created: 'Label created',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  exception: 'Exception',
  cancelled: 'Cancelled',
  voided: 'Voided',
};
