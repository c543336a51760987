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
  /** A return label of an earlier shipment (EasyPost's `is_return`): the carrier prints it as a return. */
  isReturn?: boolean;
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
  /** The first parcel's tracking number (the shipment's own, shown first). */
  trackingNumber: string;
  /**
   * Every parcel's tracking number, in the order of the parcels (each package row's copies in turn). Absent on a
   * label recorded before parcels were tracked one by one: then the shipment has `trackingNumber` only.
   */
  parcelTrackingNumbers?: string[];
  /** The provider's shipment id (to void, track, refund); several parcels' ids joined by commas. */
  providerShipmentId: string;
  /** What the provider charged us, in cents (postage, and the carrier's insurance fee where it sold insurance). */
  costCents: number;
  /** The value the carrier insured, in cents (null or absent: none bought from the carrier). */
  insuredCents?: number | null;
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

/** The day's labels of one from address to put on one SCAN form (USPS's PS Form 5630 manifest). */
export interface ScanFormRequest {
  carrier: string;
  fromAddress: Address;
  /** YYYY-MM-DD: the day the labels are handed over. */
  shipDate: string;
  /** The provider's shipment ids of every parcel on the form. */
  providerShipmentIds: string[];
  /** Every parcel's tracking number, in the order of providerShipmentIds. */
  trackingNumbers: string[];
}

/** A SCAN form the carrier made: one barcode the carrier scans to accept every listed parcel at once. */
export interface CarrierScanForm {
  providerFormId: string;
  /** EasyPost's status: `created` with a form to print; `creating` while the carrier still draws it. */
  status: 'created' | 'creating';
  trackingNumbers: string[];
  /** The form as a PDF; null while the carrier is still making it (scanFormFile fetches it later). */
  pdf: Buffer | null;
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
  /**
   * The customs form the carrier made for an international label (CN22/CN23 or a commercial invoice), as one PDF,
   * or null when it made none. Absent for a provider that issues no real postage: the product draws a sample.
   */
  customsForm?(providerShipmentId: string): Promise<Buffer | null>;
  /** The carrier's address verification (EasyPost); absent where there is none (the sandbox checks by table). */
  verifyAddress?(address: Address): Promise<AddressVerification>;
  /** Voids an unused label; true when the provider accepted the refund. */
  voidLabel(input: { carrier: string; trackingNumber: string; providerShipmentId: string }): Promise<boolean>;
  track(input: TrackInput): Promise<TrackingSnapshot>;
  schedulePickup(request: PickupRequest): Promise<{ confirmation: string; providerPickupId: string }>;
  cancelPickup(providerPickupId: string): Promise<void>;
  /**
   * Makes the SCAN form of labels bought from one address on one day. The carrier refuses (CarrierError) labels that
   * are unknown, not bought, of another carrier or from another address, or already on a form.
   */
  createScanForm(request: ScanFormRequest): Promise<CarrierScanForm>;
  /** The PDF of a form made earlier, or null while the carrier is still making it. */
  scanFormFile(providerFormId: string): Promise<Buffer | null>;
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
