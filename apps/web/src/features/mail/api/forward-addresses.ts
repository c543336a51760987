import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allows } from '@postwise/shared/capabilities';
import type { ForwardAddress } from '@postwise/shared/schemas/mail';
import { savedAddressSchema, type SavedAddressInput } from '@postwise/shared/schemas/shipping';
import type { SavedAddressDto } from '@postwise/shared/schemas/shipping-dto';
import { ApiError, getPage, post } from '../../../lib/api-client';
import { useViewer } from '../../../stores/viewer';

/**
 * The customer's saved address list (GET/POST addresses) as forward destinations. The list belongs to the
 * shipping side ('shipping.use'): a mailbox-only customer may not read it, so the step falls back to the
 * account address and the last one used. The key sits under ['shipping', 'addresses'] so a save from either
 * side refreshes both lists.
 */
export const forwardAddressKeys = {
  all: ['shipping', 'addresses'] as const,
  page: (pageNo: number, pageSize: number, search: string) =>
    [...forwardAddressKeys.all, 'forward', pageNo, pageSize, search] as const,
};

/** Whether this viewer may use the saved address list at all (the API's audience for it). */
export function useCanUseAddressList(): boolean {
  const viewer = useViewer();
  return viewer ? allows(viewer, 'shipping.use') : false;
}

/** Answers null (no list) on 403 instead of failing: a missing permission is not an error to show. */
export async function fetchSavedAddresses(pageNo: number, pageSize: number, search: string) {
  try {
    // A 403 here means "no shipping profile", not a lost session: the session-loss rule is skipped.
    return await getPage<SavedAddressDto>(
      'addresses',
      { pageNo, pageSize, query: { search: search || undefined } },
      { skipSessionCheck: true },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export function useSavedAddresses(pageNo: number, pageSize: number, search: string) {
  const enabled = useCanUseAddressList();
  const query = useQuery({
    queryKey: forwardAddressKeys.page(pageNo, pageSize, search),
    queryFn: () => fetchSavedAddresses(pageNo, pageSize, search),
    placeholderData: keepPreviousData,
    enabled,
  });
  return { ...query, enabled };
}

/** A saved address as a forward destination (null fields become absent; the e-mail is not part of it). */
export function savedToForward(a: SavedAddressDto): ForwardAddress {
  return {
    name: a.name,
    companyName: a.companyName ?? undefined,
    line1: a.line1,
    line2: a.line2 ?? undefined,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country,
    phone: a.phone && /^\d{10}$/.test(a.phone) ? a.phone : undefined,
  };
}

/** The forward form takes a country name; the address list keeps 2-letter codes. */
export function countryCode(country: string): string | null {
  const value = country.trim();
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  if (/^(united states( of america)?|usa|u\.s\.a?\.?)$/i.test(value)) return 'US';
  return null;
}

export const COUNTRY_CODE_TO_SAVE = 'To save it to your list, write the country as a 2-letter code (e.g. US).';

export type SaveCheck =
  { ok: true; body: SavedAddressInput } | { ok: false; errors: { field: keyof ForwardAddress; message: string }[] };

/** Checks a forward destination against the address list's own rules before saving it there. */
export function toSavedAddress(a: ForwardAddress): SaveCheck {
  const country = countryCode(a.country);
  if (!country) return { ok: false, errors: [{ field: 'country', message: COUNTRY_CODE_TO_SAVE }] };
  const body: SavedAddressInput = {
    name: a.name,
    companyName: a.companyName ?? null,
    line1: a.line1,
    line2: a.line2 ?? null,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country,
    phone: a.phone ?? null,
    isDefault: false,
  };
  const parsed = savedAddressSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  return {
    ok: false,
    errors: parsed.error.issues.map((i) => ({
      field: (i.path[0] as keyof ForwardAddress | undefined) ?? 'name',
      message: i.message,
    })),
  };
}

/** POST addresses: keeps a new forward destination in the customer's list. */
export function useSaveForwardAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedAddressInput) => post<SavedAddressDto>('addresses', body, { skipSessionCheck: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: forwardAddressKeys.all }),
  });
}

/** One destination the address step offers: a saved address, the last one used, or the account's own. */
export interface AddressOption {
  key: string;
  address: ForwardAddress;
  tag?: string;
}

export const sameAddress = (a: ForwardAddress, b: ForwardAddress) =>
  JSON.stringify(savedShape(a)) === JSON.stringify(savedShape(b));
function savedShape(a: ForwardAddress) {
  return [a.name, a.companyName ?? '', a.line1, a.line2 ?? '', a.city, a.state, a.zipCode].map((v) =>
    v.trim().toLowerCase(),
  );
}

/**
 * The choices of the address step: the page of saved addresses, then the last one used and the account's
 * address when they are not already on that page. Without the saved list (a mailbox-only customer) only the
 * last two remain.
 */
export function addressOptions(
  saved: readonly SavedAddressDto[],
  lastUsed: ForwardAddress | null,
  onFile: ForwardAddress | null,
): AddressOption[] {
  const options: AddressOption[] = saved.map((a) => ({
    key: `saved:${a.id}`,
    address: savedToForward(a),
    ...(a.isDefault ? { tag: 'Default' } : {}),
  }));
  const extra: [string, ForwardAddress | null, string][] = [
    ['last', lastUsed, 'Last used'],
    ['account', onFile, 'Account address'],
  ];
  for (const [key, address, tag] of extra) {
    if (address && !options.some((o) => sameAddress(o.address, address))) options.push({ key, address, tag });
  }
  return options;
}
