import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api-client';
import type { SubAdminDashboard } from '@postwise/shared/admin';

/** GET dashboard/sub-admin: the sub-admin's live figures. */
export function useSubAdminDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'sub-admin'],
    queryFn: () => get<SubAdminDashboard>('dashboard/sub-admin'),
  });
}
