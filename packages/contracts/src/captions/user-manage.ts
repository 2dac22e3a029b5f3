import { defineCaptions } from './define-captions';

/** Security › User Manage: the list, its filters and the user form. */
export const userManageLabels = defineCaptions('Label', 'UserManage', {
  lead: 'The users who may sign in to this facility: create and edit them, reset passwords, unlock and deactivate.',
  search: 'Search',
  'search::placeholder': 'User name, name or e-mail',
  status: 'Status',
  'status::all': 'All users',
  'status::active': 'Active',
  'status::inactive': 'Inactive',
  'status::locked': 'Locked',
  group: 'Group',
  allGroups: 'All groups',
  count: 'Users found: {{count}}',
  pages: 'Pages of users',
  loading: 'Loading users…',
  userName: 'User name',
  displayName: 'Name',
  email: 'E-mail',
  'email::description': 'Optional.',
  isActiveDirectoryUser: 'Signs in through the organisation’s directory (AD)',
  'isActiveDirectoryUser::description': 'A directory user has no password here: it is managed in the directory.',
  groups: 'Groups in this facility',
  noGroups: 'This facility has no groups yet.',
  facilities: 'Facilities this user may sign in to',
  'facilities::description': 'This facility is always included.',
  groupsOf: 'Groups: {{groups}}',
  noGroupsOf: 'No groups in this facility',
  actionsFor: 'Actions for {{name}}',
});

export const userManageBadges = defineCaptions('Label', 'UserManage_Badges', {
  active: 'Active',
  inactive: 'Inactive',
  locked: 'Locked',
  directory: 'AD',
  'directory::title': 'Signs in through the organisation’s directory',
  mustChange: 'Must change password',
  noPassword: 'No password yet',
});

export const userManageButtons = defineCaptions('Button', 'UserManage', {
  create: 'New user',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  retry: 'Try again',
  resetPassword: 'Reset password',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  unlock: 'Unlock',
  copy: 'Copy',
  copied: 'Copied',
});

export const userManageTitles = defineCaptions('Title', 'UserManage', {
  page: 'Security',
  childPage: 'User Manage',
  create: 'New user',
  edit: 'Edit user',
  deactivate: 'Deactivate {{name}}?',
  reactivate: 'Reactivate {{name}}?',
  resetPassword: 'Reset the password of {{name}}?',
  oneTimePassword: 'One-time password for {{name}}',
});

export const userManageMessages = defineCaptions('Message', 'UserManage', {
  loadFailed: 'The users could not be loaded.',
  optionsFailed: 'The groups and facilities could not be loaded.',
  empty: 'No users match the search and filters.',
  deactivateExplained:
    'They can no longer sign in, and every session they have ends at once. Nothing they signed is removed; you can reactivate them later.',
  reactivateExplained: 'They can sign in again with their password.',
  resetExplained:
    'A one-time password replaces their password and every session they have ends. When they next sign in they must choose their own password.',
  oneTimePasswordOnce:
    'Give this password to the user. It is shown only now: once you close this window it cannot be shown again.',
  fixFields: 'Check the highlighted fields.',
  userNameRequired: 'User name is required',
  userNameSpaces: 'A user name has no spaces',
  nameRequired: 'Name is required',
  emailInvalid: 'Enter a valid e-mail address',
  ownAccess:
    'You cannot change your own sign-in name, sign-in method, groups or facilities; ask another administrator.',
  created: '{{name}} was created. Reset the password to give them a one-time password.',
  saved: 'Changes to {{name}} were saved.',
  deactivated: '{{name}} was deactivated.',
  reactivated: '{{name}} was reactivated.',
  unlocked: '{{name}} was unlocked.',
});

/** The screen a user who signed in with a one-time password sees until they choose their own. */
export const mustChangePasswordLabels = defineCaptions('Label', 'MustChangePassword', {
  title: 'Change your password',
  lead: 'You signed in with a one-time password. Choose your own password to continue.',
  currentPassword: 'One-time password',
  newPassword: 'New password',
  'newPassword::description': 'Longer passphrases are stronger; any characters are allowed.',
  confirmPassword: 'Confirm the new password',
});

export const mustChangePasswordButtons = defineCaptions('Button', 'MustChangePassword', {
  submit: 'Change password',
  signOut: 'Sign out',
});

export const mustChangePasswordMessages = defineCaptions('Message', 'MustChangePassword', {
  currentRequired: 'Enter the one-time password you signed in with',
  newRequired: 'Enter a new password',
  mismatch: 'The passwords do not match',
  same: 'The new password must differ from the one-time password',
});
