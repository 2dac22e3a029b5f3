import {
  questionStageSteps,
  questionStageWindows,
  questionStages,
  questionYesNoCaptions,
  type PermitQuestionStage,
  type PermitStatus,
  type QuestionStage,
  type QuestionVersion,
} from '@hasp/contracts';
import { evaluateAnswers } from '../questions';
import type { AnswerRow } from './permit-questions.repository';

/** An answer as a refusal quotes it: Yes / No / N.A. in words, anything else as given. */
function shownAnswer(question: QuestionVersion, value: string): string {
  if (question.answerType !== 'yes_no_na') return value;
  return questionYesNoCaptions[value as keyof typeof questionYesNoCaptions]?.defaultCaption ?? value;
}

/**
 * What stops a stage's command, one sentence per question in form order: a mandatory question
 * unanswered, a blocking answer (or a number outside its range). Judged by the question
 * manager's `evaluateAnswers` on the versions the permit shows; worded for the permit.
 */
export function stageProblems(
  stage: QuestionStage,
  asked: { question: QuestionVersion; answer: AnswerRow | null }[],
): string[] {
  const step = questionStageSteps[stage];
  const { problems } = evaluateAnswers(
    asked.map((a) => a.question),
    asked.flatMap((a) => (a.answer ? [{ questionVersionID: a.question.ID, answer: a.answer.value }] : [])),
  );
  return problems.map((problem) => {
    const entry = asked.find((a) => a.question.ID === problem.questionVersionID)!;
    const text = entry.question.text;
    if (problem.kind === 'missing') return `Question "${text}" must be answered before the permit is ${step}.`;
    const answer = shownAnswer(entry.question, entry.answer?.value ?? '');
    return `Question "${text}" is answered "${answer}": this answer stops the permit from being ${step}.`;
  });
}

/**
 * The permit's questions by stage, in lifecycle order (stages that ask nothing left out): each
 * asked question as the version it was answered with, else its current version; questions answered
 * here but no longer asked stay on the record after the asked ones (not judged any more).
 */
export function buildStages(
  status: PermitStatus,
  asked: Record<QuestionStage, QuestionVersion[]>,
  answers: AnswerRow[],
  answeredVersions: Map<number, QuestionVersion>,
): PermitQuestionStage[] {
  const toAnswer = (a: AnswerRow) => ({
    ID: a.id,
    value: a.value,
    answeredBy: a.answeredBy,
    answeredAt: a.answeredAt,
  });
  return questionStages.flatMap((stage) => {
    const ofStage = answers.filter((a) => a.stage === stage);
    const current = asked[stage].map((question) => {
      const answer = ofStage.find((a) => a.questionId === question.questionID) ?? null;
      return { question: answer ? answeredVersions.get(answer.questionVersionId)! : question, answer };
    });
    const askedIds = new Set(asked[stage].map((q) => q.questionID));
    const former = ofStage
      .filter((a) => !askedIds.has(a.questionId))
      .map((answer) => ({ question: answeredVersions.get(answer.questionVersionId)!, answer }));
    if (!current.length && !former.length) return [];
    return [
      {
        stage,
        isOpen: questionStageWindows[stage].includes(status),
        problems: stageProblems(stage, current),
        questions: [...current, ...former].map((q) => ({
          question: q.question,
          answer: q.answer && toAnswer(q.answer),
        })),
      },
    ];
  });
}
