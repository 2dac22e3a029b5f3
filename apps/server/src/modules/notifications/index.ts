// Notifications: the inbox API, and the hub that turns LISTEN/NOTIFY into server-sent events.

export { NOTIFICATION_CHANNEL, NotificationHub } from './notification-hub';
export { DASHBOARD_CHANNEL } from './dashboard-signal';
export { notificationRoutes } from './notification.routes';
export { insertNotification, type Inbox } from './notification.repository';
// Its services on every route module's context (declared there, so the context names no module).
import type {} from './notifications.context';
