/**
 * Billable weight: carriers charge the greater of the actual weight and the dimensional weight
 * (length × width × height / 139 in inches and pounds), rounded up to the next whole pound.
 */

export type WeightUnit = 'lb' | 'kg' | 'oz' | 'g';
export type DimensionUnit = 'in' | 'cm';

/** The divisor for cubic inches per pound used by US carriers for retail and commercial rates. */
export const DIM_DIVISOR_IN_LB = 139;

const LB_PER: Record<WeightUnit, number> = { lb: 1, kg: 2.2046226218, oz: 1 / 16, g: 0.0022046226218 };
const IN_PER: Record<DimensionUnit, number> = { in: 1, cm: 1 / 2.54 };

export function toPounds(weight: number, unit: WeightUnit): number {
  return weight * LB_PER[unit];
}

export function toInches(length: number, unit: DimensionUnit): number {
  return length * IN_PER[unit];
}

export interface ParcelMeasure {
  weight: number;
  weightUnits: WeightUnit;
  dimension: { unit: DimensionUnit; length: number; width: number; height: number };
}

export function dimensionalWeightLb(p: ParcelMeasure): number {
  const { unit, length, width, height } = p.dimension;
  return (toInches(length, unit) * toInches(width, unit) * toInches(height, unit)) / DIM_DIVISOR_IN_LB;
}

// Floating point: 2 lb typed as 0.90718474 kg must not become 3 lb.
const EPSILON = 1e-6;

/** Whole pounds charged for one parcel: the larger of actual and dimensional weight, rounded up, at least 1. */
export function billableWeightLb(p: ParcelMeasure): number {
  const actual = toPounds(p.weight, p.weightUnits);
  return Math.max(1, Math.ceil(Math.max(actual, dimensionalWeightLb(p)) - EPSILON));
}

/** Length plus girth (2 × (width + height)) in inches, with the longest side as length; carriers cap it. */
export function lengthPlusGirthIn(p: ParcelMeasure): number {
  const sides = [p.dimension.length, p.dimension.width, p.dimension.height]
    .map((s) => toInches(s, p.dimension.unit))
    .sort((a, b) => b - a);
  return sides[0]! + 2 * (sides[1]! + sides[2]!);
}
