import * as z from 'zod/mini';

/** A notification to one user (seed: sentDate, seenDate; seen means read). */
export const notificationSchema = z.object({
  ID: z.int(),
  title: z.string(),
  body: z.string(),
  link: z.nullable(z.string()),
  sentDate: z.string().check(z.describe('ISO 8601')),
  seenDate: z.nullable(z.string()).check(z.describe('ISO 8601; null while unread')),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  filter: z._default(z.enum(['unread', 'all']), 'unread'),
});

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.int(),
});

export const notificationMessages = {
  deleteAllTitle: 'Delete All Notifications',
  noUnread: 'You have no unread notifications!',
  none: 'You have no notifications!',
} as const;
