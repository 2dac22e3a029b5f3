import { NO_LONGER_VALID, type SignatureVerb } from '../signatures';
import type { Caption } from './define-captions';
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
  confirm: 'By signing you confirm: {{meaning}}',
  verbPasswordDescription: 'Your signature records your name, the time and this meaning. Type your password to sign.',
  verbSsoDescription: 'Your signature records your name, the time and this meaning. You sign in again at {{idp}}.',
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
  // Offline, a signature is sealed with the server's key, which the offline download brings.
  noSealKeyOffline:
    'This device has no signing key yet, so it cannot sign offline: go online and download the offline permits again, then sign.',
});

/**
 * What the signature of each verb that hands over responsibility means (an approval's meaning is its
 * stage's, set by the facility). The signature stores the meaning as signed; readers in another
 * language are shown it translated through these captions.
 */
export const signatureMeanings = defineCaptions('Label', 'SignatureMeanings', {
  issue: 'Issued: isolation in place and the permit’s conditions set',
  accept: 'Accepted: conditions understood, responsibility for the work taken',
  handOver: 'Handed over',
  completeWork: 'Work complete: handed back',
  abandonedRemoval: 'Removed the lock of an absent worker under 1910.147(e)(3)',
});

/** The meaning caption of each signed verb other than approve (a function: the catalog lists each caption once). */
export function signatureMeaningOf(verb: Exclude<SignatureVerb, 'approve'>): Caption {
  const control = {
    issue: 'issue',
    accept: 'accept',
    'hand-over': 'handOver',
    'complete-work': 'completeWork',
    'abandoned-removal': 'abandonedRemoval',
  } as const;
  return signatureMeanings[control[verb]];
}

/** A signature's manifestation as a reader sees it: its meaning translated, who and when as signed. */
export const signatureLineCaptions = defineCaptions('Label', 'Signatures_Line', {
  line: '{{meaning}} by {{name}}, {{at}}',
});

/**
 * Stored text a facility sets (an approval stage's name, its signatures' meaning) as a caption keyed
 * by the text itself, so it is translated on the translations screen like any caption; text a
 * caption cannot key (over 200 characters, or with a "|") has none and shows as stored.
 * @example storedTextCaption('Approval_Stage', 'Area authority')?.controlName === 'Area authority'
 */
export function storedTextCaption(formName: 'Approval_Stage' | 'Signature_Meaning', text: string): Caption | null {
  if (!text || text.length > 200 || text.includes('|')) return null;
  return { itemType: 'Data', formName, controlName: text, defaultCaption: text };
}
