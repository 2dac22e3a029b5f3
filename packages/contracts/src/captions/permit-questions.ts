import { defineCaptions } from './define-captions';

// Captions of the permit page's Questions section (features/permit-questions). Stage names, Yes /
// No / N.A. and the questions' own wording come from Question Manage's captions (captions/questions.ts).

export const permitQuestionsLabels = defineCaptions('Label', 'PermitQuestions', {
  section: 'Checklist questions',
  loading: 'Loading the questions',
  loadFailed: 'The questions could not be loaded.',
  stage: '{{stage}} questions',
  openWhen: 'Answered before the permit is {{step}}.',
  closed: 'Closed for answers now.',
  stops: 'Stops “{{command}}”',
  mandatory: 'Required',
  optional: 'Optional',
  answer: 'Answer',
  notAnswered: 'Not answered',
  answeredBy: 'Answered by {{name}}, {{at}}',
  notSaved: 'Not saved',
  range: 'Between {{min}} and {{max}}',
  atLeast: 'At least {{min}}',
  atMost: 'At most {{max}}',
  chooseOne: 'Choose one',
  'fromRecord::locks-on-points': 'From the isolation record: {{value}}',
  'fromRecord::points-isolated': 'From the isolation record: {{value}}',
  'fromRecord::personal-locks-on-lockbox': 'From the group lockbox: {{value}}',
  'fromRecord::crew-signed-on': 'From the crew sign-on: {{value}}',
  stepRequested: 'requested',
  stepIssued: 'issued',
  stepAccepted: 'accepted',
  stepClosed: 'closed',
});

export const permitQuestionsButtons = defineCaptions('Button', 'PermitQuestions', {
  save: 'Save',
  'save::aria': 'Save the answer to “{{question}}”',
});
