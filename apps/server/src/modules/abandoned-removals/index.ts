// The abandoned-removals module's public surface (OSHA 1910.147 (e)(3), issue 16): app.ts imports only from here.
export { abandonedRemovalRoutes } from './abandoned-removals.routes';
export {
  registerAbandonedRemovalNotifications,
  ABANDONED_REMOVAL_NOTIFICATIONS_CONSUMER,
} from './abandoned-removal-notifications.consumer';
