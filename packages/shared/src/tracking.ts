/**
 * Carrier scan events come in two shapes (spec 3). Both normalize to one timeline entry so the
 * public tracking page, shipment details and the carrier sync share one reading of them.
 *
 * - Carrier one: { gmtDate: 'YYYYMMDD', gmtTime: 'HH:MM[:SS]', status: { description }, location: { address: { country, city } } }
 * - Carrier two: { date: ISO string, eventDescription? , derivedStatus?, scanLocation: { countryName, city } }
 */
export interface CarrierOneScanEvent {
  gmtDate: string;
  gmtTime?: string | null;
  status?: { description?: string | null } | null;
  location?: { address?: { country?: string | null; city?: string | null } | null } | null;
}

export interface CarrierTwoScanEvent {
  date: string;
  eventDescription?: string | null;
  derivedStatus?: string | null;
  scanLocation?: { countryName?: string | null; city?: string | null } | null;
}

export type ScanEvent = CarrierOneScanEvent | CarrierTwoScanEvent;

export interface TimelineEvent {
  /** ISO 8601 in UTC, or null when the carrier sent no usable date. */
  occurredAt: string | null;
  description: string;
  city: string | null;
  country: string | null;
  /** "City, Country" or whichever part exists; null when neither does. */
  location: string | null;
}

function isCarrierOne(e: ScanEvent): e is CarrierOneScanEvent {
  return typeof (e as CarrierOneScanEvent).gmtDate === 'string';
}

function isCarrierTwo(e: ScanEvent): e is CarrierTwoScanEvent {
  return typeof (e as CarrierTwoScanEvent).date === 'string';
}

function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

function carrierOneInstant(gmtDate: string, gmtTime: string | null | undefined): string | null {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(gmtDate.trim());
  if (!d) return null;
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((gmtTime ?? '').trim());
  const [hh, mm, ss] = t ? [t[1], t[2], t[3] ?? '00'] : ['00', '00', '00'];
  const iso = `${d[1]}-${d[2]}-${d[3]}T${hh!.padStart(2, '0')}:${mm}:${ss}Z`;
  return Number.isNaN(Date.parse(iso)) ? null : new Date(iso).toISOString();
}

function location(city: string | null, country: string | null): string | null {
  const parts = [city, country].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

export function normalizeScanEvent(event: ScanEvent): TimelineEvent | null {
  if (isCarrierOne(event)) {
    const city = clean(event.location?.address?.city);
    const country = clean(event.location?.address?.country);
    return {
      occurredAt: carrierOneInstant(event.gmtDate, event.gmtTime),
      description: clean(event.status?.description) ?? 'Status update',
      city,
      country,
      location: location(city, country),
    };
  }
  if (isCarrierTwo(event)) {
    const city = clean(event.scanLocation?.city);
    const country = clean(event.scanLocation?.countryName);
    const parsed = Date.parse(event.date);
    return {
      occurredAt: Number.isNaN(parsed) ? null : new Date(parsed).toISOString(),
      description: clean(event.eventDescription) ?? clean(event.derivedStatus) ?? 'Status update',
      city,
      country,
      location: location(city, country),
    };
  }
  return null;
}

/** Normalizes a carrier's events into a timeline, newest first; undated events go last. */
export function normalizeScanEvents(events: readonly ScanEvent[] | null | undefined): TimelineEvent[] {
  const out = (events ?? []).map(normalizeScanEvent).filter((e): e is TimelineEvent => e !== null);
  return out.sort((a, b) => {
    if (a.occurredAt === b.occurredAt) return 0;
    if (a.occurredAt === null) return 1;
    if (b.occurredAt === null) return -1;
    return b.occurredAt.localeCompare(a.occurredAt);
  });
}
