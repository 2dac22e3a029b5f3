/** The Group Manage feature's public face: what app/ composes (loaded lazily after sign-in). */
export { GroupManagePage } from './components/GroupManagePage';
