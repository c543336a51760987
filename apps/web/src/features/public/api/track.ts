import type { TrackingResult } from '@postwise/shared/public-tracking';
import { get } from '../../../lib/api-client';
import { useLightMutation } from '../../../lib/light-mutation';

/** GET shipments/track/public with query {trackingNumber} (spec 7). */
export function trackShipment(trackingNumber: string): Promise<TrackingResult> {
  return get<TrackingResult>('shipments/track/public', { trackingNumber });
}

export function useTrackShipment() {
  return useLightMutation(trackShipment);
}
