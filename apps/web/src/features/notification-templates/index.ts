/** Notification Template Manage (issue 20) and the profile's notification opt-outs (loaded lazily after sign-in). */
export { NotificationTemplatesPage } from './components/NotificationTemplatesPage';
export { NotificationOptOuts } from './components/NotificationOptOuts';
