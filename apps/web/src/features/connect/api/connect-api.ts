import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  apiKeyListSchema,
  apiKeySchema,
  apiKeySecretSchema,
  permissionCatalogueSchema,
  webhookDeliveryListSchema,
  webhookSubscriptionListSchema,
  webhookSubscriptionSchema,
  webhookSubscriptionSecretSchema,
  type ApiKey,
  type ApiKeyCreate,
  type WebhookDelivery,
  type WebhookSubscription,
  type WebhookSubscriptionInput,
} from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { refusedFieldsOf } from '../../../lib/send-form';

export const connectKeys = {
  all: ['connect'] as const,
  keys: () => [...connectKeys.all, 'keys'] as const,
  permissions: () => [...connectKeys.all, 'permissions'] as const,
  subscriptions: () => [...connectKeys.all, 'subscriptions'] as const,
  deliveries: () => [...connectKeys.all, 'deliveries'] as const,
};

/** Refusals a form explains beside its field: no toast. */
const explainedHere = (error: unknown) => Object.keys(refusedFieldsOf(error)).length > 0;

export function useApiKeys() {
  return useQuery({
    queryKey: connectKeys.keys(),
    queryFn: ({ signal }) => apiRequest('connect/keys', { schema: apiKeyListSchema, signal }),
  });
}

/** What a key made by the signed-in user may hold. */
export function useKeyPermissions(enabled: boolean) {
  return useQuery({
    queryKey: connectKeys.permissions(),
    queryFn: ({ signal }) => apiRequest('connect/keys/permissions', { schema: permissionCatalogueSchema, signal }),
    enabled,
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreate) =>
      apiRequest('connect/keys', { method: 'POST', body: input, schema: apiKeySecretSchema, quiet: explainedHere }),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.keys() }),
  });
}

export function useRotateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKey) =>
      apiRequest(`connect/keys/${key.id}/rotate`, {
        method: 'POST',
        body: { graceHours: 24 },
        headers: { 'if-match': `"${key.version}"` },
        schema: apiKeySecretSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.keys() }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKey) =>
      apiRequest(`connect/keys/${key.id}/revoke`, {
        method: 'POST',
        headers: { 'if-match': `"${key.version}"` },
        schema: apiKeySchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.keys() }),
  });
}

export function useSubscriptions() {
  return useQuery({
    queryKey: connectKeys.subscriptions(),
    queryFn: ({ signal }) => apiRequest('connect/subscriptions', { schema: webhookSubscriptionListSchema, signal }),
  });
}

export function useCreateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookSubscriptionInput) =>
      apiRequest('connect/subscriptions', {
        method: 'POST',
        body: input,
        schema: webhookSubscriptionSecretSchema,
        quiet: explainedHere,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.subscriptions() }),
  });
}

/** Switches a subscription on or off (the whole subscription, at the version shown). */
export function useSwitchSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subscription, isActive }: { subscription: WebhookSubscription; isActive: boolean }) =>
      apiRequest(`connect/subscriptions/${subscription.id}`, {
        method: 'PUT',
        body: {
          name: subscription.name,
          url: subscription.url,
          events: subscription.events,
          isActive,
          version: subscription.version,
        },
        schema: webhookSubscriptionSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.subscriptions() }),
  });
}

export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscription: WebhookSubscription) =>
      apiRequest(`connect/subscriptions/${subscription.id}/test`, {
        method: 'POST',
        schema: z.object({ deliveryId: z.int() }),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.deliveries() }),
  });
}

export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      apiRequest(`connect/deliveries/${delivery.id}/redeliver`, { method: 'POST', schema: z.object({}) }),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.deliveries() }),
  });
}

/** The delivery log; read again every 2 s while a delivery is pending (its retries). */
export function useDeliveries() {
  return useQuery({
    queryKey: connectKeys.deliveries(),
    queryFn: ({ signal }) => apiRequest('connect/deliveries', { schema: webhookDeliveryListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.state === 'pending') ? 2000 : false),
  });
}
