import { billableWeightLb, lengthPlusGirthIn } from '@postwise/shared/shipping/weight';
import { type Zone, zoneBetween } from '@postwise/shared/shipping/zones';
import type { Package } from '@postwise/shared/schemas/shipping';
import type { ServiceCategory } from './carrier-adapter';

/**
 * The sandbox carrier's price book: realistic retail prices by zone and billable weight, and a negotiated cost
 * 70–85% below retail (spec 1 advertises 70% or more off). Deterministic, so tests can assert exact cents.
 */

export interface SandboxCarrier {
  name: string;
  /** Which spec 3 scan-event shape this carrier's tracking emits. */
  eventShape: 'one' | 'two';
  /** Retail level relative to the book (carriers differ a little). */
  retailFactor: number;
  /** Our negotiated discount off retail (0.70..0.85). */
  discount: number;
  services: Partial<Record<ServiceCategory, string>>;
}

export const SANDBOX_CARRIERS: readonly SandboxCarrier[] = [
  {
    name: 'FedEx',
    eventShape: 'one',
    retailFactor: 1,
    discount: 0.78,
    services: {
      Ground: 'FedEx Ground',
      '2-Day': 'FedEx 2Day',
      Overnight: 'FedEx Standard Overnight',
      International: 'FedEx International Economy',
    },
  },
  {
    name: 'UPS',
    eventShape: 'two',
    retailFactor: 1.04,
    discount: 0.74,
    services: {
      Ground: 'UPS Ground',
      '2-Day': 'UPS 2nd Day Air',
      Overnight: 'UPS Next Day Air',
      International: 'UPS Worldwide Expedited',
    },
  },
  {
    name: 'USPS',
    eventShape: 'two',
    retailFactor: 0.92,
    discount: 0.82,
    services: {
      Ground: 'USPS Ground Advantage',
      '2-Day': 'USPS Priority Mail',
      Overnight: 'USPS Priority Mail Express',
      International: 'USPS Priority Mail International',
    },
  },
];

/** Largest parcel the sandbox carriers accept; beyond it the wizard offers a shipping request. */
export const MAX_BILLABLE_LB = 150;
export const MAX_LENGTH_PLUS_GIRTH_IN = 165;

// Ground: base plus a per-pound step that both grow with the zone (cents).
const GROUND_BASE = [0, 1010, 1065, 1140, 1235, 1390, 1560, 1740, 1930] as const;
const GROUND_PER_LB = [0, 62, 70, 86, 108, 134, 162, 190, 222] as const;
const SERVICE_FACTOR: Record<Exclude<ServiceCategory, 'International'>, number> = {
  Ground: 1,
  '2-Day': 2.15,
  Overnight: 3.7,
};
const INTERNATIONAL_BASE = 4650;
const INTERNATIONAL_PER_LB = 915;

/** Retail price of one parcel (cents) for a category; zone null means international. */
export function retailForParcel(category: ServiceCategory, zone: Zone | null, billableLb: number): number {
  if (category === 'International') return INTERNATIONAL_BASE + INTERNATIONAL_PER_LB * (billableLb - 1);
  const z = zone ?? 8;
  const ground = GROUND_BASE[z] + GROUND_PER_LB[z] * (billableLb - 1);
  return Math.round(ground * SERVICE_FACTOR[category]);
}

export function transitDaysFor(category: ServiceCategory, zone: Zone | null): number {
  switch (category) {
    case 'Overnight':
      return 1;
    case '2-Day':
      return 2;
    case 'International':
      return 6;
    default:
      return zone === null ? 5 : ([0, 1, 2, 2, 3, 3, 4, 5, 5] as const)[zone];
  }
}

/** Whether every parcel fits the sandbox carriers (pallets and oversize go to a shipping request). */
export function parcelsFit(packages: readonly Package[]): boolean {
  return packages.every(
    (p) =>
      p.packageType !== 'Pallet' &&
      billableWeightLb(p) <= MAX_BILLABLE_LB &&
      lengthPlusGirthIn(p) <= MAX_LENGTH_PLUS_GIRTH_IN,
  );
}

/** Adds business days (no Sundays; Saturdays only when Saturday delivery is asked for) to a date. */
export function addBusinessDays(from: Date, days: number, saturday: boolean): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const dow = d.getUTCDay();
    if (dow === 0 || (dow === 6 && !saturday)) continue;
    left--;
  }
  return d;
}

export function zoneFor(senderZip: string, receiverZip: string, international: boolean): Zone | null {
  if (international) return null;
  return zoneBetween(senderZip, receiverZip) ?? 8;
}
