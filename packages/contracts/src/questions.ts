import * as z from 'zod/mini';
import { idParamSchema, idSchema } from './ids';
import type { Caption } from './captions/define-captions';

/**
 * Question Manage: checklist questions asked on permit forms, per permit type and stage.
 * A question is a chain of immutable versions; an edit that changes anything adds a version and
 * the question points at it. Answers record the version they answered, so an answered permit keeps
 * its wording. Every record belongs to the caller's facility; another facility's ID answers 404.
 */

/** The stages of a permit at which questions are asked. */
export const questionStages = ['request', 'issue', 'acceptance', 'close-out'] as const;
export type QuestionStage = (typeof questionStages)[number];

/** How a question is answered. */
export const answerTypes = ['yes_no_na', 'text', 'number', 'date', 'choice'] as const;
export type AnswerType = (typeof answerTypes)[number];

/** The answers of a yes / no / N.A. question, as stored. */
export const yesNoAnswers = ['yes', 'no', 'na'] as const;
export type YesNoAnswer = (typeof yesNoAnswers)[number];

/**
 * The facts of the permit's record a number question may be answered from: the permit's questions
 * show the fact's value now, for the person answering to confirm or correct (their answer is what
 * is recorded). Each is a count the isolation record or the group lockbox already holds.
 */
export const questionFacts = [
  'locks-on-points',
  'points-isolated',
  'personal-locks-on-lockbox',
  'crew-signed-on',
] as const;
export type QuestionFact = (typeof questionFacts)[number];

export const QUESTION_TEXT_MAX = 500;
export const QUESTION_CHOICE_MAX = 100;
export const QUESTION_CHOICES_MAX = 20;
export const QUESTION_ANSWER_MAX = 2000;

const id = idSchema;
const idParam = idParamSchema;

/**
 * What the question dialog sends (create, and edit: an edit that changes nothing adds no version).
 * Rules across fields (choices only for a choice question, the blocking answer one of its answers,
 * min ≤ max) are checked by the server, each refusal naming its field.
 */
export const questionInputSchema = z.object({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Text is required'),
      z.maxLength(QUESTION_TEXT_MAX, `Text: at most ${QUESTION_TEXT_MAX} characters`),
    ),
  answerType: z.enum(answerTypes, 'Answer type: choose yes/no/N.A., text, number, date or choice'),
  choices: z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'Choices: a choice cannot be empty'),
          z.maxLength(QUESTION_CHOICE_MAX, `Choices: at most ${QUESTION_CHOICE_MAX} characters each`),
        ),
    )
    .check(z.maxLength(QUESTION_CHOICES_MAX, `Choices: at most ${QUESTION_CHOICES_MAX}`)),
  isMandatory: z.boolean(),
  /** The answer that stops the step (e.g. "no" to "Area barricaded?"); null when none does. */
  blockingAnswer: z.nullable(z.string().check(z.trim(), z.maxLength(QUESTION_CHOICE_MAX))),
  /** For a number question: answers outside [minValue, maxValue] block the step. */
  minValue: z.nullable(z.number()),
  maxValue: z.nullable(z.number()),
  /** For a number question: the fact of the record its answer is offered from; null (or left out): none. */
  fact: z._default(z.nullable(z.enum(questionFacts, 'Answered from: choose one of the listed facts')), null),
});
/** As sent: a question saved before facts existed (the demo, a test) may leave the fact out. */
export type QuestionInput = z.input<typeof questionInputSchema>;

