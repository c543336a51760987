import { useMutation } from '@tanstack/react-query';
import type { TrackingResult } from '@postwise/shared/public-tracking';
import { get } from '../../../lib/api-client';

/** GET shipments/track/public with query {trackingNumber} (spec 7). */
export function trackShipment(trackingNumber: string): Promise<TrackingResult> {
  return get<TrackingResult>('shipments/track/public', { trackingNumber });
}

export function useTrackShipment() {
  return useMutation({ mutationFn: trackShipment });
}
