import { defineCaptions } from './define-captions';

// Captions of Notification Template Manage (`/notifications-manager`) and the profile's opt-outs.

export const notificationTemplateTitles = defineCaptions('Title', 'NotificationTemplates', {
  page: 'Master List',
  manage: 'Notification Template Manage',
  preview: 'Preview',
  emails: 'E-mails sent',
  optOuts: 'Notifications I receive',
});

/** Each event's name on the screen and in the profile. */
export const notificationEventCaptions = defineCaptions('Label', 'NotificationTemplates_Event', {
  'permit.request': 'Permit requested',
  'permit.approve': 'Permit approved',
  'permit.reject': 'Permit returned for rework',
  'permit.issue': 'Permit issued',
  'permit.suspend': 'Permit suspended',
  'permit.hand-over': 'Permit handed over',
  'permit.expiring': 'Permit expiring',
  'permit.expire': 'Permit expired',
  'permit.close': 'Permit closed',
  'gas-test.out-of-limits': 'Gas test out of limits',
  'abandoned-removal.record': 'Lock or tag removed under (e)(3)',
  'sync.conflict': 'Offline change in conflict',
  'lock.overdue': 'Lock applied after the planned end',
});

export const notificationRelationshipCaptions = defineCaptions('Label', 'NotificationTemplates_Recipient', {
  requester: 'Requester',
  holder: 'Holder',
  previousHolder: 'Outgoing holder',
  issuer: 'Issuer',
  approvers: 'Approvers of the type',
  subject: 'The person it is about',
  crew: 'Crew signed on to the lockbox',
  areaSupervisors: 'Area supervisors',
});

export const notificationTemplateLabels = defineCaptions('Label', 'NotificationTemplates', {
  lead: 'The message sent for each event, in each language, to whom and how. Variables in double braces are filled from the permit.',
  event: 'Event',
  safetyCritical: 'Safety-critical: nobody can switch it off.',
  channels: 'Send by',
  inApp: 'In-app notification',
  email: 'E-mail',
  emailOff: 'E-mail is off on this server (no SMTP relay is set): only in-app notifications are sent.',
  recipients: 'Send to',
  groups: 'And the members of these groups',
  language: 'Language',
  fallback: 'No text in this language yet: its readers get the English one.',
  subject: 'Subject',
  body: 'Text',
  variables: 'Variables: {{list}}',
  permit: 'Preview with permit',
  choosePermit: 'Choose a permit',
  previewSubject: 'Subject',
  previewText: 'In-app and plain-text e-mail',
  previewHtml: 'E-mail (HTML)',
  previewing: 'Rendering the preview…',
  previewAreaSupervisors: 'Area supervisors of this permit ({{area}}): {{people}}',
  previewNoAreaSupervisors: "Nobody supervises this permit's area or the areas above it.",
  unsaved: 'You have unsaved changes.',
  noEmails: 'No notification e-mail has been sent yet.',
  to: 'To',
  state: 'State',
  'state::queued': 'Waiting',
  'state::sent': 'Sent',
  'state::failed': 'Failed',
  optOutsLead: 'Switch off what you do not need. Safety-critical notifications always arrive.',
});

export const notificationTemplateButtons = defineCaptions('Button', 'NotificationTemplates', {
  save: 'Save',
  discard: 'Discard changes',
  retry: 'Try again',
  addLanguage: 'Add this language',
  removeLanguage: 'Remove this language',
});

export const notificationTemplateMessages = defineCaptions('Message', 'NotificationTemplates', {
  loadFailed: 'The templates could not be loaded.',
  saved: 'The template is saved.',
  saveFailed: 'Not saved: {{reason}}',
  previewFailed: 'The preview could not be rendered: {{reason}}',
  optOutsSaved: 'Your notification choices are saved.',
});
