import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api-client';
import type { PlanUsage } from '../../../lib/plan-usage';

export interface SubAdminDashboard {
  customers: number;
  pendingApplications: number;
  openMailRequests: number;
  payoutSoFar: { periodStart: string; periodEnd: string; payoutCents: number };
  planUsage: PlanUsage;
}

/** GET dashboard/sub-admin: the sub-admin's live figures. */
export function useSubAdminDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'sub-admin'],
    queryFn: () => get<SubAdminDashboard>('dashboard/sub-admin'),
  });
}
