import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/http';
import { notificationLists, type NotificationList } from './get-notifications';
import { notificationKeys } from './keys';

const resultSchema = z.object({ updated: z.int() });

/** Marks every notification read. */
export function markAllNotificationsSeen(): Promise<{ updated: number }> {
  return apiRequest('notifications/seen-all', { method: 'POST', schema: resultSchema });
}

export function useMarkAllNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsSeen,
    onSuccess: async () => {
      const now = new Date().toISOString();
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (list) =>
        notificationLists.withAllSeen(list, now),
      );
      await queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
