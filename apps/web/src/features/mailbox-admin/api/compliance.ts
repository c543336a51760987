import { useQuery } from '@tanstack/react-query';
import type { ClosedBox, ExpiringId } from '@postwise/shared/compliance';
import { downloadBlob, get } from '../../../lib/api-client';
import { mailboxAdminKeys } from './mailbox-admin';

/** Query keys of a store's compliance figures (under the operators' root, so the live stream refreshes them). */
export const complianceKeys = {
  all: [...mailboxAdminKeys.all, 'compliance'] as const,
  closedBoxes: (storeId: string, quarter: string) => [...complianceKeys.all, 'closed-boxes', storeId, quarter] as const,
  expiringIds: (storeId: string) => [...complianceKeys.all, 'expiring-ids', storeId] as const,
};

/** GET compliance/closed-boxes: the quarter's closed boxes of a store. */
export function useClosedBoxes(storeId: string | undefined, quarter: string) {
  return useQuery({
    queryKey: complianceKeys.closedBoxes(storeId ?? '', quarter),
    queryFn: () => get<{ quarter: string; items: ClosedBox[] }>('compliance/closed-boxes', { storeId, quarter }),
    enabled: Boolean(storeId),
  });
}

/** GET compliance/expiring-ids: IDs of a store's open boxes expiring within 30 days. */
export function useExpiringIds(storeId: string | undefined) {
  return useQuery({
    queryKey: complianceKeys.expiringIds(storeId ?? ''),
    queryFn: () => get<ExpiringId[]>('compliance/expiring-ids', { storeId }),
    enabled: Boolean(storeId),
  });
}

/** GET compliance/crd-export.csv, saved as a file. */
export function downloadCrdExport(storeId: string, storeName: string) {
  const slug =
    storeName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'store';
  return downloadBlob('compliance/crd-export.csv', `crd-export-${slug}.csv`, { storeId });
}
