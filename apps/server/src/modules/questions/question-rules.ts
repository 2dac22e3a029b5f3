import { yesNoAnswers, type QuestionInput, type QuestionVersion } from '@hasp/contracts';

export interface FieldProblem {
  field: keyof QuestionInput;
  message: string;
}

/**
 * The rules a question must keep across its fields, each refusal naming its field: choices only
 * (and at least two, none twice) for a choice question; a blocking answer only for yes/no/N.A.
 * (one of those) and choice questions (one of its choices); a minimum and maximum only for a
 * number question, the minimum not above the maximum; a fact to answer from only for a number
 * question (every fact is a count).
 */
export function questionInputProblems(input: QuestionInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { answerType, choices, blockingAnswer } = input;
  if (answerType === 'choice') {
    if (choices.length < 2) problems.push({ field: 'choices', message: 'Choices: a choice question needs at least 2' });
    const seen = new Set<string>();
    for (const choice of choices) {
      const key = choice.toLocaleLowerCase();
      if (seen.has(key)) problems.push({ field: 'choices', message: `Choices: "${choice}" is listed twice` });
      seen.add(key);
    }
  } else if (choices.length) {
    problems.push({ field: 'choices', message: 'Choices apply only to choice questions' });
  }
  if (blockingAnswer !== null && blockingAnswer !== '') {
    if (answerType === 'yes_no_na' && !(yesNoAnswers as readonly string[]).includes(blockingAnswer)) {
      problems.push({ field: 'blockingAnswer', message: 'Blocking answer: choose yes, no or N.A.' });
    } else if (answerType === 'choice' && !choices.includes(blockingAnswer)) {
      problems.push({ field: 'blockingAnswer', message: 'Blocking answer: choose one of the choices' });
    } else if (answerType !== 'yes_no_na' && answerType !== 'choice') {
      problems.push({
        field: 'blockingAnswer',
        message: 'Blocking answer applies only to yes/no/N.A. and choice questions',
      });
    }
  }
  if (answerType !== 'number') {
    if (input.minValue !== null)
      problems.push({ field: 'minValue', message: 'Minimum applies only to number questions' });
    if (input.maxValue !== null)
      problems.push({ field: 'maxValue', message: 'Maximum applies only to number questions' });
    if ((input.fact ?? null) !== null)
      problems.push({ field: 'fact', message: 'Answered from: only a number question is answered from a count' });
  } else if (input.minValue !== null && input.maxValue !== null && input.minValue > input.maxValue) {
    problems.push({ field: 'maxValue', message: 'Maximum must not be below the minimum' });
  }
  return problems;
}

/** The input as stored: an empty blocking answer is none. */
export function normalizeQuestionInput(input: QuestionInput): QuestionInput {
  return {
    ...input,
    blockingAnswer: input.blockingAnswer === '' ? null : input.blockingAnswer,
    fact: input.fact ?? null,
  };
}

/** Whether saving the input would change nothing in the version (then no new version is made). */
export function isSameAsVersion(input: QuestionInput, version: QuestionVersion): boolean {
  return (
    input.text === version.text &&
    input.answerType === version.answerType &&
    input.isMandatory === version.isMandatory &&
    input.blockingAnswer === version.blockingAnswer &&
    input.minValue === version.minValue &&
    input.maxValue === version.maxValue &&
    (input.fact ?? null) === (version.fact ?? null) &&
    input.choices.length === version.choices.length &&
    input.choices.every((choice, index) => choice === version.choices[index])
  );
}
