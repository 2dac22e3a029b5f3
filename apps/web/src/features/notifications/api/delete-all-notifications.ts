import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/http';
import type { NotificationList } from './get-notifications';
import { notificationKeys } from './keys';

const resultSchema = z.object({ deleted: z.int() });

/** Deletes every notification of the signed-in user in this facility. */
export function deleteAllNotifications(): Promise<{ deleted: number }> {
  return apiRequest('notifications', { method: 'DELETE', schema: resultSchema });
}

export function useDeleteAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllNotifications,
    onSuccess: async () => {
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (list) =>
        list ? { notifications: [], unreadCount: 0 } : list,
      );
      await queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
