import type { ShipmentStatus } from '@postwise/shared/shipping/lifecycle';
import type { Address, ArrivalPreferences, CustomsLine, Package } from '@postwise/shared/schemas/shipping';
import type { ScanEvent } from '@postwise/shared/tracking';

/** The service families every adapter maps its own services to (the wizard sorts and labels by them). */
export type ServiceCategory = 'Ground' | '2-Day' | 'Overnight' | 'International';

export interface RateRequest {
  sender: Address;
  receiver: Address;
  packages: Package[];
  customs: CustomsLine[];
  preferences: ArrivalPreferences;
  /** The day the parcel is handed over (today on the app clock). */
  shipDate: Date;
}

/** One carrier service that fits, in the carrier's own money (cents): list price and what we pay. */
export interface CarrierRate {
  /** Which adapter sold it: `sandbox` or `easypost`. */
  provider: string;
  carrier: string;
  service: string;
  category: ServiceCategory;
  retailCents: number;
  costCents: number;
  transitDays: number;
  /** YYYY-MM-DD. */
  deliveryDate: string;
  /** The provider's ids needed to buy this rate later (EasyPost shipment and rate ids). */
  providerRef: Record<string, string>;
}

export interface PurchasedLabel {
  trackingNumber: string;
  /** The provider's shipment id (to void, track, refund). */
  providerShipmentId: string;
  /** What the provider charged us, in cents. */
  costCents: number;
}

/** The carrier's own label for a bought shipment: a 4×6 PDF (one page per parcel) and the same in ZPL. */
export interface LabelFiles {
  pdf: Buffer;
  zpl: Buffer;
}

/** What a carrier's address verification said of an address. */
export interface AddressVerification {
  /** False: the carrier says it cannot deliver there (messages say why). */
  deliverable: boolean;
  /** The carrier's spelling of a deliverable address when it differs from what was typed, for the customer to accept. */
  corrected: Address | null;
  messages: string[];
}

export interface TrackingSnapshot {
  status: ShipmentStatus;
  /** The carrier's events in its own shape (spec 3 carrier one or carrier two), any order. */
  events: ScanEvent[];
}

export interface TrackInput {
  carrier: string;
  trackingNumber: string;
  providerShipmentId: string | null;
  labelCreatedAt: Date;
  deliveryDate: string | null;
  sender: Address;
  receiver: Address;
}

export interface PickupRequest {
  carrier: string;
  address: Address;
  date: string;
  windowStart: string;
  windowEnd: string;
  packageCount: number;
  providerShipmentIds: string[];
  instructions: string | null;
}

/** A carrier API behind one interface (sandbox embedded; EasyPost for real carriers). */
export interface CarrierAdapter {
  readonly provider: string;
  rates(request: RateRequest): Promise<CarrierRate[]>;
  /**
   * Buys the label. `reference` is the purchase's own key: the same reference never buys a second label (the
   * sandbox answers the first; EasyPost refuses to buy a shipment twice, and findLabel finds the first).
   */
  buyLabel(rate: CarrierRate, request: RateRequest, reference: string): Promise<PurchasedLabel>;
  /**
   * What the carrier sold for this reference, or null when it sold nothing (recovery of a purchase interrupted by a
   * crash: a label bought and never recorded is then recorded or voided). Never buys.
   */
  findLabel(rate: CarrierRate, reference: string): Promise<PurchasedLabel | null>;
  /**
   * The carrier's label files of a bought label (every parcel of it). Absent for a provider that issues no real
   * postage (the sandbox): the product then draws a sample label. Throws CarrierError when the files cannot be had
   * right now; the caller tries again later.
   */
  labelFiles?(providerShipmentId: string): Promise<LabelFiles>;
  /** The carrier's address verification (EasyPost); absent where there is none (the sandbox checks by table). */
  verifyAddress?(address: Address): Promise<AddressVerification>;
  /** Voids an unused label; true when the provider accepted the refund. */
  voidLabel(input: { carrier: string; trackingNumber: string; providerShipmentId: string }): Promise<boolean>;
  track(input: TrackInput): Promise<TrackingSnapshot>;
  schedulePickup(request: PickupRequest): Promise<{ confirmation: string; providerPickupId: string }>;
  cancelPickup(providerPickupId: string): Promise<void>;
  /** "Test connection" of the carrier configuration screen. */
  testConnection(): Promise<{ ok: boolean; message: string }>;
}

/** A carrier or provider refused or failed: the message is safe to show. */
export class CarrierError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarrierError';
  }
}
