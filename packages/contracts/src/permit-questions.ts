import * as z from 'zod/mini';
import { commandRoute } from './command-routes';
import { idParamSchema, idSchema } from './ids';
import { listInWords } from './list-words';
import { saidSchema } from './said';
import type { PermitCommand, PermitStatus } from './permit-lifecycle';
import {
  QUESTION_ANSWER_MAX,
  questionFacts,
  questionStages,
  questionVersionSchema,
  type QuestionStage,
} from './questions';

/**
 * The checklist questions on a permit (decision 0048): the questions the
 * permit's type asks at each stage, answered through commands. An answer keeps the question
 * version it was answered with; an unanswered question shows its current version.
 */

/**
 * While which statuses a stage's questions may be answered: from the draft up to the command
 * that needs them (a stage is answerable while it is current or still coming). Request-stage
 * answers stay open while Requested, so approval re-checks them.
 */
export const questionStageWindows: Record<QuestionStage, readonly PermitStatus[]> = {
  request: ['draft', 'requested'],
  issue: ['draft', 'requested', 'approved', 'isolated'],
  acceptance: ['draft', 'requested', 'approved', 'isolated', 'issued'],
  'close-out': ['work_complete', 'de_isolation'],
};

/** The lifecycle command each stage's questions stop when unanswered or answered with a blocking answer. */
export const questionStageCommands: Record<QuestionStage, PermitCommand> = {
  request: 'request',
  issue: 'issue',
  acceptance: 'accept',
  'close-out': 'close',
};

/** How a refusal words the step a stage's questions stop ("before the permit is requested"). */
export const questionStageSteps: Record<QuestionStage, string> = {
  request: 'requested',
  issue: 'issued',
  acceptance: 'accepted',
  'close-out': 'closed',
};

export const permitQuestionVerbs = ['answer', 'change-answer'] as const;
export type PermitQuestionVerb = (typeof permitQuestionVerbs)[number];

export const permitQuestionsParamsSchema = z.object({ permitId: idParamSchema });

const answerText = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Answer is required'),
    z.maxLength(QUESTION_ANSWER_MAX, `Answer: at most ${QUESTION_ANSWER_MAX} characters`),
  );

/** A first answer: to the version the screen showed (the answer keeps that wording). */
export const answerQuestionInputSchema = z.object({
  questionId: idSchema,
  stage: z.enum(questionStages, 'Stage: choose request, issue, acceptance or close-out'),
  questionVersionId: idSchema,
  answer: answerText,
});
export type AnswerQuestionInput = z.infer<typeof answerQuestionInputSchema>;

/** A change: names the answer it replaces, so a change over someone else's newer answer is refused. */
export const changeAnswerInputSchema = z.object({
  questionId: idSchema,
  stage: z.enum(questionStages, 'Stage: choose request, issue, acceptance or close-out'),
  answerId: idSchema,
  answer: answerText,
});
export type ChangeAnswerInput = z.infer<typeof changeAnswerInputSchema>;

export const permitQuestionInputSchemas = {
  answer: answerQuestionInputSchema,
  'change-answer': changeAnswerInputSchema,
} as const;

/** Answering a permit's questions: the URL's permit is the target; queueable offline. */
export const permitQuestionCommandRoutes = permitQuestionVerbs.map((verb) =>
  commandRoute({
    name: `permit-questions.${verb}`,
    path: `/permits/:permitId/questions/commands/${verb}`,
    params: permitQuestionsParamsSchema,
    body: permitQuestionInputSchemas[verb],
    offline: true,
  }),
);
export type PermitQuestionInput = AnswerQuestionInput | ChangeAnswerInput;

const person = z.object({ ID: z.int(), displayName: z.string() });

export const permitAnswerSchema = z.object({
  ID: z.int(),
  value: z.string(),
  answeredBy: person,
  answeredAt: z.string(),
});
export type PermitAnswer = z.infer<typeof permitAnswerSchema>;

/** One question on the permit: the version it shows (the answered one, else the current one) and its answer. */
export const permitQuestionSchema = z.object({
  question: questionVersionSchema,
  answer: z.nullable(permitAnswerSchema),
  /**
   * The value of the fact the question is answered from, read from the record when the section was
   * read: offered to confirm or correct, never an answer itself. Absent when the question names no
   * fact, and in the device's offline copy (the record there may be older than the question).
   */
  prefill: z.optional(z.object({ fact: z.enum(questionFacts), value: z.int() })),
});
export type PermitQuestion = z.infer<typeof permitQuestionSchema>;

export const permitQuestionStageSchema = z.object({
  stage: z.enum(questionStages),
  /** Its answers may be given or changed now (the permit's status is in the stage's window). */
  isOpen: z.boolean(),
  /** What stops the stage's command now, each naming the question (empty when nothing does). */
  problems: z.array(z.string()),
  /** The same problems as captions and values, one each (the lifecycle's refusal says them in the reader's language). */
  problemsSaid: z.optional(z.array(saidSchema)),
  questions: z.array(permitQuestionSchema),
});
export type PermitQuestionStage = z.infer<typeof permitQuestionStageSchema>;

/** The Questions section of a permit: its stages that ask anything, in lifecycle order. */
export const permitQuestionsSchema = z.object({
  permitId: z.int(),
  /** How many answers the permit has recorded (If-Match of a command, optional). */
  version: z.int(),
  /** The caller may answer (their permissions; open stages still apply). */
  canAnswer: z.boolean(),
  stages: z.array(permitQuestionStageSchema),
});
export type PermitQuestions = z.infer<typeof permitQuestionsSchema>;

/** "Draft, Requested or Isolated": the statuses of a stage's window, for refusals. */
export function stageWindowWords(stage: QuestionStage, labels: Record<PermitStatus, string>): string {
  return listInWords(
    questionStageWindows[stage].map((s) => labels[s]),
    'or',
  );
}
