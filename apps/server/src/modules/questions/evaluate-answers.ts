import {
  QUESTION_ANSWER_MAX,
  yesNoAnswers,
  type AnswerProblem,
  type QuestionAnswerInput,
  type QuestionVersion,
} from '@hasp/contracts';

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
