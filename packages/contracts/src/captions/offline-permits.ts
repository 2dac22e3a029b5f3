import { defineCaptions } from './define-captions';

// Captions of the permit page offline (decision 0058): the same page as online, marked so
// nobody mistakes a change kept on the device for one the server has agreed to.

export const offlinePermitLabels = defineCaptions('Label', 'Permit_Offline', {
  offlineCopy: 'Offline — you are working on the copy of this permit stored on this device.',
  localCopy: 'Made on this device — the server has not seen this permit yet.',
  provisional: 'Provisional — the server numbers it at sync',
  savedOffline: 'Saved offline — waiting to sync',
  waiting: '{{count}} change(s) saved offline — waiting to sync',
  conflict: 'Conflict — the server kept another version: {{reason}}',
  rejected: 'Refused by the server: {{reason}}',
  approveOnline:
    'Approving needs the network: the signature re-checks your password on the server. Approve when you are back online.',
  newOffline: 'New {{type}} (offline)',
  createLead:
    'A permit created on this device without a network. It is kept here until the server confirms it, and any conflict is shown, never dropped.',
  noPermission: 'You need the permission {{permission}} to create this type of permit offline.',
  noType:
    'This permit type is not stored on this device: take its permits offline (or go online) before creating one offline.',
  checking: 'Reading this device’s copy…',
  keptHere: 'Kept on this device and shown here; the server checks it when the network returns.',
  keptForServer: 'Kept on this device; it shows on the permit once the server has applied it.',
});

/** The permit page offline when the device holds no copy of it: the user stays on it (its URL) and may go to the offline dashboard. */
export const offlinePermitGapLabels = defineCaptions('Label', 'Permit_Offline_Gap', {
  notStored: 'You are offline and this permit is not stored on this device: it opens here when you are back online.',
  openOfflineDashboard: 'Open the offline dashboard',
});

export const offlinePermitButtons = defineCaptions('Button', 'Permit_Offline', {
  saveOffline: 'Save offline',
});

export const offlinePermitMessages = defineCaptions('Message', 'Permit_Offline', {
  notSaved: 'Not saved: {{reason}}',
  createdOffline: '{{number}} is saved on this device and waits for the network to reach the server.',
});

/** What the device keeps offline (the offline dashboard): how much, when, and the user's choice of what. */
export const offlineAvailabilityLabels = defineCaptions('Label', 'Offline_Availability', {
  checking: 'Checking what is stored on this device…',
  availableOne: 'Available offline: 1 permit{{updated}}',
  availableMany: 'Available offline: {{count}} permits{{updated}}',
  updated: ', updated {{time}}',
  couldNotUpdate: ' (could not update: {{types}})',
  keep: 'Keep on this device',
  scopeMine: 'My work',
  scopeUnderWay: 'All work under way',
  scopeMineHint: 'The permits you are on: requested, held, issued, approved, or signed on to.',
  scopeUnderWayHint:
    'Also every permit being isolated or worked on in this facility: for a crew member who signs on to others’ permits. Takes longer and more space.',
});

export const offlineAvailabilityButtons = defineCaptions('Button', 'Offline_Availability', {
  update: 'Update offline permits',
});

/** The offline dashboard and a type's offline index: the permits kept on this device, by permit type. */
export const offlineDashboardLabels = defineCaptions('Label', 'Offline_Dashboard', {
  dashboardTitle: 'Offline Dashboard',
  dashboardLead:
    'Permits kept on this device for work without a network, by permit type. Each is kept until the server has confirmed it.',
  indexTitle: 'Offline Permits',
  indexOf: '{{type}} Index',
  typesAllowed: 'Permit types this facility allows offline',
  typeNotOffline: '{{type}} permits cannot be used offline in this facility.',
  noneStored: 'No permits are stored on this device for offline use.',
  openIndex: 'Open the offline index',
  stored: '{{count}} stored',
});

/** The columns of the permits kept on this device (offline dashboard and index). */
export const offlineColumnLabels = defineCaptions('Label', 'Offline_Column', {
  permitNumber: 'Permit No.',
  title: 'Title',
  status: 'Status',
  validity: 'Valid',
  holder: 'Holder',
  savedAt: 'Saved on this device',
});