/** One immutable version of a question. `caption` names its text in the translations system. */
export const questionVersionSchema = z.object({
  ID: z.int(),
  questionID: z.int(),
  version: z.int(),
  text: z.string(),
  answerType: z.enum(answerTypes),
  choices: z.array(z.string()),
  isMandatory: z.boolean(),
  blockingAnswer: z.nullable(z.string()),
  minValue: z.nullable(z.number()),
  maxValue: z.nullable(z.number()),
  /** Left out by copies saved before facts existed (the device's offline copy). */
  fact: z.optional(z.nullable(z.enum(questionFacts))),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type QuestionVersion = z.infer<typeof questionVersionSchema>;

/** Where a question is asked: a permit type at a stage, in this order. */
export const questionAssignmentSchema = z.object({
  permitTypeID: z.int(),
  permitTypeCode: z.string(),
  permitTypeName: z.string(),
  stage: z.enum(questionStages),
  sortOrder: z.int(),
});
export type QuestionAssignment = z.infer<typeof questionAssignmentSchema>;

/** A question as the list shows it: its current version and where it is asked. */
export const questionSummarySchema = z.object({
  ID: z.int(),
  isActive: z.boolean(),
  current: questionVersionSchema,
  assignments: z.array(questionAssignmentSchema),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

/** One question with every version, newest first. */
export const questionDetailSchema = z.object({
  ...questionSummarySchema.shape,
  versions: z.array(questionVersionSchema),
});
export type QuestionDetail = z.infer<typeof questionDetailSchema>;

/** Query of GET /api/questions: filter by where questions are asked; inactive ones only when asked. */
export const questionListQuerySchema = z.object({
  permitTypeId: z.optional(idParam),
  stage: z.optional(z.enum(questionStages)),
  includeInactive: z.optional(z.enum(['true', 'false'])),
});
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

export const questionStatusInputSchema = z.object({ isActive: z.boolean() });
export type QuestionStatusInput = z.infer<typeof questionStatusInputSchema>;

/** A permit type questions can be assigned to. */
export const questionPermitTypeSchema = z.object({
  ID: z.int(),
  code: z.string(),
  name: z.string(),
  isActive: z.boolean(),
});
export type QuestionPermitType = z.infer<typeof questionPermitTypeSchema>;

/** Query naming one form: a permit type at a stage. */
export const questionFormQuerySchema = z.object({
  permitTypeId: idParam,
  stage: z.enum(questionStages, 'Stage: choose request, issue, acceptance or close-out'),
});
export type QuestionFormQuery = z.infer<typeof questionFormQuerySchema>;

/** The active questions of a form, in order, each as its current version (what permit forms ask). */
export const questionFormSchema = z.object({
  permitTypeID: z.int(),
  stage: z.enum(questionStages),
  questions: z.array(questionVersionSchema),
});
export type QuestionForm = z.infer<typeof questionFormSchema>;

/** Replaces the active questions of a form, in this order (assign, unassign and reorder at once). */
export const questionAssignmentsInputSchema = z.object({
  permitTypeId: id,
  stage: z.enum(questionStages, 'Stage: choose request, issue, acceptance or close-out'),
  questionIDs: z.array(id).check(z.maxLength(200, 'Questions: at most 200 on one form')),
});
export type QuestionAssignmentsInput = z.infer<typeof questionAssignmentsInputSchema>;

/** One answer given on a form. */
export interface QuestionAnswerInput {
  questionVersionID: number;
  answer: string | null;
}

/** Why an answer stops the step: missing (mandatory), invalid (not an answer of its type), blocking. */
export const answerProblemKinds = ['missing', 'invalid', 'blocking'] as const;
export type AnswerProblemKind = (typeof answerProblemKinds)[number];

export interface AnswerProblem {
  questionVersionID: number;
  questionID: number;
  kind: AnswerProblemKind;
  message: string;
}

/** The caption of a version's text: a preferred caption per language translates it. */
export function questionTextCaption(version: Pick<QuestionVersion, 'questionID' | 'version' | 'text'>): Caption {
  return {
    itemType: 'question',
    formName: `question-${version.questionID}`,
    controlName: `v${version.version}`,
    defaultCaption: version.text,
  };
}

/** The caption of one option of a choice question (index from 0). */
export function questionChoiceCaption(
  version: Pick<QuestionVersion, 'questionID' | 'version'>,
  index: number,
  choice: string,
): Caption {
  return {
    itemType: 'question',
    formName: `question-${version.questionID}`,
    controlName: `v${version.version}::choice-${index + 1}`,
    defaultCaption: choice,
  };
}
