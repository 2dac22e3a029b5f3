// Group Manage: groups, members and the permission matrix.

// What app/ composes (loaded lazily after sign-in).

export { GroupManagePage } from './components/GroupManagePage';
