import { type Zone } from '@postwise/shared/shipping/zones';
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
export declare const SANDBOX_CARRIERS: readonly SandboxCarrier[];
/** Largest parcel the sandbox carriers accept; beyond it the wizard offers a shipping request. */
export declare const MAX_BILLABLE_LB = 150;
export declare const MAX_LENGTH_PLUS_GIRTH_IN = 165;
/** Retail price of one parcel (cents) for a category; zone null means international. */
export declare function retailForParcel(category: ServiceCategory, zone: Zone | null, billableLb: number): number;
export declare function transitDaysFor(category: ServiceCategory, zone: Zone | null): number;
/** Whether every parcel fits the sandbox carriers (pallets and oversize go to a shipping request). */
export declare function parcelsFit(packages: readonly Package[]): boolean;
/** Adds business days (no Sundays; Saturdays only when Saturday delivery is asked for) to a date. */
export declare function addBusinessDays(from: Date, days: number, saturday: boolean): Date;
export declare function zoneFor(senderZip: string, receiverZip: string, international: boolean): Zone | null;
