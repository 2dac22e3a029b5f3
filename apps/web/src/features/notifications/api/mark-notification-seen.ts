import { useMutation, useQueryClient } from '@tanstack/react-query';
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
    mutationFn: markNotificationSeen,
    onMutate: (id) => {
      const now = new Date().toISOString();
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (list) =>
        notificationLists.withSeen(list, id, now),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}
