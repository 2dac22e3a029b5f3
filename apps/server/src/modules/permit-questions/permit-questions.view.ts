import {
  permitPermission,
  questionStages,
  type PermitQuestionStage,
  type PermitQuestions,
  type QuestionStage,
  type QuestionVersion,
} from '@hasp/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { findVersions, listCurrentQuestions } from '../questions';
import { buildStages } from './permit-questions.model';
import {
  answersVersion,
  findQuestionsPermit,
  listCurrentAnswers,
  type AnswerRow,
  type QuestionsPermit,
} from './permit-questions.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** The questions the permit's type asks now, per stage, each as its current version (active ones only). */
export async function askedQuestions(db: Db, permit: Pick<QuestionsPermit, 'facilityId' | 'permitTypeId'>) {
  const lists = await Promise.all(
    questionStages.map((stage) =>
      listCurrentQuestions(db, permit.facilityId, { permitTypeId: permit.permitTypeId, stage, includeInactive: false }),
    ),
  );
  return Object.fromEntries(questionStages.map((stage, i) => [stage, lists[i]!.map((r) => r.current)])) as Record<
    QuestionStage,
    QuestionVersion[]
  >;
}

/** The permit's answers and the versions they answered. */
export async function answersWithVersions(db: Db, facilityId: number, permitId: number) {
  const answers: AnswerRow[] = await listCurrentAnswers(db, facilityId, permitId);
  const versions = await findVersions(db, facilityId, [...new Set(answers.map((a) => a.questionVersionId))]);
  return { answers, versions: new Map(versions.map((v) => [v.ID, v])) };
}

/** The permit's question stages now (what the section shows and the guards judge). */
export async function loadStages(db: Db, permit: QuestionsPermit): Promise<PermitQuestionStage[]> {
  const [asked, { answers, versions }] = await Promise.all([
    askedQuestions(db, permit),
    answersWithVersions(db, permit.facilityId, permit.id),
  ]);
  return buildStages(permit.status, asked, answers, versions);
}

/** Whether the caller may answer this permit's questions: its requester side or its issuers. */
export function mayAnswer(typeCode: string, permissions: ReadonlySet<string>): boolean {
  return permissions.has(permitPermission('create', typeCode)) || permissions.has(permitPermission('issue', typeCode));
}

/** The Questions section as the caller sees it. */
export async function permitQuestionsView(
  db: Db,
  permit: QuestionsPermit,
  caller: { userId: number; permissions: ReadonlySet<string> },
): Promise<PermitQuestions> {
  const [stages, version] = await Promise.all([
    loadStages(db, permit),
    answersVersion(db, permit.facilityId, permit.id),
  ]);
  return {
    permitId: permit.id,
    version,
    canAnswer: mayAnswer(permit.typeCode, caller.permissions) || caller.userId === permit.holderId,
    stages,
  };
}

/** A permit's question stages (for the demo seed, which answers them as its stories go); null without the section. */
export async function loadPermitQuestionStages(
  db: Db,
  facilityId: number,
  permitId: number,
): Promise<PermitQuestionStage[] | null> {
  const permit = await findQuestionsPermit(db, facilityId, permitId);
  return permit?.sections.includes('questions') ? loadStages(db, permit) : null;
}
