import { defineCaptions } from './define-captions';

/** The sync status in the top bar and the sync panel (issue 18: offline changes and their sync). */
export const syncLabels = defineCaptions('Label', 'Sync', {
  allSynced: 'All changes synced',
  syncing: 'Syncing {{done}} of {{total}}…',
  waitingOne: '1 change waiting to sync',
  waitingMany: '{{count}} changes waiting to sync',
  retrying: 'Sync failed: trying again at {{time}}',
  attentionOne: '1 change needs attention',
  attentionMany: '{{count}} changes need attention',
  panelTitle: 'Offline changes',
  panelLead:
    'Changes made on this device are kept here until the server confirms them. A conflict or a refusal stays until you dismiss it after reading it.',
  syncNow: 'Sync now',
  lastSynced: 'Last synced at {{time}} (server time)',
  storageTitle: 'Storage on this device',
  storageUsage: '{{used}} used of {{quota}} available',
  storagePersistent: 'Persistent: the browser will not clear it to free space.',
  storageNotPersistent: 'Not persistent: the browser may clear it when the device is short of space.',
  storageUnknown: 'This browser does not say how much storage is used.',
  issuesTitle: 'Changes that need attention',
  noIssues: 'No change needs attention.',
  conflict: 'Conflict',
  rejected: 'Refused by the server',
  reason: 'Reason',
  queuedAt: 'Made on this device at {{time}}',
  yourVersion: 'Your change',
  serverVersion: 'The server’s version',
  loadingConflict: 'Loading both versions…',
  conflictFailed: 'The conflict could not be loaded: {{message}}',
  showVersions: 'Show both versions',
  showChange: 'Show your change',
  dismiss: 'Dismiss',
  keep: 'Keep',
  close: 'Close',
  version: 'Version {{version}}',
  noVersion: 'No version (a new permit)',
  dismissConfirm: 'Dismiss this change? It is removed from this device; the server keeps its record.',
  exportRejected: 'Export refused changes (JSON)',
  // A notification's link to one conflict or refusal (decision 0062).
  linkedNotHere: 'Not on this device: made on another device, or already dismissed here.',
  linkedOffline:
    'The change this notification is about is not on this device. Its record shows here when you are back online.',
  linkedFailed: 'The change this notification is about could not be loaded: {{message}}',
  linkedResolved: 'Resolved at {{time}}: {{resolution}}',
  quotaFull:
    'This device has no storage space left: the change was not saved. Free some space (or sync your changes) and try again.',
});
