// The notifications module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { NOTIFICATION_CHANNEL, NotificationHub } from './notification-hub';
export { DASHBOARD_CHANNEL } from './dashboard-signal';
export { notificationRoutes } from './notification.routes';
export { insertNotification, type Inbox } from './notification.repository';
// Its services on every route module's context (declared there, so the context names no module).
import type {} from './notifications.context';
