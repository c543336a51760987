import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { normalizePostalCode, quickQuoteSchema, type ArrivalPriority } from '@postwise/shared/schemas/shipping';
import type { PackageDto, SavedAddressDto, ShipmentDto } from '@postwise/shared/schemas/shipping-dto';

/** An address as typed in the wizard (every field a string, so half-typed forms survive back/forward). */
export interface AddressDraft {
  name: string;
  companyName: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
  email: string;
}

export interface PackageDraft {
  packageType: string;
  unit: 'in' | 'cm';
  length: string;
  width: string;
  height: string;
  weight: string;
  weightUnits: 'lb' | 'kg' | 'oz' | 'g';
  numberOfPackages: string;
  /** Declared value in dollars as typed; sent in cents. */
  declaredValue: string;
  contentDescription: string;
}

export interface CustomsDraft {
  description: string;
  hsCode: string;
  quantity: string;
  /** Dollars as typed; sent in cents. */
  value: string;
  originCountry: string;
  /** Ounces as typed, optional (absent in drafts saved before lines had a weight). */
  weightOz?: string;
}

export interface PreferencesDraft {
  priority: ArrivalPriority;
  arriveBy: string;
  signature: boolean;
  saturdayDelivery: boolean;
}

export const EMPTY_ADDRESS: AddressDraft = {
  name: '',
  companyName: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
  phone: '',
  email: '',
};

export const EMPTY_PACKAGE: PackageDraft = {
  packageType: 'Box',
  unit: 'in',
  length: '',
  width: '',
  height: '',
  weight: '',
  weightUnits: 'lb',
  numberOfPackages: '1',
  declaredValue: '',
  contentDescription: '',
};

export const EMPTY_CUSTOMS: CustomsDraft = {
  description: '',
  hsCode: '',
  quantity: '1',
  value: '',
  originCountry: 'US',
  weightOz: '',
};

interface Draft {
  sender: AddressDraft;
  /** Whether the sender was pre-filled from the default already (so a cleared field is not filled again). */
  senderPrefilled: boolean;
  receiver: AddressDraft;
  saveReceiver: boolean;
  packages: PackageDraft[];
  customs: CustomsDraft[];
  preferences: PreferencesDraft;
  /** The service chosen on the home's quick quote: the quote step starts on it when the carrier offers it again. */
  chosenService: ChosenService | null;
  /** The shipment whose return label this wizard makes (its addresses swapped); null for an outbound shipment. */
  returnOf: { id: string; uniqueId: string } | null;
}

export interface ChosenService {
  carrier: string;
  service: string;
}

interface CreateShipmentStore extends Draft {
  update: (patch: Partial<Draft>) => void;
  /** "Ship again": a new wizard with a shipment's addresses and packages. */
  copyFrom: (shipment: ShipmentDto) => void;
  /** "Return label": a wizard with a shipment's addresses swapped and its packages, quoted as its return. */
  startReturn: (shipment: ShipmentDto) => void;
  reset: () => void;
}

const initial: Draft = {
  sender: EMPTY_ADDRESS,
  senderPrefilled: false,
  receiver: EMPTY_ADDRESS,
  saveReceiver: false,
  packages: [EMPTY_PACKAGE],
  customs: [],
  preferences: { priority: 'cheapest', arriveBy: '', signature: false, saturdayDelivery: false },
  chosenService: null,
  returnOf: null,
};

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function addressDraft(a: ShipmentDto['sender']): AddressDraft {
  return {
    name: a.name,
    companyName: text(a.companyName),
    line1: a.line1,
    line2: text(a.line2),
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country,
    phone: text(a.phone),
    email: text(a.email),
  };
}

/** The form's text of a package: one of a shipment or a saved preset (its declared value in dollars). */
function packageDraft(p: Omit<PackageDto, 'trackingNumber'>): PackageDraft {
  return {
    packageType: p.packageType,
    unit: p.dimension.unit,
    length: text(p.dimension.length),
    width: text(p.dimension.width),
    height: text(p.dimension.height),
    weight: text(p.weight),
    weightUnits: p.weightUnits,
    numberOfPackages: text(p.numberOfPackages),
    declaredValue: p.insuranceDeclared ? (p.insuranceDeclared / 100).toFixed(2) : '',
    contentDescription: text(p.contentDescription),
  };
}

