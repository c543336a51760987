import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyItem,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  WebhookDeliveryItem,
  WebhookEndpointItem,
} from '@postwise/shared/integrations';
import type {
  ApiKeyCreateInput,
  WebhookEndpointCreateInput,
  WebhookEndpointUpdateInput,
} from '@postwise/shared/schemas/integrations';
import { del, get, getPage, post, request } from '../../../lib/api-client';

export const developerKeys = {
  all: ['developers'] as const,
  apiKeys: () => [...developerKeys.all, 'api-keys'] as const,
  endpoints: () => [...developerKeys.all, 'webhook-endpoints'] as const,
  deliveries: (endpointId: string, pageNo: number, pageSize: number) =>
    [...developerKeys.endpoints(), endpointId, 'deliveries', { pageNo, pageSize }] as const,
};

export function useApiKeys() {
  return useQuery({ queryKey: developerKeys.apiKeys(), queryFn: () => get<ApiKeyItem[]>('api-keys') });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateInput) => post<CreatedApiKey>('api-keys', input),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<ApiKeyItem>('api-keys', id),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys() }),
  });
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: developerKeys.endpoints(),
    queryFn: () => get<WebhookEndpointItem[]>('webhook-endpoints'),
  });
}

export function useCreateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointCreateInput) => post<CreatedWebhookEndpoint>('webhook-endpoints', input),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints() }),
  });
}

export function useUpdateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: WebhookEndpointUpdateInput & { id: string }) =>
      request<WebhookEndpointItem>('PATCH', `webhook-endpoints/${encodeURIComponent(id)}`, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints() }),
  });
}

export function useDeleteWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<WebhookEndpointItem>('webhook-endpoints', id),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints() }),
  });
}

/** A new signing secret (answered once); the previous one keeps signing alongside it for 24 hours. */
export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      post<CreatedWebhookEndpoint>(`webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints() }),
  });
}

export function useWebhookDeliveries(endpointId: string, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: developerKeys.deliveries(endpointId, pageNo, pageSize),
    queryFn: () =>
      getPage<WebhookDeliveryItem>(`webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`, {
        pageNo,
        pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRedeliver(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      post<WebhookDeliveryItem>(
        `webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints() }),
  });
}
