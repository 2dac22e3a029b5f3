import {
  mayAnswerPermitQuestions,
  questionStages,
  type PermitQuestionStage,
  type PermitQuestions,
  type QuestionStage,
  type QuestionVersion,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { findVersions } from '../questions';
import { buildStages } from './permit-questions.model';
import { withFactPrefills } from './question-facts.repository';
import {
  answersVersion,
  answersVersionsForPermits,
  findQuestionsPermit,
  listAskedVersionIds,
  listCurrentAnswers,
  listCurrentAnswersForPermits,
  type AnswerRow,
  type QuestionsPermit,
} from './permit-questions.repository';

/** The permit's answers and the versions they answered. */
export async function answersWithVersions(db: Db, facilityId: number, permitId: number) {
  const answers: AnswerRow[] = await listCurrentAnswers(db, facilityId, permitId);
  const versions = await findVersions(db, facilityId, [...new Set(answers.map((a) => a.questionVersionId))]);
  return { answers, versions: new Map(versions.map((v) => [v.ID, v])) };
}

/**
 * The permit's question stages now (what the section shows and the guards judge): what its type
 * asks and its answers, then every version either refers to, in three statements (the guards load
 * this for each lifecycle command of a type with questions).
 */
export async function loadStages(db: Db, permit: QuestionsPermit): Promise<PermitQuestionStage[]> {
  const [asked, answers] = await Promise.all([
    listAskedVersionIds(db, permit.facilityId, permit.permitTypeId),
    listCurrentAnswers(db, permit.facilityId, permit.id),
  ]);
  const ids = [...new Set([...asked.map((a) => a.versionId), ...answers.map((a) => a.questionVersionId)])];
  const versions = new Map((await findVersions(db, permit.facilityId, ids)).map((v) => [v.ID, v]));
  const byStage = Object.fromEntries(questionStages.map((stage) => [stage, [] as QuestionVersion[]])) as Record<
    QuestionStage,
    QuestionVersion[]
  >;
  for (const a of asked) byStage[a.stage].push(versions.get(a.versionId)!);
  return buildStages(permit.status, byStage, answers, versions);
}

/**
 * loadStages for many permits of one facility, by permit ID, in a statement per permit type, one
 * for the answers and one for every version either refers to (the offline download's page).
 */
export async function loadStagesForPermits(
  db: Db,
  permits: readonly QuestionsPermit[],
): Promise<Map<number, PermitQuestionStage[]>> {
  const result = new Map<number, PermitQuestionStage[]>();
  if (!permits.length) return result;
  const facilityId = permits[0]!.facilityId;
  const typeIds = [...new Set(permits.map((p) => p.permitTypeId))];
  const [askedByType, answersOf] = await Promise.all([
    Promise.all(typeIds.map((typeId) => listAskedVersionIds(db, facilityId, typeId))).then(
      (lists) => new Map(typeIds.map((typeId, i) => [typeId, lists[i]!])),
    ),
    listCurrentAnswersForPermits(
      db,
      facilityId,
      permits.map((p) => p.id),
    ),
  ]);
  const ids = new Set<number>();
  for (const asked of askedByType.values()) for (const a of asked) ids.add(a.versionId);
  for (const answers of answersOf.values()) for (const a of answers) ids.add(a.questionVersionId);
  const versions = new Map((await findVersions(db, facilityId, [...ids])).map((v) => [v.ID, v]));
  // What each type asks by stage, and its unanswered stages by status, built once for the page.
  const ofType = new Map<
    number,
    { byStage: Record<QuestionStage, QuestionVersion[]>; unanswered: Map<string, PermitQuestionStage[]> }
  >();
  for (const [typeId, asked] of askedByType) {
    const byStage = Object.fromEntries(questionStages.map((stage) => [stage, [] as QuestionVersion[]])) as Record<
      QuestionStage,
      QuestionVersion[]
    >;
    for (const a of asked) byStage[a.stage].push(versions.get(a.versionId)!);
    ofType.set(typeId, { byStage, unanswered: new Map() });
  }
  for (const permit of permits) {
    const { byStage, unanswered } = ofType.get(permit.permitTypeId)!;
    result.set(permit.id, buildStages(permit.status, byStage, answersOf.get(permit.id) ?? [], versions, unanswered));
  }
  return result;
}

/** Whether the caller may answer this permit's questions: its requester side or its issuers. */
export const mayAnswer = mayAnswerPermitQuestions;

/**
 * The Questions section as the caller sees it; with `prefill` (the section read or answered
 * online), each question that names a fact offers its value now.
 */
export async function permitQuestionsView(
  db: Db,
  permit: QuestionsPermit,
  caller: { userId: number; permissions: ReadonlySet<string> },
  options: { prefill?: boolean } = {},
): Promise<PermitQuestions> {
  const [loaded, version] = await Promise.all([
    loadStages(db, permit),
    answersVersion(db, permit.facilityId, permit.id),
  ]);
  const stages = options.prefill ? await withFactPrefills(db, permit.facilityId, permit.id, loaded) : loaded;
  return {
    permitId: permit.id,
    version,
    canAnswer: mayAnswer(permit.typeCode, caller.permissions) || caller.userId === permit.holderId,
    stages,
  };
}

/** permitQuestionsView for many permits of one facility at once (the offline download's page), by permit ID. */
export async function permitQuestionsViewsForPermits(
  db: Db,
  permits: readonly QuestionsPermit[],
  caller: { userId: number; permissions: ReadonlySet<string> },
): Promise<Map<number, PermitQuestions>> {
  if (!permits.length) return new Map();
  const [stagesOf, versions] = await Promise.all([
    loadStagesForPermits(db, permits),
    answersVersionsForPermits(
      db,
      permits[0]!.facilityId,
      permits.map((p) => p.id),
    ),
  ]);
  return new Map(
    permits.map((permit) => [
      permit.id,
      {
        permitId: permit.id,
        version: versions.get(permit.id)!,
        canAnswer: mayAnswer(permit.typeCode, caller.permissions) || caller.userId === permit.holderId,
        stages: stagesOf.get(permit.id)!,
      },
    ]),
  );
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
