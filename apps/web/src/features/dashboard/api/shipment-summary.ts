import { useQuery } from '@tanstack/react-query';
import type { ShipmentSummaryDto } from '@postwise/shared/schemas/shipping-dto';
import { get } from '../../../lib/api-client';

/**
 * The caller's own shipping at a glance. Keyed under ['shipping'] so buying or voiding a label (which invalidates
 * the shipping queries) refreshes the home too.
 */
export const shipmentSummaryKey = ['shipping', 'summary'] as const;

export function useShipmentSummary(enabled: boolean) {
  return useQuery({
    queryKey: shipmentSummaryKey,
    queryFn: () => get<ShipmentSummaryDto>('shipments/summary'),
    enabled,
  });
}
