import {
  deny,
  questionStageCommands,
  sayTogether,
  type PermitCommand,
  type PermitFacts,
  type PermitGuard,
  type QuestionStage,
  type Spoken,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { lifecycleGuards, type PermitLifecyclePart, type PermitRecord } from '../permits';
import { answersWithVersions, loadStages, loadStagesForPermits } from './permit-questions.view';

/** What the questions guards read about a permit: each stage's problems, for a type that asks questions. */
export interface QuestionFacts extends PermitFacts {
  questionProblems: Partial<Record<QuestionStage, Spoken[]>>;
}

/** A stage's problems with their captions (the stage view carries both, one for one). */
const spokenProblems = (stage: { problems: string[]; problemsSaid?: Spoken['said'][] }): Spoken[] =>
  stage.problems.map((message, i) => ({ message, said: stage.problemsSaid![i]! }));

async function loadQuestionFacts(db: Db, permit: PermitRecord): Promise<Omit<QuestionFacts, keyof PermitFacts>> {
  if (!permit.permitType.sections.includes('questions')) return { questionProblems: {} };
  const stages = await loadStages(db, {
    id: permit.ID,
    facilityId: permit.facilityId,
    number: permit.number,
    status: permit.status,
    permitTypeId: permit.permitType.ID,
    typeCode: permit.permitType.code,
    sections: permit.permitType.sections,
    holderId: permit.holder?.ID ?? null,
  });
  return { questionProblems: Object.fromEntries(stages.map((s) => [s.stage, spokenProblems(s)])) };
}

/** loadQuestionFacts for many permits (of one facility) at once, by permit ID. */
async function loadQuestionFactsForPermits(
  db: Db,
  permits: readonly PermitRecord[],
): Promise<Map<number, Omit<QuestionFacts, keyof PermitFacts>>> {
  const asking = permits.filter((p) => p.permitType.sections.includes('questions'));
  const facts = new Map(permits.map((p) => [p.ID, { questionProblems: {} }]));
  if (!asking.length) return facts;
  const stagesOf = await loadStagesForPermits(
    db,
    asking.map((permit) => ({
      id: permit.ID,
      facilityId: permit.facilityId,
      number: permit.number,
      status: permit.status,
      permitTypeId: permit.permitType.ID,
      typeCode: permit.permitType.code,
      sections: permit.permitType.sections,
      holderId: permit.holder?.ID ?? null,
    })),
  );
  for (const permit of asking) {
    const stages = stagesOf.get(permit.ID)!;
    facts.set(permit.ID, { questionProblems: Object.fromEntries(stages.map((s) => [s.stage, spokenProblems(s)])) });
  }
  return facts;
}

/**
 * The stage's questions must be answered and none blocking. Judged only when the command is
 * given (`decide`), not when the buttons are listed: the button stays, and pressing it answers
 * with the refusal naming every question (a hidden Request button would say nothing; decision 0048).
 */
const stageAnswered =
  (stage: QuestionStage): PermitGuard<QuestionFacts> =>
  ({ facts, input }) => {
    if (input === undefined) return null;
    // Every question that stops the stage, in form order: one sentence each.
    const problems = facts.questionProblems[stage] ?? [];
    return problems.length ? deny('PRECONDITION_FAILED', sayTogether(problems)) : null;
  };

/** The request-stage answers as signed (decision 0046): each with the wording it answered, by question. */
async function requestAnswers(db: Db, permit: PermitRecord) {
  const { answers, versions } = await answersWithVersions(db, permit.facilityId, permit.ID);
  return answers
    .filter((a) => a.stage === 'request')
    .map((a) => {
      const version = versions.get(a.questionVersionId)!;
      return { questionId: a.questionId, questionVersionId: version.ID, text: version.text, answer: a.value };
    })
    .sort((a, b) => a.questionId - b.questionId);
}

/**
 * The questions' guards on the lifecycle (request, issue, accept and close check their stage;
 * approve checks the request stage again, since its answers may change while Requested) and the
 * signed content `request-answers`.
 */
export const permitQuestionsLifecycle: PermitLifecyclePart = questionsPart();

function questionsPart(): PermitLifecyclePart {
  const guards: Partial<Record<PermitCommand, PermitGuard<QuestionFacts>[]>> = {
    approve: [stageAnswered('request')],
  };
  for (const [stage, command] of Object.entries(questionStageCommands) as [QuestionStage, PermitCommand][]) {
    (guards[command] ??= []).push(stageAnswered(stage));
  }
  return {
    guards: lifecycleGuards<QuestionFacts>({
      name: 'permit-questions',
      resolvedIn: 'questions',
      facts: loadQuestionFacts,
      // The stages' problems read the permit's status and type besides the answers.
      factsKey: (p) => JSON.stringify([p.status, p.permitType.ID, p.permitType.sections]),
      factsForPermits: loadQuestionFactsForPermits,
      guards,
    }),
    content: [{ name: 'request-answers', load: requestAnswers }],
  };
}
