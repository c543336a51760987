import { type CarrierAdapter, type CarrierRate, type PickupRequest, type PurchasedLabel, type RateRequest, type TrackInput, type TrackingSnapshot } from './carrier-adapter';
import type { ProviderRecordStore } from '../payments/payment-provider';
/** Tracking numbers in each carrier's familiar format, so screens and search look real. */
export declare function sandboxTrackingNumber(carrier: string): string;
/**
 * The embedded carrier (default, no keys): rates by zone and billable weight for three well-known carriers,
 * labels with carrier-shaped tracking numbers, and tracking that moves through the lifecycle on the app clock,
 * answering each carrier's own event shape (spec 3: FedEx carrier one, UPS and USPS carrier two).
 */
export declare class SandboxCarrierAdapter implements CarrierAdapter {
    private readonly now;
    private readonly store?;
    readonly provider = "sandbox";
    /** Labels bought in this process by reference (the store, when given, keeps them across restarts). */
    private readonly bought;
    constructor(now: () => Date, store?: ProviderRecordStore | undefined);
    rates(request: RateRequest): Promise<CarrierRate[]>;
    buyLabel(rate: CarrierRate, _request?: RateRequest, reference?: string): Promise<PurchasedLabel>;
    findLabel(_rate: CarrierRate, reference: string): Promise<PurchasedLabel | null>;
    voidLabel(input?: {
        providerShipmentId: string;
    }): Promise<boolean>;
    /** The lifecycle as it stands at the app clock's now. */
    track(input: TrackInput): Promise<TrackingSnapshot>;
    private simulate;
    schedulePickup(request: PickupRequest): Promise<{
        confirmation: string;
        providerPickupId: string;
    }>;
    cancelPickup(): Promise<void>;
    testConnection(): Promise<{
        ok: boolean;
        message: string;
    }>;
}
