export const DOCUMENT_LABEL: Record<string, string> = {
  photoId: 'Photo ID',
  addressId: 'Address ID',
  authorizedPhotoId: 'Authorized individual: photo ID',
  authorizedAddressId: 'Authorized individual: address ID',
  courtOrder: 'Court order',
};

/** MM-dd-yyyy, as the rental contract shows its date (spec 2.7). */
export function formatContractDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${d.getFullYear()}`;
}

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
