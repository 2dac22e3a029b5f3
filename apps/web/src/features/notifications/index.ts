// Notifications: the bell, its panel and the live stream.

// What app/ composes.

export { NotificationsButton } from './components/NotificationsButton';
