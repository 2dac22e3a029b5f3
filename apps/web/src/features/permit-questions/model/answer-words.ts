import {
  permitQuestionsLabels as L,
  questionChoiceCaption,
  questionTextCaption,
  questionYesNoCaptions,
  type PermitStatus,
  type QuestionStage,
  type QuestionVersion,
} from '@hasp/contracts';
import type { Translate } from '../../../lib/i18n';

/** A version's wording in the user's language (its preferred caption), else as written. */
export const questionText = (t: Translate, version: QuestionVersion) => t(questionTextCaption(version));

/** An answer as shown: Yes / No / N.A. captions, a choice's own caption, or the value itself. */
export function answerLabel(t: Translate, version: QuestionVersion, answer: string): string {
  if (version.answerType === 'yes_no_na' && answer in questionYesNoCaptions)
    return t(questionYesNoCaptions[answer as keyof typeof questionYesNoCaptions]);
  const index = version.answerType === 'choice' ? version.choices.indexOf(answer) : -1;
  return index >= 0 ? t(questionChoiceCaption(version, index, answer)) : answer;
}

/** A number question's range in words, or null. */
export function rangeLabel(t: Translate, version: QuestionVersion): string | null {
  const { minValue: min, maxValue: max } = version;
  if (version.answerType !== 'number') return null;
  if (min !== null && max !== null) return t(L.range, { min, max });
  if (min !== null) return t(L.atLeast, { min });
  if (max !== null) return t(L.atMost, { max });
  return null;
}

const steps = { request: L.stepRequested, issue: L.stepIssued, acceptance: L.stepAccepted, 'close-out': L.stepClosed };

/** "requested", "issued", …: the step a stage's answers come before. */
export const stageStep = (t: Translate, stage: QuestionStage) => t(steps[stage]);

/** The stage whose command comes next at this status (its problems are shown), if any. */
export function currentStage(status: PermitStatus): QuestionStage | null {
  switch (status) {
    case 'draft':
    case 'requested':
      return 'request';
    case 'approved':
    case 'isolated':
      return 'issue';
    case 'issued':
      return 'acceptance';
    case 'work_complete':
    case 'de_isolation':
      return 'close-out';
    default:
      return null;
  }
}
