// Abandoned lock and tag removal (OSHA 1910.147 (e)(3)): the supervisor's removal of a lock or tag
// whose applier is gone, its notices, and the applier's acknowledgement.

export { abandonedRemovalRoutes } from './abandoned-removals.routes';
export {
  registerAbandonedRemovalNotifications,
  ABANDONED_REMOVAL_NOTIFICATIONS_CONSUMER,
} from './abandoned-removal-notifications.consumer';
