import {
  questionStageWindows,
  questionStages,
  stageProblemsSaid,
  type PermitQuestionStage,
  type PermitStatus,
  type QuestionStage,
  type QuestionVersion,
} from '@hasp/contracts';
import type { AnswerRow } from './permit-questions.repository';

// stageProblems is contracts' (decision 0064): the offline permit page words the problems the same way.
/**
 * The permit's questions by stage, in lifecycle order (stages that ask nothing left out): each
 * asked question as the version it was answered with, else its current version; questions answered
 * here but no longer asked stay on the record after the asked ones (not judged any more).
 * `unanswered`: for many permits of one type (the offline download), a stage none of its questions
 * is answered on depends only on the stage and the status: built once per stage and status and the
 * same object given to each such permit (its problems are worded once, not per permit; decision 0070).
 */
export function buildStages(
  status: PermitStatus,
  asked: Record<QuestionStage, QuestionVersion[]>,
  answers: AnswerRow[],
  answeredVersions: Map<number, QuestionVersion>,
  unanswered?: Map<string, PermitQuestionStage[]>,
): PermitQuestionStage[] {
  const toAnswer = (a: AnswerRow) => ({
    ID: a.id,
    value: a.value,
    answeredBy: a.answeredBy,
    answeredAt: a.answeredAt,
  });
  return questionStages.flatMap((stage) => {
    const ofStage = answers.filter((a) => a.stage === stage);
    const key = `${stage}:${status}`;
    const shared = ofStage.length ? undefined : unanswered?.get(key);
    if (shared) return shared;
    const built = stageOf(stage, ofStage);
    if (!ofStage.length) unanswered?.set(key, built);
    return built;
  });

  function stageOf(stage: QuestionStage, ofStage: AnswerRow[]): PermitQuestionStage[] {
    const current = asked[stage].map((question) => {
      const answer = ofStage.find((a) => a.questionId === question.questionID) ?? null;
      return { question: answer ? answeredVersions.get(answer.questionVersionId)! : question, answer };
    });
    const askedIds = new Set(asked[stage].map((q) => q.questionID));
    const former = ofStage
      .filter((a) => !askedIds.has(a.questionId))
      .map((answer) => ({ question: answeredVersions.get(answer.questionVersionId)!, answer }));
    if (!current.length && !former.length) return [];
    const problems = stageProblemsSaid(stage, current);
    return [
      {
        stage,
        isOpen: questionStageWindows[stage].includes(status),
        problems: problems.map((p) => p.message),
        problemsSaid: problems.map((p) => p.said),
        questions: [...current, ...former].map((q) => ({
          question: q.question,
          answer: q.answer && toAnswer(q.answer),
        })),
      },
    ];
  }
}