/** A new wizard with a shipment's addresses and packages (the packages' declared values too). */
function copied(s: ShipmentDto): Draft {
  return {
    ...initial,
    sender: addressDraft(s.sender),
    senderPrefilled: true,
    receiver: addressDraft(s.receiver),
    packages: s.packages.map(packageDraft),
  };
}

/**
 * What was typed in the five create-shipment steps, kept in sessionStorage so back/forward and a reload keep it
 * and a closed tab forgets it.
 */
export const useCreateShipmentStore = create<CreateShipmentStore>()(
  persist(
    (set) => ({
      ...initial,
      update: (patch) => set(patch),
      copyFrom: (s) => set(copied(s)),
      startReturn: (s) =>
        set({
          ...copied(s),
          sender: addressDraft(s.receiver),
          receiver: addressDraft(s.sender),
          returnOf: { id: s.id, uniqueId: s.uniqueId },
        }),
      reset: () => set(initial),
    }),
    { name: 'create-shipment', storage: createJSONStorage(() => sessionStorage) },
  ),
);

export { addressDraft, packageDraft };

/**
 * /create?fromZip=…&toZip=…&weight=… (the home's quick quote): what a fresh wizard starts with, the sender and
 * receiver ZIPs and the weight in pounds of one package. A value that does not pass the quick-quote rules is left out.
 */
export function draftFromQuickQuote(params: URLSearchParams): Partial<Draft> {
  const { fromZip, toZip, weight } = quickQuoteSchema.shape;
  const patch: Partial<Draft> = {};
  const from = fromZip.safeParse(params.get('fromZip') ?? '');
  if (from.success) patch.sender = { ...EMPTY_ADDRESS, zipCode: from.data };
  const to = toZip.safeParse(params.get('toZip') ?? '');
  if (to.success) patch.receiver = { ...EMPTY_ADDRESS, zipCode: to.data };
  const toCountry = (params.get('toCountry') ?? 'US').trim().toUpperCase();
  if (toCountry !== 'US' && /^[A-Z]{2}$/.test(toCountry)) {
    // Another country: its postal code when it has the country's format, else only the country.
    const code = normalizePostalCode(toCountry, params.get('toZip') ?? '');
    patch.receiver = { ...EMPTY_ADDRESS, country: toCountry, zipCode: code ?? '' };
  }
  const lb = weight.safeParse(params.get('weight') ?? '');
  if (lb.success) patch.packages = [{ ...EMPTY_PACKAGE, weight: String(lb.data), weightUnits: 'lb' }];
  const carrier = params.get('carrier')?.trim();
  const service = params.get('service')?.trim();
  if (carrier && service) patch.chosenService = { carrier, service };
  return patch;
}

/** The rate the quote step starts on: the quick quote's service when offered again, else the first (the best). */
export function preferredRateId(
  rates: readonly { id: string; carrier: string; service: string }[],
  chosen: ChosenService | null,
): string | null {
  const same = chosen ? rates.find((r) => r.carrier === chosen.carrier && r.service === chosen.service) : undefined;
  return same?.id ?? rates[0]?.id ?? null;
}

/**
 * The sender once the default sender address is known. Nothing typed yet: the default. A ZIP from a quick quote
 * that is the default's: the default. Another ZIP: the default's name and contact with that ZIP and the street left
 * to type, so the street of one ZIP is never sent with another.
 */
export function senderWithDefault(current: AddressDraft, fallback: SavedAddressDto): AddressDraft {
  const known = addressDraft(fallback);
  const zip = current.zipCode.trim();
  if (!zip || zip === known.zipCode.trim()) return known;
  return { ...known, line1: '', line2: '', city: '', state: '', country: 'US', zipCode: zip };
}
