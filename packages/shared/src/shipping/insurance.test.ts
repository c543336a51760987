import { describe, expect, it } from 'vitest';
import { insuranceCostCents, MAX_DECLARED_VALUE_CENTS, shipmentInsuranceCents } from './insurance';

describe('insurance of a declared value', () => {
  it('costs $1.00 per $100 or part of it, at least $1.00, nothing undeclared', () => {
    expect(insuranceCostCents(null)).toBe(0);
    expect(insuranceCostCents(0)).toBe(0);
    expect(insuranceCostCents(1)).toBe(100);
    expect(insuranceCostCents(5_000)).toBe(100);
    expect(insuranceCostCents(10_000)).toBe(100);
    expect(insuranceCostCents(10_001)).toBe(200);
    expect(insuranceCostCents(25_000)).toBe(300);
    expect(insuranceCostCents(MAX_DECLARED_VALUE_CENTS)).toBe(5_000);
  });

  it('covers each copy of a package row', () => {
    expect(
      shipmentInsuranceCents([
        { insuranceDeclared: 25_000, numberOfPackages: 2 },
        { insuranceDeclared: null, numberOfPackages: 3 },
        { insuranceDeclared: 100 },
      ]),
    ).toBe(700);
  });
});
