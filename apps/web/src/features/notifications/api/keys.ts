/** Which notifications a list shows: the seed's Unread/All toggle. */
export type NotificationFilter = 'unread' | 'all';

/** Every notifications query key, in one place: mutations and the live stream update by these. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filter: NotificationFilter) => [...notificationKeys.lists(), filter] as const,
  /** The mutation key of "mark one read": the panel waits for these before it refetches. */
  seen: () => [...notificationKeys.all, 'seen'] as const,
};
