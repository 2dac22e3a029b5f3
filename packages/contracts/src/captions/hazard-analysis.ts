import { energyControlSuggestions, hazardAnalysisVerbLabels } from '../hazard-analysis';
import { defineCaptions } from './define-captions';

// Captions of the permit page's Hazard analysis section and of the risk matrix's settings
// (features/hazard-analysis). English defaults are the contracts' own words where there are some.

/** The analysis's commands as buttons name them, keyed by verb. */
export const hazardAnalysisVerbCaptions = defineCaptions('Button', 'HazardAnalysis_Verb', hazardAnalysisVerbLabels);

/** A suggested control's text, keyed by energy type value (or 'stored-energy'): added as the user reads it. */
export const hazardSuggestionCaptions = defineCaptions('Label', 'HazardAnalysis_Suggestion', energyControlSuggestions);

export const hazardAnalysisLabels = defineCaptions('Label', 'HazardAnalysis', {
  section: 'Hazard analysis',
  loading: 'Loading the hazard analysis',
  loadFailed: 'The hazard analysis could not be loaded.',
  noLines: 'No lines yet. Add one line per job step and hazard.',
  line: 'Line {{n}}',
  jobStep: 'Job step',
  hazard: 'Hazard',
  chooseHazard: 'Choose a hazard',
  severity: 'Severity',
  likelihood: 'Likelihood',
  risk: 'Risk',
  residualRisk: 'Residual risk',
  residualHelp: 'With the controls in place',
  initialRisk: 'Risk before controls',
  controls: 'Controls',
  noControls: 'No controls yet',
  controlFromList: 'Control from the list',
  chooseControl: 'Choose a control',
  controlText: 'Or write a control',
  suggested: 'Suggested from the energy sources',
  suggestedFrom: 'From {{sources}}',
  notRated: 'Not rated yet',
  riskLevel: 'Permit risk level',
  'riskLevel::description': 'The highest residual risk of the lines.',
  required: 'Required before the permit is requested.',
  missing: 'Before the permit can be requested',
  rating: '{{severity}} × {{likelihood}}',
  cell: 'Severity {{severity}}, likelihood {{likelihood}}: {{risk}}',
  matrixCaption: 'Severity (rows) × likelihood (columns)',
  lineForm: 'Hazard analysis line',
  readOnly: 'Read only',
  fromRiskAnalysis: 'Set by the hazard analysis',
  riskSetLater: 'Set by the hazard analysis: add its lines on the Hazards tab once the permit is created.',
});

export const hazardAnalysisButtons = defineCaptions('Button', 'HazardAnalysis', {
  addLine: 'Add line',
  edit: 'Edit',
  remove: 'Remove',
  save: 'Save line',
  cancel: 'Cancel',
  moveUp: 'Move up',
  moveDown: 'Move down',
  addControl: 'Add control',
  removeControl: 'Remove control',
  addSuggestion: 'Add',
});

/** The risk matrix's settings (Master List Manage › Risk matrix). */
export const riskMatrixLabels = defineCaptions('Label', 'RiskMatrix', {
  title: 'Risk matrix',
  'title::description':
    'How severity × likelihood rates a hazard on this facility’s permits. Tap a cell to change its risk level. Lines already saved keep their rating.',
  severityLevels: 'Severity levels (least severe first)',
  likelihoodLevels: 'Likelihood levels (least likely first)',
  levelName: '{{axis}} level {{n}}',
  cell: 'Severity {{severity}}, likelihood {{likelihood}}: {{risk}}. Tap to change.',
  saved: 'Risk matrix saved.',
  loadFailed: 'The risk matrix could not be loaded.',
});

export const riskMatrixButtons = defineCaptions('Button', 'RiskMatrix', {
  addSeverity: 'Add severity level',
  addLikelihood: 'Add likelihood level',
  removeLevel: 'Remove level',
  reset: 'Use the default 5 × 5',
  save: 'Save matrix',
});
