import { defineCaptions } from './define-captions';

// Captions of Question Manage (`/question-manager`): checklist questions, their versions, and the
// permit types and stages that ask them. The questions' own wording is captioned per version
// (itemType `question`, see questionTextCaption), not here.

export const questionManageTitles = defineCaptions('Title', 'MasterList_QuestionManage', {
  page: 'Master List',
  childPage: 'Question Manage',
  questions: 'Questions',
  assignments: 'Permit forms',
  newQuestion: 'New question',
  editQuestion: 'Edit question',
  history: 'Version history',
});

export const questionManageLabels = defineCaptions('Label', 'MasterList_QuestionManage', {
  lead: 'Checklist questions asked on permit forms, for each permit type and stage. Editing a question adds a version: answered permits keep the wording they were answered with.',
  filters: 'Filters',
  permitType: 'Permit type',
  allPermitTypes: 'All permit types',
  stage: 'Stage',
  allStages: 'All stages',
  includeInactive: 'Show inactive questions',
  noQuestions: 'No questions match these filters.',
  questionList: 'Questions',
  text: 'Question',
  'text::description': 'As the permit form asks it; translate it on the Translations screen.',
  answerType: 'Answer type',
  choices: 'Choices',
  'choices::description': 'One per line, at least two.',
  mandatory: 'Mandatory',
  'mandatory::description': 'The step cannot go on until it is answered.',
  blockingAnswer: 'Blocking answer',
  'blockingAnswer::description': 'This answer stops the step (e.g. “No” to “Area barricaded?”).',
  noBlockingAnswer: 'None',
  minValue: 'Minimum',
  maxValue: 'Maximum',
  'range::description': 'An answer outside this range stops the step. Leave empty for no limit.',
  fact: 'Answered from the record',
  'fact::description':
    'Optional. The permit’s questions show this count now, for the person answering to confirm or correct.',
  noFact: 'Not answered from the record',
  version: 'Version {{version}}',
  current: 'Current',
  inactive: 'Inactive',
  mandatoryBadge: 'Mandatory',
  optionalBadge: 'Optional',
  blocksOn: 'Blocks on “{{answer}}”',
  blocksBelow: 'Blocks below {{min}}',
  blocksAbove: 'Blocks above {{max}}',
  blocksOutside: 'Blocks outside {{min}}–{{max}}',
  askedAt: 'Asked at',
  notAssigned: 'Not asked on any form yet',
  assignment: '{{type}} · {{stage}}',
  versionMeta: '{{date}} by {{user}}',
  choicesList: 'Choices: {{choices}}',
  formQuestions: 'Questions on this form, in order',
  emptyForm: 'No questions on this form yet.',
  addQuestion: 'Add a question',
  chooseQuestion: 'Choose a question',
  position: '{{position}}.',
  unsaved: 'Unsaved changes',
});

export const questionAnswerTypeCaptions = defineCaptions('Label', 'MasterList_QuestionManage_AnswerType', {
  yes_no_na: 'Yes / No / N.A.',
  text: 'Text',
  number: 'Number',
  date: 'Date',
  choice: 'Choice',
});

export const questionStageCaptions = defineCaptions('Label', 'MasterList_QuestionManage_Stage', {
  request: 'Request',
  issue: 'Issue',
  acceptance: 'Acceptance',
  'close-out': 'Close-out',
});

export const questionYesNoCaptions = defineCaptions('Label', 'MasterList_QuestionManage_YesNo', {
  yes: 'Yes',
  no: 'No',
  na: 'N.A.',
});

export const questionManageButtons = defineCaptions('Button', 'MasterList_QuestionManage', {
  newQuestion: 'New question',
  edit: 'Edit',
  'edit::aria': 'Edit “{{question}}”',
  history: 'History',
  'history::aria': 'Version history of “{{question}}”',
  deactivate: 'Deactivate',
  'deactivate::aria': 'Deactivate “{{question}}”',
  activate: 'Activate',
  'activate::aria': 'Activate “{{question}}”',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  add: 'Add',
  moveUp: 'Move “{{question}}” up',
  moveDown: 'Move “{{question}}” down',
  remove: 'Remove “{{question}}” from this form',
  saveForm: 'Save form',
  discard: 'Discard changes',
  retry: 'Try again',
});

export const questionManageMessages = defineCaptions('Message', 'MasterList_QuestionManage', {
  loadFailed: 'The questions could not be loaded.',
  saveFailed: 'Not saved: {{reason}}',
  created: 'Question created (version 1).',
  newVersion: 'Saved as version {{version}}.',
  unchanged: 'Nothing changed: no new version was made.',
  deactivated: 'Question deactivated: no form asks it now.',
  activated: 'Question active again.',
  formSaved: 'Permit form saved.',
  textRequired: 'Question is required',
});

/** The facts a number question may be answered from, as Question Manage names them. */
export const questionFactCaptions = defineCaptions('Label', 'MasterList_QuestionManage_Fact', {
  'locks-on-points': 'Locks on the permit’s isolation points',
  'points-isolated': 'Isolation points isolated or verified',
  'personal-locks-on-lockbox': 'Personal locks on the group lockbox',
  'crew-signed-on': 'People signed on to the group lockbox',
});
