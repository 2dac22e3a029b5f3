import {
  questionAnswerTypeCaptions,
  questionChoiceCaption,
  questionManageLabels,
  questionStageCaptions,
  questionTextCaption,
  questionYesNoCaptions,
  type QuestionStage,
  type QuestionVersion,
} from '@hasp/contracts';
import type { Translate } from '../../../lib/i18n';

/** A version's wording in the user's language (its preferred caption), else as written. */
export const questionText = (t: Translate, version: QuestionVersion) => t(questionTextCaption(version));

export const stageLabel = (t: Translate, stage: QuestionStage) => t(questionStageCaptions[stage]);

/** Yes, No or N.A. in the user's language. */
export const yesNoLabel = (t: Translate, answer: string) =>
  answer in questionYesNoCaptions ? t(questionYesNoCaptions[answer as keyof typeof questionYesNoCaptions]) : answer;

/** An answer as shown: Yes / No / N.A. captions, a choice's own caption, or the value itself. */
export function answerLabel(t: Translate, version: QuestionVersion, answer: string): string {
  if (version.answerType === 'yes_no_na') return yesNoLabel(t, answer);
  const index = version.answerType === 'choice' ? version.choices.indexOf(answer) : -1;
  return index >= 0 ? t(questionChoiceCaption(version, index, answer)) : answer;
}

/** What stops the step, in words; null when nothing does. */
export function blockingLabel(t: Translate, version: QuestionVersion): string | null {
  const l = questionManageLabels;
  if (version.answerType === 'number') {
    const { minValue: min, maxValue: max } = version;
    if (min !== null && max !== null) return t(l.blocksOutside, { min, max });
    if (min !== null) return t(l.blocksBelow, { min });
    if (max !== null) return t(l.blocksAbove, { max });
    return null;
  }
  return version.blockingAnswer === null
    ? null
    : t(l.blocksOn, { answer: answerLabel(t, version, version.blockingAnswer) });
}

export const answerTypeLabel = (t: Translate, version: Pick<QuestionVersion, 'answerType'>) =>
  t(questionAnswerTypeCaptions[version.answerType]);
