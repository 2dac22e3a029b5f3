import {
  QUESTION_ANSWER_MAX,
  yesNoAnswers,
  type AnswerProblem,
  type QuestionAnswerInput,
  type QuestionVersion,
} from './questions';
import { questionYesNoCaptions } from './captions/questions';
import { gasVerbCaptions, permitGuardCaptions } from './captions/permit-guards';
import { say, type Spoken } from './said';
import { permitPermission } from './permissions';
import { permitStatusLabels, type PermitStatus } from './permit-lifecycle';
import { questionStageSteps, questionStageWindows, stageWindowWords } from './permit-questions';
import type { QuestionStage } from './questions';

// Moved from the server's questions module (decision 0064): the server judges answers with these,
// and the offline permit page applies an answer with the same ones.

const yesNoLabels: Record<string, string> = { yes: 'Yes', no: 'No', na: 'N.A.' };
const numberPattern = /^-?\d+(\.\d+)?$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Why the answer is not an answer of the question's type, or null when it is. */
function invalidReason(question: QuestionVersion, answer: string): string | null {
  switch (question.answerType) {
    case 'yes_no_na':
      return (yesNoAnswers as readonly string[]).includes(answer) ? null : 'answer Yes, No or N.A.';
    case 'number':
      return numberPattern.test(answer) ? null : 'answer with a number';
    case 'date':
      return isDate(answer) ? null : 'answer with a date (YYYY-MM-DD)';
    case 'choice':
      return question.choices.includes(answer) ? null : `answer one of: ${question.choices.join(', ')}`;
    case 'text':
      return answer.length <= QUESTION_ANSWER_MAX ? null : `answer in at most ${QUESTION_ANSWER_MAX} characters`;
  }
}

/** Why the (valid) answer stops the step, or null when it does not. */
function blockingReason(question: QuestionVersion, answer: string): string | null {
  if (question.answerType === 'number') {
    const value = Number(answer);
    if (question.minValue !== null && value < question.minValue) {
      return `answered ${answer}, below the minimum of ${question.minValue}`;
    }
    if (question.maxValue !== null && value > question.maxValue) {
      return `answered ${answer}, above the maximum of ${question.maxValue}`;
    }
    return null;
  }
  if (question.blockingAnswer !== null && answer === question.blockingAnswer) {
    const shown = question.answerType === 'yes_no_na' ? (yesNoLabels[answer] ?? answer) : answer;
    return `answered "${shown}": this answer stops the step`;
  }
  return null;
}

/**
 * Checks a form's answers against its questions' rules: a mandatory question left unanswered, an
 * answer that is not one of its type, and a blocking answer (or a number outside its range) each
 * stop the step, with a message that names the question. Answers to questions not on the form
 * are ignored. Pure: permit forms call it with the versions they were shown.
 * @example evaluateAnswers([barricaded], [{ questionVersionID: barricaded.ID, answer: 'no' }]).isBlocked === true
 */
export function evaluateAnswers(
  questions: QuestionVersion[],
  answers: QuestionAnswerInput[],
): { isBlocked: boolean; problems: AnswerProblem[] } {
  const given = new Map(answers.map((a) => [a.questionVersionID, a.answer?.trim() ?? '']));
  const problems: AnswerProblem[] = [];
  for (const question of questions) {
    const answer = given.get(question.ID) ?? '';
    const at = { questionVersionID: question.ID, questionID: question.questionID };
    if (answer === '') {
      if (question.isMandatory) {
        problems.push({ ...at, kind: 'missing', message: `"${question.text}" must be answered` });
      }
      continue;
    }
    const invalid = invalidReason(question, answer);
    if (invalid) {
      problems.push({ ...at, kind: 'invalid', message: `"${question.text}": ${invalid}` });
      continue;
    }
    const blocking = blockingReason(question, answer);
    if (blocking) problems.push({ ...at, kind: 'blocking', message: `"${question.text}" ${blocking}` });
  }
  return { isBlocked: problems.length > 0, problems };
}

/** An answer as a refusal quotes it: Yes / No / N.A. in words, anything else as given. */
function shownAnswer(question: QuestionVersion, value: string): string {
  if (question.answerType !== 'yes_no_na') return value;
  return questionYesNoCaptions[value as keyof typeof questionYesNoCaptions]?.defaultCaption ?? value;
}

/**
 * What stops a stage's command, one sentence per question in form order: a mandatory question
 * unanswered, a blocking answer (or a number outside its range). Worded for the permit.
 */
