import type { TrackingResult } from '@postwise/shared/public-tracking';
import { get } from '../../../lib/api-client';
import { useLightMutation } from '../../../lib/light-mutation';

/**
 * GET shipments/track/public with query {trackingNumber} (spec 7), and the destination ZIP code when the visitor
 * gave it: only then does the answer name the sender and receiver.
 */
export function trackShipment({
  trackingNumber,
  zip,
}: {
  trackingNumber: string;
  zip?: string;
}): Promise<TrackingResult> {
  return get<TrackingResult>('shipments/track/public', zip ? { trackingNumber, zip } : { trackingNumber });
}

export function useTrackShipment() {
  return useLightMutation(trackShipment);
}
