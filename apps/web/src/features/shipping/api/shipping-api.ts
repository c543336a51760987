import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuoteRequestInput, PaymentChoice } from '@postwise/shared/schemas/shipping';
import type {
  QuoteResultDto,
  SavedAddressDto,
  ShipmentDto,
  ShipmentFullDto,
  ShipmentListItemDto,
  PackagePresetDto,
} from '@postwise/shared/schemas/shipping-dto';
import type { SavedPaymentMethod } from '@postwise/shared/billing';
import type { PickupDto } from '@postwise/shared/shipping-api';
import { paymentMethodKeys } from '../../../components/payments/payments-api';
import type { AddressImportResult } from '@postwise/shared/schemas/address-import';
import { del, downloadBlob, get, getById, getPage, post, put, uploadFile } from '../../../lib/api-client';

export type ShipmentStatus = ShipmentDto['status'];

export interface ShipmentFilters {
  status?: ShipmentStatus | undefined;
  carrier?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

export const shippingKeys = {
  all: ['shipping'] as const,
  addresses: (pageNo: number, pageSize: number, search?: string) =>
    [...shippingKeys.all, 'addresses', pageNo, pageSize, search ?? ''] as const,
  defaultAddress: () => [...shippingKeys.all, 'addresses', 'default'] as const,
  presets: () => [...shippingKeys.all, 'package-presets'] as const,
  shipments: (pageNo: number, pageSize: number, filters: ShipmentFilters) =>
    [...shippingKeys.all, 'shipments', pageNo, pageSize, filters] as const,
  shipment: (id: string) => [...shippingKeys.all, 'shipment', id] as const,
  shipmentFull: (id: string) => [...shippingKeys.all, 'shipment', id, 'full'] as const,
};

export function useAddressPage(pageNo: number, pageSize: number, search?: string) {
  return useQuery({
    queryKey: shippingKeys.addresses(pageNo, pageSize, search),
    queryFn: () => getPage<SavedAddressDto>('addresses', { pageNo, pageSize, query: { search } }),
    placeholderData: keepPreviousData,
  });
}

/** The default sender (pre-filled on the first step), or null when none is set. */
export function useDefaultAddress() {
  return useQuery({
    queryKey: shippingKeys.defaultAddress(),
    queryFn: () => get<SavedAddressDto | null>('addresses/default'),
  });
}

export function usePackagePresets(enabled = true) {
  return useQuery({
    queryKey: [...shippingKeys.presets(), 'picker'],
    queryFn: () => getPage<PackagePresetDto>('packages', { pageNo: 1, pageSize: 50 }).then((p) => p.items),
    enabled,
  });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SavedAddressDto, 'id' | 'createdAt' | 'updatedAt'>) =>
      post<SavedAddressDto>('addresses', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shippingKeys.all, 'addresses'] }),
  });
}

/** POST shipments/quotes: every carrier service that fits, sorted by the preference. */
export function useQuote() {
  return useMutation({
    mutationFn: (input: QuoteRequestInput) => post<QuoteResultDto>('shipments/quotes', input),
  });
}

/** POST shipments with an Idempotency-Key, so a retried click is charged once. */
export function usePurchaseShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rateId: string; payment: PaymentChoice; idempotencyKey: string }) =>
      post<ShipmentDto>(
        'shipments',
        { rateId: input.rateId, payment: input.payment },
        { headers: { 'Idempotency-Key': input.idempotencyKey } },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...shippingKeys.all, 'shipments'] });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
}

