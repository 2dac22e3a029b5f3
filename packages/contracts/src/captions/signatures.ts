import { NO_LONGER_VALID } from '../signatures';
import { defineCaptions } from './define-captions';

// Captions of the permit page's Approvals section and the approve dialog's signature (features/signatures,
// features/permits' CommandDialog). The signature's own text ("Approved as area authority by …") is the
// server's: it is a record, shown as it was signed.

export const signatureLabels = defineCaptions('Label', 'Signatures', {
  loading: 'Loading the approvals',
  loadFailed: 'The approvals could not be loaded: {{reason}}',
  riskLevel: 'Risk level: {{level}}',
  stages: 'Approval stages',
  signatures: 'Signatures',
  noSignatures: 'Nobody has signed yet.',
  signed: 'Signed',
  next: 'Next to sign',
  waiting: 'Waiting',
  anyApprover: 'Anyone who may approve this type of permit',
  groupSigns: 'Members of {{group}}',
  noLongerValid: NO_LONGER_VALID,
  password: 'Your password',
  passwordDescription:
    'Approving signs the next approval stage with your name, the time and its meaning. Type your password to sign.',
  approveChange: 'Signs the next approval stage. The permit becomes Approved once every stage is signed.',
  ssoSign: 'Sign in again at {{idp}} to sign',
  ssoDescription:
    'Approving signs the next approval stage with your name, the time and its meaning. You sign in again at {{idp}} and come back here.',
  ssoSigning: 'Signing the permit',
  ssoSigningFailed: 'The permit was not signed',
});

export const approvalStageLabels = defineCaptions('Label', 'ApprovalStages', {
  title: 'Approval stages',
  intro:
    'The stages a permit’s approval goes through, in order, by its risk level. A permit without a risk level follows Low. A level without stages needs one approval by anyone who may approve the type.',
  level: 'Risk level {{level}}',
  stage: 'Stage {{position}}',
  name: 'Stage name',
  meaning: 'Meaning of the signature',
  meaningHint: 'As the signature records it, e.g. “approved as area authority”',
  group: 'Who signs',
  anyApprover: 'Anyone who may approve the type',
  add: 'Add a stage',
  remove: 'Remove stage {{position}}',
  save: 'Save',
  saved: 'Approval stages saved',
  loadFailed: 'The approval stages could not be loaded: {{reason}}',
  noStages: 'No stages: one approval by anyone who may approve the type.',
});

export const signatureMessages = defineCaptions('Message', 'Signatures', {
  passwordRequired: 'Enter your password to sign',
});
