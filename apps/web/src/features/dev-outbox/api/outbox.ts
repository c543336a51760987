import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@postwise/shared/schemas/accounts';
import { get } from '../../../lib/api-client';

export const outboxKeys = { all: ['dev-outbox'] as const };

/** GET dev/outbox: absent (404) in production, where the page says so. */
export function useOutbox() {
  return useQuery({
    queryKey: outboxKeys.all,
    queryFn: () => get<OutboxMessage[]>('dev/outbox', { limit: 50 }, { skipSessionCheck: true }),
    retry: false,
    refetchInterval: 5000,
  });
}