export function stageProblems(
  stage: QuestionStage,
  asked: { question: QuestionVersion; answer: { value: string } | null }[],
): string[] {
  return stageProblemsSaid(stage, asked).map((problem) => problem.message);
}

/**
 * `stageProblems` with each sentence's caption (the lifecycle's refusal says them): the question's
 * text is the facility's own, as written; the step and a Yes/No/N.A. answer are terms.
 */
export function stageProblemsSaid(
  stage: QuestionStage,
  asked: { question: QuestionVersion; answer: { value: string } | null }[],
): Spoken[] {
  const step = { step: gasVerbCaptions[questionStageSteps[stage] as keyof typeof gasVerbCaptions] };
  const { problems } = evaluateAnswers(
    asked.map((a) => a.question),
    asked.flatMap((a) => (a.answer ? [{ questionVersionID: a.question.ID, answer: a.answer.value }] : [])),
  );
  return problems.map((problem) => {
    const entry = asked.find((a) => a.question.ID === problem.questionVersionID)!;
    const question = entry.question.text;
    if (problem.kind === 'missing') return say(permitGuardCaptions.questionMissing, { question }, step);
    const value = entry.answer?.value ?? '';
    const yesNo =
      entry.question.answerType === 'yes_no_na'
        ? questionYesNoCaptions[value as keyof typeof questionYesNoCaptions]
        : undefined;
    return yesNo
      ? say(permitGuardCaptions.questionBlocks, { question }, { ...step, answer: yesNo })
      : say(permitGuardCaptions.questionBlocks, { question, answer: shownAnswer(entry.question, value) }, step);
  });
}

/** The range of a number question in words ("between 0 and 10"), or null when it has none. */
function rangeWords(q: QuestionVersion): string | null {
  if (q.minValue !== null && q.maxValue !== null) return `between ${q.minValue} and ${q.maxValue}`;
  if (q.minValue !== null) return `at least ${q.minValue}`;
  if (q.maxValue !== null) return `at most ${q.maxValue}`;
  return null;
}

/**
 * Why an answer is refused when given (null: it is recorded): not one of its question's type, or a
 * number outside the question's range. A blocking answer is an answer: recorded, it stops the stage.
 */
export function answerValueProblem(question: QuestionVersion, answer: string): string | null {
  const [problem] = evaluateAnswers([question], [{ questionVersionID: question.ID, answer }]).problems;
  if (!problem) return null;
  if (problem.kind === 'invalid') return problem.message;
  const range = question.answerType === 'number' ? rangeWords(question) : null;
  return range ? `"${question.text}": answer with a number ${range} (${answer} is outside).` : null;
}

/** Whether someone may answer a permit's questions: its requester side or its issuers. */
export function mayAnswerPermitQuestions(typeCode: string, permissions: ReadonlySet<string>): boolean {
  return permissions.has(permitPermission('create', typeCode)) || permissions.has(permitPermission('issue', typeCode));
}

/**
 * Why `userId` may not answer a question of this stage now (null: they may), with the HTTP status:
 * the permit's view permission, the type asks questions, the requester side or issuers (the holder
 * for acceptance), the stage's window (`questionStageWindows`).
 */
export function permitAnswerProblem(
  permit: { typeCode: string; sections: readonly string[]; status: PermitStatus; holderId: number | null },
  permissions: ReadonlySet<string>,
  userId: number,
  stage: QuestionStage,
): { status: 403 | 409; message: string } | null {
  if (!permissions.has(permitPermission('view', permit.typeCode)))
    return { status: 403, message: 'You do not have permission to do this' };
  if (!permit.sections.includes('questions')) return { status: 409, message: 'This type of permit asks no questions.' };
  const holderAccepting = stage === 'acceptance' && userId === permit.holderId;
  if (!holderAccepting && !mayAnswerPermitQuestions(permit.typeCode, permissions))
    return {
      status: 403,
      message: `You need the permission ${permitPermission('create', permit.typeCode)} or ${permitPermission('issue', permit.typeCode)} to answer this permit's questions.`,
    };
  if (!questionStageWindows[stage].includes(permit.status))
    return {
      status: 409,
      message: `The ${stage} questions can be answered only while the permit is ${stageWindowWords(stage, permitStatusLabels)}; it is ${permitStatusLabels[permit.status]}.`,
    };
  return null;
}
