import { defineCaptions } from './define-captions';

// Captions of the announcements feature: the reader's page, the manager and the rich-text editor
// they share with later features (templates, procedures).

export const announcementsTitles = defineCaptions('Title', 'Announcements', {
  page: 'Announcements',
});

export const announcementsLabels = defineCaptions('Label', 'Announcements', {
  lead: 'The announcements for this facility, newest first.',
  postedBy: 'Posted by {{name}}',
  validWindow: 'Valid {{from}} to {{to}}',
  validOpenEnded: 'Valid from {{from}}, until further notice',
  acknowledgedAt: 'You acknowledged this on {{date}}.',
  pleaseAcknowledge: 'Please confirm that you have read this announcement.',
});

export const announcementsButtons = defineCaptions('Button', 'Announcements', {
  acknowledge: 'Acknowledge',
  retry: 'Try again',
});

export const announcementsMessages = defineCaptions('Message', 'Announcements', {
  empty: 'There are no announcements for you right now.',
  loadFailed: 'The announcements could not be loaded.',
  offline: 'You are offline. These are the announcements last loaded on this device.',
  offlineNone:
    'You are offline, and no announcements have been loaded on this device yet. They appear when the network is back.',
  acknowledged: 'Thank you: your acknowledgement is recorded.',
});

export const announcementManagerTitles = defineCaptions('Title', 'Announcements_Manager', {
  page: 'Master List',
  childPage: 'Announcement Manage',
  create: 'New announcement',
  edit: 'Edit announcement',
  acknowledgements: 'Who acknowledged',
  archive: 'Archive this announcement?',
});

export const announcementManagerLabels = defineCaptions('Label', 'Announcements_Manager', {
  lead: 'Write, schedule and retire the announcements everyone in this facility sees.',
  statusFilter: 'Status',
  'status::all': 'All current',
  'status::draft': 'Draft',
  'status::published': 'Published',
  'status::expired': 'Expired',
  'status::archived': 'Archived',
  title: 'Title',
  body: 'Text',
  validFrom: 'Valid from',
  validTo: 'Valid to',
  validToHint: 'Leave empty to keep it until you expire it.',
  audience: 'Audience',
  audienceEveryone: 'Everyone in this facility',
  audienceGroups: 'Chosen groups',
  groups: 'Groups',
  requiresAcknowledgement: 'Require acknowledgement',
  requiresAcknowledgementHint: 'Readers confirm that they have read it; you see who did and when.',
  author: 'By {{name}}',
  validWindow: '{{from}} to {{to}}',
  validOpenEnded: 'From {{from}}, until expired',
  everyone: 'Everyone',
  groupsList: 'Groups: {{names}}',
  acknowledgementRequired: 'Acknowledgement required',
  columnName: 'Name',
  columnUserName: 'User name',
  columnAcknowledgedAt: 'Acknowledged',
  announcementActions: 'Actions for {{title}}',
});

export const announcementManagerButtons = defineCaptions('Button', 'Announcements_Manager', {
  create: 'New announcement',
  edit: 'Edit',
  save: 'Save',
  publish: 'Publish',
  expire: 'Expire',
  archive: 'Archive',
  cancel: 'Cancel',
  back: 'Back to the list',
  acknowledgements: 'Who acknowledged',
  retry: 'Try again',
  close: 'Close',
  openFramed: 'Open in the main layout',
});

export const announcementManagerMessages = defineCaptions('Message', 'Announcements_Manager', {
  empty: 'No announcements match this filter.',
  loadFailed: 'The announcements could not be loaded.',
  saved: 'Announcement saved.',
  published: 'Announcement published.',
  expired: 'Announcement expired.',
  archived: 'Announcement archived.',
  saveFailed: 'The announcement was not saved. Your text is kept: correct what is marked and save again.',
  archiveExplained:
    'An archived announcement is no longer shown to anyone and can no longer be edited. It stays in the list under Archived.',
  groupsRequired: 'Choose at least one group, or address everyone.',
  dateRequired: 'Enter a date and time.',
  noAcknowledgements: 'Nobody has acknowledged this announcement yet.',
  notRequired: 'This announcement does not ask for acknowledgement.',
  offline: 'You are offline: announcements can be managed when the network is back.',
  permissionsFailed: 'Your permissions could not be loaded.',
  switchedOff: 'This feature is switched off for this facility.',
  noPermission: 'You do not have permission to open this page. An administrator can grant it through your groups.',
});

export const richTextEditorTooltips = defineCaptions('Tooltip', 'RichTextEditor', {
  toolbar: 'Formatting',
  header1: 'Heading 1',
  header2: 'Heading 2',
  header3: 'Heading 3',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  link: 'Link',
  orderedList: 'Numbered list',
  bulletList: 'Bulleted list',
  image: 'Insert image',
  clean: 'Clear formatting',
});

export const richTextEditorLabels = defineCaptions('Label', 'RichTextEditor', {
  loading: 'Loading the editor…',
  linkAddress: 'Link address',
  visitLink: 'Visit link:',
  enterLink: 'Enter link:',
  saveLink: 'Save',
  editLink: 'Edit',
  removeLink: 'Remove',
  imageFile: 'Image file',
  resizeAltTip: 'Hold down the Alt key to keep the proportions',
  resizeLeft: 'Left',
  resizeCenter: 'Center',
  resizeRight: 'Right',
  resizeRestore: 'Restore',
  resizeWidth: 'Width in percent',
  resizeToolbar: 'Image size and alignment',
  resizeHandle:
    'Resize handle. Use the arrow keys to resize, hold Alt to keep the proportions, press 0 to restore the original size, Escape to close.',
  resizeEditAttributes: 'Describe the image',
  resizeAttributesPanel: 'Image description',
  resizeAltText: 'Alternative text',
  resizeTitle: 'Title',
  resizeSave: 'Save',
  resizeCancel: 'Cancel',
});

export const richTextEditorMessages = defineCaptions('Message', 'RichTextEditor', {
  linkRefused: 'Only http, https and mailto addresses can be linked. The link was not added.',
  linkNeedsSelection: 'Select the text to link first.',
  imageSourceRefused: 'An image whose address is not http, https or data was left out.',
  imageTypeRefused: '{{name}} is not a PNG, GIF, JPEG, BMP, ICO or SVG image.',
  imageTooLarge: '{{name}} is larger than {{max}}. Choose a smaller image.',
  imageUnsafe: '{{name}} contains scripts or links and cannot be used.',
  imageReadFailed: '{{name}} could not be read.',
});
