import { describe, expect, it } from 'vitest';
import { billableWeightLb, dimensionalWeightLb, lengthPlusGirthIn, toPounds } from './weight';

const box = (
  weight: number,
  l: number,
  w: number,
  h: number,
  units: 'lb' | 'kg' | 'oz' = 'lb',
  unit: 'in' | 'cm' = 'in',
) => ({
  weight,
  weightUnits: units,
  dimension: { unit, length: l, width: w, height: h },
});

describe('billable weight', () => {
  it('uses the dimensional weight L×W×H/139 when it is larger than the actual weight', () => {
    expect(dimensionalWeightLb(box(2, 12, 12, 12))).toBeCloseTo(1728 / 139, 6);
    expect(billableWeightLb(box(2, 12, 12, 12))).toBe(13);
  });

  it('uses the actual weight of a small heavy parcel, rounded up to the next pound', () => {
    expect(billableWeightLb(box(6.4, 10, 8, 4))).toBe(7);
    expect(billableWeightLb(box(7, 10, 8, 4))).toBe(7);
  });

  it('charges at least one pound', () => {
    expect(billableWeightLb(box(3, 6, 4, 1, 'oz'))).toBe(1);
  });

  it('converts kilograms and centimetres', () => {
    expect(toPounds(1, 'kg')).toBeCloseTo(2.2046, 4);
    // 2 lb typed in kg stays 2 lb, not 3
    expect(billableWeightLb(box(0.90718474, 10, 10, 10, 'kg', 'cm'))).toBe(2);
    // 30.48 cm = 12 in: the same cube as above
    expect(billableWeightLb(box(1, 30.48, 30.48, 30.48, 'kg', 'cm'))).toBe(13);
  });

  it('measures length plus girth with the longest side as length', () => {
    expect(lengthPlusGirthIn(box(1, 10, 30, 5))).toBe(30 + 2 * (10 + 5));
  });
});
