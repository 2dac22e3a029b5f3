import {
  answerValueProblem,
  permitAnswerProblem,
  permitQuestionInputSchemas,
  stageProblemsSaid,
  type AnswerQuestionInput,
  type ChangeAnswerInput,
  type OfflinePermit,
  type PermitQuestions,
  type PermitQuestionVerb,
} from '@hasp/contracts';
import { localAlias, refuse, type LocalActor, type LocalOutcome, type OfflineApplier } from '../../lib/offline-apply';

/**
 * A permit question answered (or an answer changed) offline (decision 0064) on the device's copy,
 * by the rules the server answers with (contracts `permitAnswerProblem`, `answerValueProblem`,
 * `stageProblems`): who may answer, the stage's window, the answer's type and range; the stage's
 * problems are worded again so the page shows what still stops the next step. The server decides
 * again at sync. An answer given offline can be changed before it syncs (decision 0067): each answer
 * given here has a local id, and the change names it; the server maps it at sync.
 */
export type AnswerOutcome =
  Extract<LocalOutcome, { ok: false }> | (Extract<LocalOutcome, { ok: true }> & { input: Record<string, unknown> });

export function answerQuestionOffline(
  data: OfflinePermit,
  verb: PermitQuestionVerb,
  body: unknown,
  actor: LocalActor,
  now: Date,
  localUuid: string,
): AnswerOutcome {
  const view = data.sections.questions as PermitQuestions | undefined;
  if (!view) return refuse(409, 'The questions are not stored on this device: answer them when you are back online.');
  // An answer given here has the page's negative alias, not a server id: the route's schema checks
  // the rest of the body, the answer it names is checked against the stored one below.
  const named = (body as { answerId?: unknown } | null)?.answerId;
  const aliased = verb === 'change-answer' && typeof named === 'number' && named < 0;
  const parsed = permitQuestionInputSchemas[verb].safeParse(aliased ? { ...(body as object), answerId: 1 } : body);
  if (!parsed.success) return refuse(422, parsed.error.issues[0]?.message ?? 'The answer is not valid.');
  const input = parsed.data;
  const permit = data.permit;
  const problem = permitAnswerProblem(
    {
      typeCode: permit.permitType.code,
      sections: permit.permitType.sections,
      status: permit.status,
      holderId: permit.holder?.ID ?? null,
    },
    actor.permissions,
    actor.userId,
    input.stage,
  );
  if (problem) return refuse(problem.status, problem.message);
  const stage = view.stages.find((s) => s.stage === input.stage);
  const entry = stage?.questions.find((q) => q.question.questionID === input.questionId);
  if (!stage || !entry) return refuse(422, `This permit asks no such question at the ${input.stage} stage.`);
  const answer = input.answer.trim();
  if (verb === 'answer') {
    if ((input as AnswerQuestionInput).questionVersionId !== entry.question.ID)
      return refuse(422, 'Not a version of this question.');
    if (entry.answer)
      return refuse(
        409,
        `"${entry.question.text}" is already answered ("${entry.answer.value}", by ${entry.answer.answeredBy.displayName}): change the answer instead.`,
      );
  } else {
    if (!entry.answer) return refuse(409, 'This question is not answered yet: answer it first.');
    if (entry.answer.ID !== (aliased ? named : (input as ChangeAnswerInput).answerId))
      return refuse(
        409,
        `Someone changed the answer to "${entry.question.text}" first: it is now "${entry.answer.value}". Reload and try again.`,
      );
  }
  const valueProblem = answerValueProblem(entry.question, answer);
  if (valueProblem) return refuse(422, valueProblem);

  const localId = `local:${localUuid}`;
  const given: StoredAnswer = {
    ID: localAlias(localUuid),
    localId,
    value: answer,
    answeredBy: { ID: actor.userId, displayName: actor.displayName },
    answeredAt: now.toISOString(),
  };
  const questions = stage.questions.map((q) => (q === entry ? { ...q, answer: given } : q));
  const next: PermitQuestions = {
    ...view,
    stages: view.stages.map((s) => {
      if (s !== stage) return s;
      const problems = stageProblemsSaid(s.stage, questions);
      return { ...s, questions, problems: problems.map((p) => p.message), problemsSaid: problems.map((p) => p.said) };
    }),
  };
  return {
    ok: true,
    data: { ...data, sections: { ...data.sections, questions: next } },
    answer: next,
    appliedHere: true,
    // The new answer's local id, and the one it replaces by its local id when it was given here:
    // a change queued before the answer synced names it, and the server maps it (decision 0067).
    input: {
      ...(body as Record<string, unknown>),
      ...(verb === 'change-answer' && { answerId: (entry.answer as StoredAnswer).localId ?? entry.answer!.ID }),
      localId,
    },
  };
}

/** An answer as the stored section keeps it: one given on this device also keeps its local id. */
type StoredAnswer = NonNullable<PermitQuestions['stages'][number]['questions'][number]['answer']> & {
  localId?: string;
};

/** A checklist answered, or an answer changed, offline. */
export const permitQuestionsOfflineApplier: OfflineApplier = {
  domain: 'permit-questions',
  apply: (data, call, device) =>
    answerQuestionOffline(data, call.verb as PermitQuestionVerb, call.body, device.actor, device.now, device.newId()),
};
