import { defineCaptions } from './define-captions';

// Captions of Master List Manage (`/masterlist/manage`): the list types and the manager screen.
// The items' own captions are rows of the translations table too (itemType `MasterList`), made
// when an item is created; see masterItemCaption in master-lists.ts.

/** The name of each list type, keyed by list key. */
export const masterListTypeNames = defineCaptions('Label', 'MasterList_Types', {
  'energy-types': 'Energy types',
  'device-types': 'Device types',
  'lock-colours': 'Lock colours',
  'tag-legends': 'Tag legends',
  ppe: 'PPE',
  hazards: 'Hazards',
  controls: 'Controls',
  departments: 'Departments',
  crafts: 'Crafts',
  'reason-codes': 'Reason codes',
  'rejection-reasons': 'Rejection reasons',
});

/** What each list is for, keyed by list key. */
export const masterListTypeDescriptions = defineCaptions('Description', 'MasterList_Types', {
  'energy-types': 'Kinds of hazardous energy a component carries: electrical, hydraulic, thermal…',
  'device-types': 'Isolation devices at an isolation point: breakers, valves, blind flanges…',
  'lock-colours': 'Colours of the locks in the lock inventory.',
  'tag-legends': 'The warning printed on a tag, such as “DANGER — DO NOT OPERATE”.',
  ppe: 'Personal protective equipment a job step requires.',
  hazards: 'Hazards named on a hazard analysis line.',
  controls: 'Controls that reduce a hazard’s risk.',
  departments: 'Departments that request or own work.',
  crafts: 'Trades of the people who do the work.',
  'reason-codes': 'Why a permit was raised, suspended or cancelled.',
  'rejection-reasons':
    'Why an approver or issuer returned a permit to its requester for rework. The item “Other” asks for a note.',
});

export const masterListTitles = defineCaptions('Title', 'MasterList_Manage', {
  page: 'Master List',
  childPage: 'Master List Manage',
  lists: 'Lists',
  newItem: 'New item',
  editCaption: 'Edit caption',
  delete: 'Delete this item?',
});

export const masterListLabels = defineCaptions('Label', 'MasterList_Manage', {
  lead: 'The lists behind the choices on every form. Items that records use can be deactivated, never deleted.',
  list: 'List',
  items: 'Items of {{list}}',
  counts: '{{count}} items, {{active}} active',
  value: 'Value',
  'value::description': 'The key that imports and reports match. It cannot be changed later.',
  caption: 'Caption',
  'caption::description': 'The text people read (the value when empty). Translate it on the Translations screen.',
  inactive: 'Inactive',
  inUse: 'Used by {{count}}',
  noItems: 'This list has no items yet.',
  orderHint: 'Drag an item by its handle, or use its move buttons, to change the order pickers offer.',
  dragHandle: 'Drag {{name}} to reorder',
  deleteBody: '“{{name}}” will be removed from the list. This cannot be undone.',
  saving: 'Saving the order…',
});

export const masterListButtons = defineCaptions('Button', 'MasterList_Manage', {
  add: 'Add item',
  save: 'Save',
  cancel: 'Cancel',
  editCaption: 'Edit caption',
  'editCaption::named': 'Edit caption of {{name}}',
  deactivate: 'Deactivate',
  'deactivate::named': 'Deactivate {{name}}',
  reactivate: 'Reactivate',
  'reactivate::named': 'Reactivate {{name}}',
  delete: 'Delete',
  'delete::named': 'Delete {{name}}',
  moveUp: 'Move {{name}} up',
  moveDown: 'Move {{name}} down',
  retry: 'Retry',
  close: 'Close',
});

export const masterListMessages = defineCaptions('Message', 'MasterList_Manage', {
  loadFailed: 'The master lists could not be loaded.',
  created: 'Item added.',
  saved: 'Caption saved.',
  deactivated: 'Item deactivated: pickers no longer offer it.',
  reactivated: 'Item reactivated.',
  deleted: 'Item deleted.',
  reordered: 'Order saved.',
  moved: '{{name}} moved to position {{position}} of {{count}}.',
  failed: 'Not done: {{reason}}',
  valueRequired: 'Value is required',
  captionRequired: 'Caption is required',
});
