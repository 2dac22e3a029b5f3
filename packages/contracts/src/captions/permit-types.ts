import { defineCaptions, type Caption } from './define-captions';

// Captions of Administrator › Permit types (route /admin/permit-types).

export const permitTypesTitles = defineCaptions('Title', 'Admin_PermitTypes', {
  page: 'Administrator',
  childPage: 'Permit types',
  newGroup: 'New permit group',
  editGroup: 'Edit permit group',
  deleteGroup: 'Delete this permit group?',
  newType: 'New permit type',
  editType: 'Edit permit type',
  groups: 'Permit groups',
});

export const permitTypesLabels = defineCaptions('Label', 'Admin_PermitTypes', {
  lead: 'The kinds of permit this facility writes, and the groups that order them in the left sidebar.',
  openFromAdministrator: 'Permit types and groups',
  'openFromAdministrator::description': 'Codes, icons, colours, prefixes, sections and the left sidebar order.',
  code: 'Code',
  'code::description':
    'Capital letters, digits, "_" or "-", up to 20. It names the permissions and cannot change later.',
  name: 'Name',
  icon: 'Icon',
  color: 'Colour',
  prefix: 'Numbering prefix',
  'prefix::description': 'Printed before the permit number, e.g. HW-',
  sections: 'Sections of the permit form',
  maxValidityHours: 'Maximum validity (hours)',
  'maxValidityHours::description': 'How long a permit of this type may stay valid: 1 to 8760 hours (one year).',
  maxExtensions: 'Maximum extensions',
  'maxExtensions::description': 'How many times a permit of this type may be extended: 0 to 10.',
  offlineEnabled: 'Can be written offline',
  'offlineEnabled::description': 'Users who hold "Create offline" for this type get an offline create link.',
  tagPerPersonalLock: 'Tag per personal lock',
  'tagPerPersonalLock::description':
    "Each crew member's personal lock on the group lockbox gets its own tag, applied at sign-on and removed at sign-off.",
  gasRetestMinutes: 'Gas re-test interval (minutes)',
  'gasRetestMinutes::description':
    'Issue and revalidation are refused when the latest gas test is older than this: 5 to 1440 minutes.',
  hazardAnalysisRequired: 'Hazard analysis required before Requested',
  'hazardAnalysisRequired::description':
    'A permit of this type is requested only with hazard analysis lines, each with a control and its residual risk.',
  group: 'Permit group',
  active: 'Active',
  'active::description': 'An inactive type leaves the left sidebar; permits already written keep it.',
  inactive: 'Inactive',
  offline: 'Offline',
  validity: 'Valid up to {{hours}} h',
  typeCount: 'Permit types: {{count}}',
  noTypes: 'No permit types in this group yet.',
  noGroups: 'No permit groups yet. Create one, then add permit types to it.',
  loading: 'Loading the permit types…',
  deleteGroupText: 'The group "{{name}}" holds no permit type. It is removed from the left sidebar.',
  'section::isolation-plan': 'Isolation plan',
  'section::hazard-analysis': 'Hazard analysis',
  'section::questions': 'Questions',
  'section::gas-tests': 'Gas tests',
  'section::crew-sign-on': 'Crew sign-on',
  'icon::lock': 'Lock',
  'icon::lock-clock': 'Lock with clock',
  'icon::clipboard': 'Clipboard',
  'icon::flame': 'Flame',
  'icon::box': 'Box',
  'icon::bolt': 'Lightning bolt',
  'icon::tool': 'Tool',
  'icon::folder': 'Folder',
  'icon::file': 'File',
  'icon::shield': 'Shield',
  'icon::alert-triangle': 'Warning triangle',
  'icon::factory': 'Factory',
  'icon::plug': 'Plug',
  'icon::list-details': 'List',
});

export const permitTypesButtons = defineCaptions('Button', 'Admin_PermitTypes', {
  newGroup: 'New group',
  newType: 'New permit type',
  edit: 'Edit',
  editNamed: 'Edit {{name}}',
  deactivate: 'Deactivate',
  deactivateNamed: 'Deactivate {{name}}',
  reactivate: 'Reactivate',
  reactivateNamed: 'Reactivate {{name}}',
  deleteGroup: 'Delete group',
  deleteNamed: 'Delete {{name}}',
  moveUp: 'Move {{name}} up',
  moveDown: 'Move {{name}} down',
  addTypeTo: 'Add a permit type to {{name}}',
  cancel: 'Cancel',
  save: 'Save',
  delete: 'Delete',
  close: 'Close',
  tryAgain: 'Try again',
});

export const permitTypesMessages = defineCaptions('Message', 'Admin_PermitTypes', {
  required: '{{field}} is required',
  invalidCode: 'Code: 1 to 20 capital letters A–Z, digits, "_" or "-" (e.g. HOT)',
  invalidColor: 'Colour: a hex colour such as #c92a2a',
  invalidPrefix: 'Prefix: 1 to 20 letters, digits, "-", "_", "." or "/" (e.g. HW-)',
  invalidValidity: 'Maximum validity: whole hours from 1 to 8760',
  invalidExtensions: 'Maximum extensions: a whole number from 0 to 10',
  invalidRetest: 'Gas re-test interval: whole minutes from 5 to 1440',
  loadFailed: 'The permit types could not be loaded.',
  saveFailed: 'Not saved: {{reason}}',
  moveFailed: 'The new order was not saved: {{reason}}',
  saved: 'Saved. The left sidebar shows the change.',
});

/**
 * A permit type's name as a caption (stored content, translated on the translations screen like
 * any caption): keyed by the type's ID, its stored name the default. The server registers one per
 * type at start (translations' `registerStoredCaptions`); a type added since shows its stored name.
 * @example translate(permitTypeNameCaption({ ID: 3, name: 'Hot Work' })) // 'Trabajo en caliente' in Spanish
 */
export const permitTypeNameCaption = (type: { ID: number; name: string }): Caption => ({
  itemType: 'Data',
  formName: 'Permit_Type',
  controlName: String(type.ID),
  defaultCaption: type.name,
});
