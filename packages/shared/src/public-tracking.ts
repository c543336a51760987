import type { CarrierOneScanEvent, CarrierTwoScanEvent, ScanEvent } from './tracking';

/**
 * The public tracking result of spec 3 (GET shipments/track/public). It carries only what spec 3 lists,
 * because anyone who knows a tracking number can read it: no phone, e-mail, street line 2, city, prices,
 * package contents or declared insurance.
 */
export interface TrackingParty {
  name: string;
  companyName: string | null;
  address: { line1: string; zipCode: string; state: string; country: string };
}

export interface TrackingPackage {
  packageType: string;
  dimension: { unit: string; length: number; width: number; height: number } | null;
  weight: number | null;
  weightUnits: string | null;
  numberOfPackages: number;
  trackingNumber: string | null;
}

export interface TrackingResult {
  uniqueId: string;
  logistics: { carrier: string };
  shipmentDetails: {
    service: string;
    deliveryDate: string | null;
    deliveryTime: string | null;
    category: string | null;
  };
  sender: TrackingParty;
  receiver: TrackingParty;
  packages: TrackingPackage[];
  /** The carrier's events in their own shape (spec 3), newest first; read them with normalizeScanEvents. */
  tracking: { details: { scanEvents: ScanEvent[] } };
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