export function useShipmentList(pageNo: number, pageSize: number, filters: ShipmentFilters) {
  return useQuery({
    queryKey: shippingKeys.shipments(pageNo, pageSize, filters),
    queryFn: () => getPage<ShipmentListItemDto>('shipments', { pageNo, pageSize, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export function useShipment(id: string) {
  return useQuery({
    queryKey: shippingKeys.shipment(id),
    queryFn: () => getById<ShipmentDto>('shipments', id),
    retry: false,
  });
}

export function useShipmentFull(id: string) {
  return useQuery({
    queryKey: shippingKeys.shipmentFull(id),
    queryFn: () => get<ShipmentFullDto>(`shipments/${encodeURIComponent(id)}/full`),
    retry: false,
  });
}

export function useVoidShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; refundTo: 'credit' | 'card' }) =>
      post<ShipmentDto>(`shipments/${encodeURIComponent(input.id)}/void`, { refundTo: input.refundTo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
  });
}

/** The label as a file: 4×6 PDF or ZPL for thermal printers, named after the shipment. */
export function downloadLabel(shipment: Pick<ShipmentDto, 'id' | 'uniqueId'>, format: 'pdf' | 'zpl'): Promise<Blob> {
  return downloadBlob(`shipments/${encodeURIComponent(shipment.id)}/label`, `${shipment.uniqueId}.${format}`, {
    format,
  });
}

/** The customs form of an international label (CN22/CN23 or the carrier's commercial invoice) as a PDF file. */
export function downloadCustomsForm(shipment: Pick<ShipmentDto, 'id' | 'uniqueId'>): Promise<Blob> {
  return downloadBlob(`shipments/${encodeURIComponent(shipment.id)}/customs-form`, `${shipment.uniqueId}-customs.pdf`);
}

/** The caller's cards (the same cache entry as the cards page), to name the default on "Pay now". */
export function useSavedCards() {
  return useQuery({
    queryKey: paymentMethodKeys.list(),
    queryFn: () => getPage<SavedPaymentMethod>('paymentMethods', {}).then((page) => page.items),
  });
}

/** One key per purchase attempt, sent as Idempotency-Key. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

type AddressBody = Omit<SavedAddressDto, 'id' | 'createdAt' | 'updatedAt'>;

export function useAddress(id: string, enabled = true) {
  return useQuery({
    queryKey: [...shippingKeys.all, 'addresses', 'one', id],
    queryFn: () => getById<SavedAddressDto>('addresses', id),
    enabled,
    retry: false,
  });
}

/** Add (no id) or edit an own address; every address query is refreshed after. */
export function useWriteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AddressBody }) =>
      id ? put<SavedAddressDto>('addresses', id, body) : post<SavedAddressDto>('addresses', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shippingKeys.all, 'addresses'] }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<{ id: string }>('addresses', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shippingKeys.all, 'addresses'] }),
  });
}

/** POST addresses/import: a CSV in 'media' (upload progress in percent); the address list is refreshed after. */
export function useImportAddresses(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<AddressImportResult>('addresses/import', file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shippingKeys.all, 'addresses'] }),
  });
}

/** GET addresses/import/template, saved as a file. */
export function downloadAddressTemplate() {
  return downloadBlob('addresses/import/template', 'address-import-template.csv');
}

export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post<SavedAddressDto>(`addresses/${encodeURIComponent(id)}/default`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shippingKeys.all, 'addresses'] }),
  });
}

type PresetBody = Omit<PackagePresetDto, 'id' | 'createdAt' | 'updatedAt'>;

export function usePresetPage(pageNo: number, pageSize: number, search?: string) {
  return useQuery({
    queryKey: [...shippingKeys.presets(), pageNo, pageSize, search ?? ''],
    queryFn: () => getPage<PackagePresetDto>('packages', { pageNo, pageSize, query: { search } }),
    placeholderData: keepPreviousData,
  });
}

export function usePreset(id: string, enabled = true) {
  return useQuery({
    queryKey: [...shippingKeys.presets(), 'one', id],
    queryFn: () => getById<PackagePresetDto>('packages', id),
    enabled,
    retry: false,
  });
}

export function useWritePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PresetBody }) =>
      id ? put<PackagePresetDto>('packages', id, body) : post<PackagePresetDto>('packages', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingKeys.presets() }),
  });
}

export function useDeletePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<{ id: string }>('packages', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingKeys.presets() }),
  });
}

export function usePickupPage(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: [...shippingKeys.all, 'pickups', pageNo, pageSize],
    queryFn: () => getPage<PickupDto>('pickups', { pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useSchedulePickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => post<PickupDto>('pickups', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shippingKeys.all, 'pickups'] }),
  });
}

export function useCancelPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<PickupDto>('pickups', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shippingKeys.all, 'pickups'] }),
  });
}
