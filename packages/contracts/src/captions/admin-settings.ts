import { FACILITY_LOGO_MAX_BYTES } from '../admin-settings';
import { defineCaptions } from './define-captions';

/** Titles of the three settings screens (the right nav's group and entry names). */
export const adminSettingsTitles = defineCaptions('Title', 'Admin_Settings', {
  settingsManager: 'Settings Manager',
  facility: 'Facility',
  settings: 'Settings',
  settingsTable: 'Settings Table',
  facilitySettings: 'Facility Settings',
});

/** Settings Manager: the facility's general and module settings, offline permit types and prefixes. */
export const settingsManagerLabels = defineCaptions('Label', 'Settings_Manager', {
  lead: 'How this facility works for everyone signed in to it. Changes apply at once.',
  loading: 'Loading the settings…',
  loadFailed: 'The settings could not be loaded.',
  generalHeading: 'General',
  loginTimeout: 'Login timeout (minutes)',
  'loginTimeout::description':
    'Whole minutes from {{min}} to {{max}}. Users are signed out after this long without activity.',
  infoUrl: 'Info URL',
  'infoUrl::description': 'The facility’s information page, starting with http:// or https://. Leave empty for none.',
  modulesHeading: 'Modules',
  offlineMode: 'Offline mode',
  'offlineMode::description': 'Permits can be used offline; the top bar shows the go-offline toggle.',
  customDashboards: 'Custom dashboards',
  'customDashboards::description': 'When online, the home page is the dashboards instead of the announcements.',
  notifications: 'Notifications',
  'notifications::description': 'Users get notifications; the top bar shows the bell.',
  offlineTypesHeading: 'Offline permit types',
  'offlineTypes::description': 'The permit types that can be created and used offline (when offline mode is on).',
  prefixesHeading: 'Prefixes',
  'prefixes::description': 'The start of each permit number: 1 to 10 letters, digits or hyphens.',
  permitType: '{{name}} ({{code}})',
  noPermitTypes: 'This facility has no permit types.',
});

export const settingsManagerButtons = defineCaptions('Button', 'Settings_Manager', {
  save: 'Save settings',
  retry: 'Try again',
});

export const settingsManagerMessages = defineCaptions('Message', 'Settings_Manager', {
  saved: 'The settings were saved and apply at once.',
  fixFields: 'Fix the fields marked below, then save again.',
});

/** Settings Table: every setting, filtered by scope and text, edited one at a time. */
export const settingsTableLabels = defineCaptions('Label', 'Settings_Table', {
  lead: 'Every setting of this connection and facility, with its default. Edit one at a time.',
  loading: 'Loading the settings…',
  loadFailed: 'The settings could not be loaded.',
  scopeFilter: 'Scope',
  all: 'All',
  connection: 'Connection',
  facility: 'Facility',
  search: 'Search',
  'search::placeholder': 'Key or description',
  setting: 'Setting',
  scope: 'Scope',
  type: 'Type',
  default: 'Default',
  value: 'Value',
  actions: 'Actions',
  integer: 'Whole number',
  boolean: 'On or off',
  text: 'Text',
  on: 'On',
  off: 'Off',
  empty: '(empty)',
  noDefault: 'None',
  limits: 'From {{min}} to {{max}}',
  maxLength: 'At most {{max}} characters',
  valueOf: 'New value of {{key}}',
  set: 'Set',
  notSet: 'Not set',
  secretHint: 'A saved secret is never shown. Type the new one; save it empty to remove it.',
  shown: '{{shown}} of {{total}} settings',
  noMatch: 'No setting matches the filter.',
  caption: 'Settings',
  connectionOnly: 'Shared by every facility: changing it needs the connection’s Settings permission.',
});

export const settingsTableButtons = defineCaptions('Button', 'Settings_Table', {
  edit: 'Edit',
  'edit::row': 'Edit {{key}}',
  save: 'Save',
  'save::row': 'Save {{key}}',
  cancel: 'Cancel',
  'cancel::row': 'Cancel editing {{key}}',
  retry: 'Try again',
});

export const settingsTableMessages = defineCaptions('Message', 'Settings_Table', {
  saved: '{{key}} was saved.',
});

/** Facility Settings: the facility's profile and logo. */
export const facilitySettingsLabels = defineCaptions('Label', 'Facility_Settings', {
  lead: 'This facility’s name, address, time zone, default language and logo.',
  loading: 'Loading the facility…',
  loadFailed: 'The facility could not be loaded.',
  profileHeading: 'Profile',
  name: 'Name',
  address: 'Address',
  timeZone: 'Time zone',
  'timeZone::description': 'Type to search, e.g. Chicago or Europe/Berlin.',
  defaultLanguage: 'Default language',
  'defaultLanguage::description': 'The facility’s main language.',
  noLanguage: 'None',
  logoHeading: 'Logo',
  'logo::description': `Shown in the top bar next to the facility name. PNG, JPEG or SVG, at most ${FACILITY_LOGO_MAX_BYTES / 1024} KB.`,
  logoFile: 'Logo file',
  currentLogo: 'Current logo',
  noLogo: 'No logo yet.',
});

export const facilitySettingsButtons = defineCaptions('Button', 'Facility_Settings', {
  save: 'Save profile',
  upload: 'Upload logo',
  remove: 'Remove logo',
  retry: 'Try again',
});

export const facilitySettingsMessages = defineCaptions('Message', 'Facility_Settings', {
  saved: 'The profile was saved.',
  nameRequired: 'Name: enter the facility’s name.',
  timeZoneRequired: 'Time zone: choose a time zone.',
  logoSaved: 'The logo was uploaded; it shows in the top bar.',
  logoRemoved: 'The logo was removed.',
  chooseFile: 'Choose an image file first.',
  logoType: 'Logo: choose a PNG, JPEG or SVG image.',
  logoSize: `Logo: the file is larger than ${FACILITY_LOGO_MAX_BYTES / 1024} KB.`,
});
