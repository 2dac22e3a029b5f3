import { defineCaptions } from './define-captions';

/** The translations screen (seed: "Translations screen"). */
export const translationsTitles = defineCaptions('Title', 'Translations', {
  page: 'Translations',
});

/** The table's headings: the seed's words for itemType, formName, controlName, defaultCaption, preferredCaption. */
export const translationsColumns = defineCaptions('Label', 'Translations_Columns', {
  itemType: 'Translation Type',
  formName: 'Feature Name',
  controlName: 'Translation Path',
  defaultCaption: 'Translation Key',
  preferredCaption: 'Translated Value',
});

export const translationsLabels = defineCaptions('Label', 'Translations', {
  lead: 'Every caption of the interface in the chosen language. Filter by any column; click a translated value (or press Enter on it) to change it.',
  language: 'Language',
  table: 'Captions and their translations',
  filter: 'Filter by {{column}}',
  'filter::placeholder': 'Filter…',
  about: 'About {{column}}',
  count: '{{shown}} of {{total}} captions',
  usesDefault: 'uses default',
  editValue: 'Edit the translated value of {{path}}',
  valueInput: 'Translated value of {{path}}',
  'valueInput::placeholder': 'Empty: use the default',
  loading: 'Loading captions…',
});

/** What the info icons beside the headings explain (seed: the keyword, variants, nested paths). */
export const translationsTooltips = defineCaptions('Tooltip', 'Translations', {
  defaultControlValue:
    'DEFAULT_CONTROL_VALUE as the Translation Path is a keyword: the caption is the control’s default value, the text it shows before anything is chosen or typed.',
  variants:
    'Variants of a control are appended after a double colon: submit::loading is the text of submit while it is loading.',
  nestedPaths: 'Nested paths are joined by underscores: Admin_Settings is the Settings area inside the Admin feature.',
});

export const translationsButtons = defineCaptions('Button', 'Translations', {
  save: 'Save',
  cancel: 'Cancel',
  undo: 'Undo',
  clearFilters: 'Clear filters',
  clearFilter: 'Clear the {{column}} filter',
  tryAgain: 'Try again',
});

export const translationsMessages = defineCaptions('Message', 'Translations', {
  saved: 'Saved the translated value of {{path}}.',
  undone: 'Restored the earlier translated value of {{path}}.',
  saveFailed: 'The translated value could not be saved: {{message}}',
  loadFailed: 'The captions could not be loaded.',
  noMatch: 'No caption matches these filters.',
});
