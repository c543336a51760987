/**
 * Shipping insurance of a declared value, as the sandbox prices it (and as the quote shows it before a carrier
 * prices its own): $1.00 for each $100 of declared value or part of it, at least $1.00; nothing when no value is
 * declared. A parcel may be declared at up to $5,000.00.
 */
export const INSURANCE_RATE_CENTS_PER_100_DOLLARS = 100;
export const INSURANCE_MINIMUM_CENTS = 100;
export const MAX_DECLARED_VALUE_CENTS = 500_000;
export const DECLARED_VALUE_MAX_MESSAGE = 'Declared value cannot be more than $5,000.00';

/** The insurance of one parcel declared at `declaredCents`. */
export function insuranceCostCents(declaredCents: number | null | undefined): number {
  if (!declaredCents || declaredCents <= 0) return 0;
  const hundreds = Math.ceil(declaredCents / 10_000);
  return Math.max(INSURANCE_MINIMUM_CENTS, hundreds * INSURANCE_RATE_CENTS_PER_100_DOLLARS);
}

/** The insurance of a shipment: each package row's declared value covers each of its copies. */
export function shipmentInsuranceCents(
  packages: readonly { insuranceDeclared?: number | null; numberOfPackages?: number }[],
): number {
  return packages.reduce((sum, p) => sum + insuranceCostCents(p.insuranceDeclared) * (p.numberOfPackages ?? 1), 0);
}
