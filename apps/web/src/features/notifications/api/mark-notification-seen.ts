import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationSchema, type Notification } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { notificationLists, type NotificationList } from './get-notifications';
import { notificationKeys } from './keys';

/** Marks one notification read (seen). */
export function markNotificationSeen(id: number): Promise<Notification> {
  return apiRequest(`notifications/${id}/seen`, { method: 'POST', schema: notificationSchema });
}

/** Marks a notification read as it is shown; the lists change at once, the server follows. */
export function useMarkNotificationSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationKeys.seen(),
    mutationFn: markNotificationSeen,
    onMutate: async (id) => {
      // A list refetch already under way answers from before this read and would undo the edit below.
      // (A first load is left alone: cancelled, it would have nothing to fall back to.)
      await queryClient.cancelQueries({
        queryKey: notificationKeys.lists(),
        predicate: (query) => query.state.data !== undefined,
      });
      const now = new Date().toISOString();
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (list) =>
        notificationLists.withSeen(list, id, now),
      );
    },
    // The server's read date; this also restores the edit if a fetch answered before the read committed.
    onSuccess: (notification) => {
      const { seenDate } = notification;
      if (seenDate === null) return;
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (list) =>
        notificationLists.withSeen(list, notification.ID, seenDate),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}

/**
 * Resolves once no "mark one read" request is pending. A list refetched before those reads commit
 * gets them back as unread and overwrites the cache's read state (the panel, reopened, listed them
 * again under Unread), so whoever refetches the lists after reads waits for this first.
 */
export function whenReadsSettled(queryClient: QueryClient): Promise<void> {
  const mutations = queryClient.getMutationCache();
  const pending = () => mutations.findAll({ mutationKey: notificationKeys.seen(), status: 'pending' }).length > 0;
  if (!pending()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = mutations.subscribe(() => {
      if (pending()) return;
      unsubscribe();
      resolve();
    });
  });
}
