import {
  addressSchema,
  customsLineSchema,
  packageSchema,
  type AddressInput,
  type PackageInput,
  type QuoteRequestInput,
} from '@postwise/shared/schemas/shipping';
import type { z } from 'zod';
import type { AddressDraft, CustomsDraft, PackageDraft, PreferencesDraft } from '../stores/create-shipment-store';
import type { FieldErrors } from './address-fields';

const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function addressInput(a: AddressDraft): AddressInput {
  return {
    name: a.name,
    companyName: orNull(a.companyName),
    line1: a.line1,
    line2: orNull(a.line2),
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country.trim().toUpperCase(),
    phone: orNull(a.phone),
    email: orNull(a.email),
  };
}

/** Dollars as typed ("12.50") to integer cents, or null when empty. */
export function dollarsToCents(v: string): number | null {
  const n = Number(v.replace(/[$,\s]/g, ''));
  return v.trim() && Number.isFinite(n) ? Math.round(n * 100) : null;
}

export function packageInput(p: PackageDraft): PackageInput {
  return {
    packageType: p.packageType as PackageInput['packageType'],
    dimension: { unit: p.unit, length: p.length, width: p.width, height: p.height },
    weight: p.weight,
    weightUnits: p.weightUnits,
    numberOfPackages: p.numberOfPackages,
    insuranceDeclared: dollarsToCents(p.declaredValue),
    contentDescription: orNull(p.contentDescription),
  };
}

export function customsInput(c: CustomsDraft) {
  return {
    description: c.description,
    hsCode: c.hsCode,
    quantity: c.quantity,
    valueCents: dollarsToCents(c.value) ?? 0,
    originCountry: c.originCountry,
    weightOz: c.weightOz ?? '',
  };
}

/** First message per field path ("dimension.length" → "dimension"), for the form's error lines. */
export function issuesByField(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

export function validateAddress(a: AddressDraft): FieldErrors {
  const r = addressSchema.safeParse(addressInput(a));
  return r.success ? {} : issuesByField(r.error);
}

export function validatePackage(p: PackageDraft): FieldErrors {
  const r = packageSchema.safeParse(packageInput(p));
  return r.success ? {} : issuesByField(r.error);
}

export function validateCustoms(c: CustomsDraft): FieldErrors {
  const r = customsLineSchema.safeParse(customsInput(c));
  return r.success ? {} : issuesByField(r.error);
}

export function quoteInput(draft: {
  sender: AddressDraft;
  receiver: AddressDraft;
  packages: PackageDraft[];
  customs: CustomsDraft[];
  preferences: PreferencesDraft;
  returnOf?: { id: string } | null;
}): QuoteRequestInput {
  const international = draft.receiver.country.trim().toUpperCase() !== 'US';
  return {
    sender: addressInput(draft.sender),
    receiver: addressInput(draft.receiver),
    packages: draft.packages.map(packageInput),
    customs: international ? draft.customs.map(customsInput) : [],
    returnOf: draft.returnOf?.id ?? null,
    preferences: {
      priority: draft.preferences.priority,
      arriveBy: draft.preferences.priority === 'arriveBy' ? draft.preferences.arriveBy || null : null,
      signature: draft.preferences.signature,
      saturdayDelivery: draft.preferences.saturdayDelivery,
    },
  };
}
