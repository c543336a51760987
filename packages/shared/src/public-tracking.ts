import type { CarrierOneScanEvent, CarrierTwoScanEvent, ScanEvent } from './tracking';

/**
 * The public tracking result of spec 3 (GET shipments/track/public). Anyone who knows a tracking number can read it,
 * so by number alone it names only places (city, state, country of origin and destination), never people or
 * streets. The spec's sender and receiver (name, company, street line) are added for a visitor who also gives the
 * destination ZIP code, and for the signed-in owner. Never: phone, e-mail, street line 2, prices, package contents
 * or declared insurance.
 */
export interface TrackingPlace {
  city: string;
  state: string;
  country: string;
}

export interface TrackingParty {
  name: string;
  companyName: string | null;
  address: { line1: string; city: string; zipCode: string; state: string; country: string };
}

export interface TrackingPackage {
  packageType: string;
  dimension: { unit: string; length: number; width: number; height: number } | null;
  weight: number | null;
  weightUnits: string | null;
  numberOfPackages: number;
  trackingNumber: string | null;
}

/** 'public': places only; 'full': sender and receiver too (destination ZIP code given, or the owner asking). */
export type TrackingAccess = 'public' | 'full';

export interface TrackingResult {
  uniqueId: string;
  access: TrackingAccess;
  logistics: { carrier: string };
  /** Where the parcel stands now: the lifecycle status and its words. */
  status: { code: string; description: string };
  shipmentDetails: {
    service: string;
    /** The expectation while the parcel travels; null once it is delivered, voided or cancelled. */
    deliveryDate: string | null;
    deliveryTime: string | null;
    category: string | null;
  };
  /** When the carrier delivered it (its newest event), else null. */
  deliveredAt: string | null;
  origin: TrackingPlace;
  destination: TrackingPlace;
  sender: TrackingParty | null;
  receiver: TrackingParty | null;
  packages: TrackingPackage[];
  /** The carrier's events in their own shape (spec 3), newest first; read them with normalizeScanEvents. */
  tracking: { details: { scanEvents: ScanEvent[] } };
}

/**
 * Whether the ZIP code a visitor typed is the destination's: case, spaces and dashes do not count, and a US
 * ZIP+4 matches its five-digit ZIP (either way round).
 */
export function destinationZipMatches(
  given: string | null | undefined,
  destinationZip: string,
  country: string,
): boolean {
  const norm = (v: string) => v.toUpperCase().replace(/[\s-]/g, '');
  const a = norm(given ?? '');
  const b = norm(destinationZip);
  if (!a || !b) return false;
  if (country.toUpperCase() === 'US') return a.slice(0, 5) === b.slice(0, 5) && a.length >= 5;
  return a === b;
}

function str(value: unknown): string | null | undefined {
  if (value === null) return null;
  return typeof value === 'string' ? value : undefined;
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Keeps only the spec 3 fields of a stored carrier event (carrier one: gmtDate, gmtTime, status.description,
 * location.address country and city; carrier two: date, eventDescription, derivedStatus, scanLocation countryName
 * and city). Carriers send far more (signatures, recipient names, internal codes) that must not go public.
 * Answers null for a value of neither shape.
 */
export function toPublicScanEvent(raw: unknown): ScanEvent | null {
  if (raw === null || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  if (typeof e.gmtDate === 'string') {
    const status = e.status as CarrierOneScanEvent['status'];
    const address = (e.location as CarrierOneScanEvent['location'])?.address;
    return compact<CarrierOneScanEvent>({
      gmtDate: e.gmtDate,
      gmtTime: str(e.gmtTime),
      status: status && typeof status === 'object' ? compact({ description: str(status.description) }) : undefined,
      location:
        address && typeof address === 'object'
          ? { address: compact({ country: str(address.country), city: str(address.city) }) }
          : undefined,
    });
  }
  if (typeof e.date === 'string') {
    const loc = e.scanLocation as CarrierTwoScanEvent['scanLocation'];
    return compact<CarrierTwoScanEvent>({
      date: e.date,
      eventDescription: str(e.eventDescription),
      derivedStatus: str(e.derivedStatus),
      scanLocation:
        loc && typeof loc === 'object'
          ? compact({ countryName: str(loc.countryName), city: str(loc.city) })
          : undefined,
    });
  }
  return null;
}
