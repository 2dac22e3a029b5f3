import { z } from 'zod';

/** A notification to one user (seed: sentDate, seenDate; seen means read). */
export const notificationSchema = z.object({
  ID: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  sentDate: z.string().describe('ISO 8601'),
  seenDate: z.string().nullable().describe('ISO 8601; null while unread'),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  filter: z.enum(['unread', 'all']).default('unread'),
});

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});

export const notificationMessages = {
  deleteAllTitle: 'Delete All Notifications',
  noUnread: 'You have no unread notifications!',
  none: 'You have no notifications!',
} as const;
