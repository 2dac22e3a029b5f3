import { notificationMessages } from '../notifications';
import { defineCaptions } from './define-captions';

/** The notifications bell and panel (seed section 2); the seed's texts are the defaults. */
export const notificationsLabels = defineCaptions('Label', 'Shell_Notifications', {
  title: 'Notifications',
  bellUnread: 'Notifications, {{count}} unread',
  close: 'Close notifications',
  show: 'Show',
  unread: 'Unread',
  all: 'All',
  read: 'Read',
  markAllRead: 'Mark all read',
  deleteAll: 'Delete all',
  loading: 'Loading notifications…',
  failed: 'Notifications could not be loaded.',
  deleteAllText: 'All your notifications will be deleted, read and unread. This cannot be undone.',
  cancel: 'Cancel',
  closeDialog: 'Close',
});

export const notificationsMessageCaptions = defineCaptions('Message', 'Shell_Notifications', notificationMessages);
