import { useQuery } from '@tanstack/react-query';
import type { SuperAdminDashboard } from '@postwise/shared/schemas/analytics';
import { get } from '../../../lib/api-client';

/** Live figures of the super admin dashboard (GET dashboard/super-admin). */
export function useSuperAdminDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'super-admin'],
    queryFn: () => get<SuperAdminDashboard>('dashboard/super-admin'),
  });
}
