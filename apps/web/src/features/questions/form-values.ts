import {
  yesNoAnswers,
  type AnswerType,
  type QuestionFact,
  type QuestionInput,
  type QuestionVersion,
} from '@hasp/contracts';

/** What the question dialog edits: text fields as typed, turned into a QuestionInput on save. */
export interface QuestionFormValues {
  text: string;
  answerType: AnswerType;
  /** One choice per line. */
  choicesText: string;
  isMandatory: boolean;
  /** '' for none. */
  blockingAnswer: string;
  minValue: string;
  maxValue: string;
  /** '' for none: the fact of the record a number question is answered from. */
  fact: QuestionFact | '';
}

export const emptyQuestionValues: QuestionFormValues = {
  text: '',
  answerType: 'yes_no_na',
  choicesText: '',
  isMandatory: true,
  blockingAnswer: '',
  minValue: '',
  maxValue: '',
  fact: '',
};

export function valuesOf(version: QuestionVersion): QuestionFormValues {
  return {
    text: version.text,
    answerType: version.answerType,
    choicesText: version.choices.join('\n'),
    isMandatory: version.isMandatory,
    blockingAnswer: version.blockingAnswer ?? '',
    minValue: version.minValue === null ? '' : String(version.minValue),
    maxValue: version.maxValue === null ? '' : String(version.maxValue),
    fact: version.fact ?? '',
  };
}

const choicesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const numberOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

/** The answers a blocking answer can be: yes/no/N.A., the choices typed, or none for other types. */
export function blockingOptions(values: QuestionFormValues): string[] {
  if (values.answerType === 'yes_no_na') return [...yesNoAnswers];
  if (values.answerType === 'choice') return choicesOf(values.choicesText);
  return [];
}

/**
 * What is sent: fields that do not apply to the answer type are left out (choices only for a choice
 * question, a blocking answer only where one can be given, a range and a fact only for a number question).
 * @example inputOf({ ...emptyQuestionValues, text: 'Area barricaded?', blockingAnswer: 'no' }).blockingAnswer === 'no'
 */
export function inputOf(values: QuestionFormValues): QuestionInput {
  const options = blockingOptions(values);
  const isNumber = values.answerType === 'number';
  return {
    text: values.text.trim(),
    answerType: values.answerType,
    choices: values.answerType === 'choice' ? choicesOf(values.choicesText) : [],
    isMandatory: values.isMandatory,
    blockingAnswer: options.includes(values.blockingAnswer) ? values.blockingAnswer : null,
    minValue: isNumber ? numberOf(values.minValue) : null,
    maxValue: isNumber ? numberOf(values.maxValue) : null,
    fact: isNumber && values.fact !== '' ? values.fact : null,
  };
}
