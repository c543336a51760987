import type { ApiPage } from '@postwise/shared/api-types';
import type { Plan } from '@postwise/shared/plans';
import { get } from '../../../lib/api-client';
import type { LightQueryOptions } from '../../../lib/light-query';

export const homePlanKeys = {
  all: ['plans', 'home'] as const,
};

/** GET plans/home without server paging (spec 7): every public mailbox plan and scan package. */
export async function getHomePlans(): Promise<Plan[]> {
  const page = await get<ApiPage<Plan>>('plans/home', { serverPaging: false });
  return page.items;
}

export function homePlansQueryOptions(): LightQueryOptions<Plan[]> {
  return { queryKey: homePlanKeys.all, queryFn: getHomePlans, staleTime: 5 * 60_000 };
}
