/** The notifications feature's public face: what app/ composes. */
export { NotificationsButton } from './components/NotificationsButton';
