import { formatCents } from '@postwise/shared/plans';
import { EMPTY_VALUE } from '../../../lib/format';

export function money(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? EMPTY_VALUE : formatCents(cents, { alwaysDecimals: true });
}

export function shortDate(iso: string | null | undefined): string {
  if (!iso) return EMPTY_VALUE;
  // A plain YYYY-MM-DD is a calendar day: read it at noon so no time zone moves it a day.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return EMPTY_VALUE;
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export { SHIPMENT_STATUS_TEXT, ShipmentStatusBadge } from '../../../components/shipping/shipment-status-badge';
