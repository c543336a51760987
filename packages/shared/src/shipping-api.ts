import type { AddressDto, PackageDto } from './schemas/shipping-dto';

/**
 * API answers of the shipping work whose response schemas live with their routes (pickups, shipping requests,
 * shipping configuration, the public shipping analysis), typed once for the web client. Money is integer cents.
 */

/** An address where only the contact details and the company may be left out (pickups, shipping requests). */
export type LooseAddressDto = Omit<AddressDto, 'companyName' | 'line2' | 'phone' | 'email'> &
  Partial<Pick<AddressDto, 'companyName' | 'line2' | 'phone' | 'email'>>;

/** GET pickups: a carrier pickup (the API's Pickup schema). */
export interface PickupDto {
  id: string;
  carrier: string;
  address: LooseAddressDto;
  date: string;
  windowStart: string;
  windowEnd: string;
  shipmentIds: string[];
  packageCount: number;
  instructions: string | null;
  status: 'scheduled' | 'cancelled';
  confirmation: string | null;
  createdAt: string;
  /** Whose pickup: on the super admin's list only (null for a customer's own). */
  customer: { id: string; fullName: string; email: string } | null;
}

export type ShippingRequestStatus = 'pending' | 'quoted' | 'accepted' | 'cancelled';

/** GET shipping-requests: a custom quote request (the API's ShippingRequest schema). */
export interface ShippingRequestDto {
  id: string;
  userId: string | null;
  /** Who asked: the super admin's list only (null for a customer's own). */
  customer: { fullName: string; email: string } | null;
  sender: LooseAddressDto;
  receiver: LooseAddressDto;
  packages: (Omit<PackageDto, 'insuranceDeclared' | 'contentDescription' | 'trackingNumber'> &
    Partial<Pick<PackageDto, 'insuranceDeclared' | 'contentDescription' | 'trackingNumber'>>)[];
  description: string;
  status: ShippingRequestStatus;
  quote: {
    carrier: string;
    service: string;
    priceCents: number;
    costCents: number | null;
    transitDays: number | null;
    note: string | null;
  } | null;
  quotedAt: string | null;
  shipmentId: string | null;
  createdAt: string;
}

/** GET carriers: a provider's settings; the API key itself is never answered, only whether one is set. */
export interface CarrierConfigDto {
  provider: 'sandbox' | 'easypost';
  name: string;
  enabled: boolean;
  needsCredentials: boolean;
  hasCredentials: boolean;
  credentialsHint: string | null;
  services: { carrier: string; service: string; enabled: boolean }[];
  disabledServices: string[];
  lastTestedAt: string | null;
  lastTestOk: boolean | null;
}

export type AdjustmentType = 'AMOUNT' | 'PERCENTAGE';

/** GET margin-discounts: a platform markup or a customer's discount (the API's MarginDiscount schema). */
export interface MarginDiscountDto {
  id: string;
  kind: 'markup' | 'discount';
  userId: string | null;
  user: { id: string; email: string | null; fullName: string | null } | null;
  carrier: string | null;
  service: string | null;
  type: AdjustmentType;
  /** Cents for AMOUNT, percent (12.5) for PERCENTAGE. */
  value: number;
  updatedAt: string;
}

/** GET shipping-accounts/{userId}: a customer's pay-later credit. */
export interface ShippingAccountDto {
  userId: string;
  creditLimitCents: number;
  creditBalanceCents: number;
  payLaterOutstandingCents: number;
}

/** One past shipment compared with our price (null fields when the row could not be read). */
export interface AnalysisRowDto {
  row: number;
  fromZip: string | null;
  toZip: string | null;
  zone: number | null;
  billableWeightLb: number | null;
  paidCents: number | null;
  ourPriceCents: number | null;
  retailCents: number | null;
  savingCents: number | null;
  carrier: string | null;
  service: string | null;
  error: string | null;
}

/** POST shipping-analysis: the report of the free shipping-cost analysis (the API's ShippingAnalysis schema). */
export interface AnalysisReportDto {
  rows: AnalysisRowDto[];
  rowCount: number;
  errorCount: number;
  truncated: boolean;
  totals: { paidCents: number; ourPriceCents: number; savingCents: number; savingPercent: number };
}
