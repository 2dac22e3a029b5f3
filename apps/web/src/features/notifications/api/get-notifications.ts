import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListSchema, type Notification } from '@hasp/contracts';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/http';
import { notificationKeys, type NotificationFilter } from './keys';

export type NotificationList = z.infer<typeof notificationListSchema>;

/** The signed-in user's notifications in this facility, newest first, and the unread count. */
export function getNotifications(filter: NotificationFilter, signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest('notifications', { query: { filter }, schema: notificationListSchema, signal });
}

export const notificationsQuery = (filter: NotificationFilter) =>
  queryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ signal }) => getNotifications(filter, signal),
    // The live stream keeps the lists current; a refetch on every mount would only repeat them.
    staleTime: 5 * 60 * 1000,
  });

/** `pollMs`: refetch this often (while the live stream is down); false: only when stale or pushed. */
export function useNotifications(filter: NotificationFilter, enabled = true, pollMs: number | false = false) {
  return useQuery({ ...notificationsQuery(filter), enabled, refetchInterval: pollMs });
}

/** Cache edits shared by the mutations and the stream (pure, so they are easy to test). */
export const notificationLists = {
  /** A new notification arrived: put it first (once) and count it. */
  withArrived(list: NotificationList | undefined, notification: Notification): NotificationList | undefined {
    if (!list || list.notifications.some((n) => n.ID === notification.ID)) return list;
    return {
      notifications: [notification, ...list.notifications],
      unreadCount: list.unreadCount + (notification.seenDate === null ? 1 : 0),
    };
  },
  /** One notification was read. */
  withSeen(list: NotificationList | undefined, id: number, seenDate: string): NotificationList | undefined {
    if (!list) return list;
    const target = list.notifications.find((n) => n.ID === id);
    if (!target || target.seenDate !== null) return list;
    return {
      notifications: list.notifications.map((n) => (n.ID === id ? { ...n, seenDate } : n)),
      unreadCount: Math.max(0, list.unreadCount - 1),
    };
  },
  /** Everything was read. */
  withAllSeen(list: NotificationList | undefined, seenDate: string): NotificationList | undefined {
    if (!list) return list;
    return {
      notifications: list.notifications.map((n) => ({ ...n, seenDate: n.seenDate ?? seenDate })),
      unreadCount: 0,
    };
  },
};
