import { defineCaptions } from './define-captions';

// Captions of the security administration screens: Group Manage, Security Lists, and the
// permission catalogue's descriptions that both screens show as help text.

/** What each right-nav permission lets a member do (the permission `rightnav:<id>`), keyed by right-nav id. */
export const permissionRightNavDescriptions = defineCaptions('Description', 'Permission_Catalogue_RightNav', {
  administrator: 'Open the Administrator screen: facilities of the connection, server health and the audit log.',
  'settings-manager': "Change this facility's settings: inactivity timeout, info link, modules, offline permit types.",
  'user-manage': 'Create, edit and deactivate users, reset their passwords and choose their facilities.',
  'group-manage': 'Create groups, choose their members and the permissions each group grants.',
  'security-lists': 'Switch features and administration menu entries on or off for this facility.',
  'user-management': 'Assign groups and facilities to many users at once and import users from a CSV file.',
  'asset-manage': 'Create and edit the assets (equipment) that permits isolate.',
  'component-manage': 'Manage the components and energy sources of assets.',
  'import-manage': 'Import assets and components from files.',
  'lock-manage': 'Keep the lock inventory: register locks, issue them to people, mark them lost, found or retired.',
  'masterlist-manage': 'Edit the master lists that permit forms choose from.',
  'prefix-manage': 'Change the numbering prefixes of permit types.',
  'question-manage': 'Edit the questions asked on permit forms.',
  'announcement-manage': 'Write, publish and retire announcements for this facility.',
  'notification-template-manage': 'Edit the templates of the notifications Hasp sends.',
  'tag-report-manage': 'Manage the links between tags and reports.',
  'print-list': 'See and reprint the print queue of tags and permits.',
  'print-settings': 'Choose printers and print layouts.',
  'report-settings': 'Configure the reports of this facility.',
  'report-files': 'Upload and manage report files.',
  translations: 'Change the words the app shows, in every language.',
  'facility-settings': "Edit this facility's profile: name, address, time zone, language and logo.",
  'settings-table': 'See and change every setting of the connection and this facility.',
  connect: 'Open Hasp Connect: links to other systems.',
});

/** What each per-permit-type action lets a member do; `{{type}}` is the permit type's name. */
export const permissionPermitActionDescriptions = defineCaptions('Description', 'Permission_Catalogue_PermitType', {
  view: 'See {{type}} permits and their history.',
  create: 'Create {{type}} permits.',
  'create-offline': 'Create {{type}} permits while offline, on this device (shows the offline create link).',
  approve: 'Approve {{type}} permits written by others.',
  issue: 'Issue approved {{type}} permits, so that work can start.',
});

export const permissionPermitActionLabels = defineCaptions('Label', 'Permission_Catalogue_PermitType', {
  view: 'View',
  create: 'Create',
  'create-offline': 'Create offline',
  approve: 'Approve',
  issue: 'Issue',
});

/** The lockout/tagout permissions' names in the matrix, keyed by permission. */
export const permissionLotoLabels = defineCaptions('Label', 'Permission_Catalogue_Loto', {
  'loto:remove-abandoned': 'Remove abandoned locks and tags',
  'offline:supervise': 'Supervise offline sync',
  'gas:test': 'Test gas',
});

/** What each lockout/tagout permission lets a member do. */
export const permissionLotoDescriptions = defineCaptions('Description', 'Permission_Catalogue_Loto', {
  'loto:remove-abandoned':
    "Remove another person's lock or tag when they are not on site, after trying to reach them, as OSHA 1910.147 (e)(3) allows; they must acknowledge it at their next sign-in.",
  'offline:supervise':
    'See every offline change of the facility that was in conflict or rejected when it synced, with both versions, and mark them resolved.',
  'gas:test':
    'Record gas tests on the permits they may see, as the tester: a failing reading stops issue and suspends an active permit until a passing re-test clears it.',
});

export const groupManageTitles = defineCaptions('Title', 'Security_GroupManage', {
  page: 'Security',
  childPage: 'Group Manage',
  groups: 'Groups',
  create: 'New group',
  rename: 'Edit group',
  delete: 'Delete this group?',
  members: 'Members',
  permissions: 'Permissions',
  rightNav: 'Administration menu',
  permitTypes: 'Permit types',
  loto: 'Lockout/tagout',
});

export const groupManageLabels = defineCaptions('Label', 'Security_GroupManage', {
  lead: 'Groups of this facility, their members, and what each group may see and do.',
  name: 'Name',
  description: 'Description',
  memberCount: 'Members: {{count}}',
  noGroups: 'This facility has no groups yet.',
  chooseGroup: 'Choose a group to see its members and permissions.',
  selectedGroup: 'Group: {{name}}',
  groupActions: 'Actions for {{name}}',
  noMembers: 'This group has no members.',
  addMember: 'Add a member',
  addMemberPlaceholder: 'Search users of this facility',
  noCandidates: 'Every user of this facility is already a member.',
  columnName: 'Name',
  columnUserName: 'User name',
  inactive: 'Inactive',
  you: 'You',
  ownGroup: 'You belong to this group, so you cannot change its permissions. Another administrator can.',
  notHeld: 'You do not hold this permission, so you cannot grant it.',
  permissionFor: '{{action}}: {{type}}',
  unsaved: 'You have unsaved changes to the permissions.',
  singleEntry: 'Other entries',
  deleteConfirm: 'The group “{{name}}” will be deleted. This cannot be undone.',
  deleteBlocked: 'Remove its members before deleting the group.',
});

export const groupManageButtons = defineCaptions('Button', 'Security_GroupManage', {
  create: 'New group',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  add: 'Add',
  remove: 'Remove',
  removeMember: 'Remove {{name}} from the group',
  savePermissions: 'Save permissions',
  discard: 'Discard changes',
  retry: 'Try again',
  close: 'Close',
});

export const groupManageMessages = defineCaptions('Message', 'Security_GroupManage', {
  loadFailed: 'The groups could not be loaded.',
  membersFailed: 'The members could not be loaded.',
  permissionsFailed: 'The permissions could not be loaded.',
  created: 'The group is created.',
  saved: 'The group is saved.',
  deleted: 'The group is deleted.',
  memberAdded: '{{name}} is now a member.',
  memberRemoved: '{{name}} is no longer a member.',
  permissionsSaved: 'The permissions are saved. Members get them on their next page load.',
  saveFailed: 'Not saved: {{reason}}',
  nameRequired: 'Name is required',
});

export const securityListsTitles = defineCaptions('Title', 'Security_Lists', {
  page: 'Security',
  childPage: 'Security Lists',
});

export const securityListsLabels = defineCaptions('Label', 'Security_Lists', {
  lead: 'Switch features of this facility on or off. A feature switched off disappears from the administration menu for everyone, whatever their groups grant.',
  singleEntry: 'Other entries',
  lockedOn: 'Always on here: switching it off would leave nobody able to switch features back on.',
  unsaved: 'You have unsaved changes.',
});

export const securityListsButtons = defineCaptions('Button', 'Security_Lists', {
  save: 'Save',
  discard: 'Discard changes',
  retry: 'Try again',
});

export const securityListsMessages = defineCaptions('Message', 'Security_Lists', {
  loadFailed: 'The security lists could not be loaded.',
  saved: 'The security lists are saved. Signed-in users see the change at once.',
  saveFailed: 'Not saved: {{reason}}',
});
