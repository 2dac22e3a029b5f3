// Notification Template Manage, and the profile's notification opt-outs.

// Loaded lazily after sign-in.

export { NotificationTemplatesPage } from './components/NotificationTemplatesPage';
export { NotificationOptOuts } from './components/NotificationOptOuts';
