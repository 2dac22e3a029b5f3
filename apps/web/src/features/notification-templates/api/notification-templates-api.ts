import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationEmailListSchema,
  notificationOptOutsSchema,
  notificationPreviewSchema,
  notificationTemplateListSchema,
  notificationTemplateSchema,
  permitIndexPageSchema,
  type NotificationEvent,
  type NotificationPreviewInput,
  type NotificationTemplateInput,
} from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';

export const notificationTemplateKeys = {
  list: ['notification-templates', 'list'] as const,
  emails: ['notification-templates', 'emails'] as const,
  optOuts: ['notification-templates', 'opt-outs'] as const,
};

export function useNotificationTemplates() {
  return useQuery({
    queryKey: notificationTemplateKeys.list,
    queryFn: ({ signal }) => apiRequest('notification-templates', { schema: notificationTemplateListSchema, signal }),
  });
}

/** Saves an event's template (If-Match: the version loaded); the list reloads. */
export function useSaveNotificationTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      event,
      input,
      version,
    }: {
      event: NotificationEvent;
      input: NotificationTemplateInput;
      version: number;
    }) =>
      apiRequest(`notification-templates/${event}`, {
        method: 'PUT',
        body: input,
        headers: { 'if-match': `"${version}"` },
        schema: notificationTemplateSchema,
        quiet: statusIn(400, 409),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationTemplateKeys.list }),
  });
}

/** The server's rendering of the draft with a real permit (nothing saved). */
export function useNotificationPreview(event: NotificationEvent, input: NotificationPreviewInput | null) {
  return useQuery({
    queryKey: ['notification-templates', 'preview', event, input],
    queryFn: ({ signal }) =>
      apiRequest(`notification-templates/${event}/preview`, {
        method: 'POST',
        body: input,
        schema: notificationPreviewSchema,
        signal,
        quiet: () => true,
      }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** The latest permits of the facility the user may see (the preview's permit picker). */
export function useRecentPermits(q: string) {
  return useQuery({
    queryKey: ['notification-templates', 'permits', q],
    queryFn: ({ signal }) =>
      apiRequest('permits', {
        query: { pageSize: 20, sort: 'plannedStart', dir: 'desc', ...(q ? { q } : {}) },
        schema: permitIndexPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The latest notification e-mails; refreshed while some wait for the relay. */
export function useNotificationEmails() {
  return useQuery({
    queryKey: notificationTemplateKeys.emails,
    queryFn: ({ signal }) =>
      apiRequest('notification-templates/emails', { schema: notificationEmailListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.emails.some((e) => e.state === 'queued') ? 5000 : false),
  });
}

export function useNotificationOptOuts() {
  return useQuery({
    queryKey: notificationTemplateKeys.optOuts,
    queryFn: ({ signal }) => apiRequest('profile/notification-opt-outs', { schema: notificationOptOutsSchema, signal }),
  });
}

export function useSaveNotificationOptOuts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (events: NotificationEvent[]) =>
      apiRequest('profile/notification-opt-outs', {
        method: 'PUT',
        body: { events },
        schema: notificationOptOutsSchema,
        quiet: statusIn(400),
      }),
    onSuccess: (data) => client.setQueryData(notificationTemplateKeys.optOuts, data),
  });
}
