import {
  approvalLevelOf,
  deny,
  permitGuardCaptions as words,
  say,
  type ApprovalStage,
  type PermitFacts,
  type PermitGuard,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { lifecycleGuards, permitContentHash, type PermitRecord } from '../permits';
import { groupMemberIds, stagesOfLevel } from './approval-stages.repository';
import { listPermitSignatures, signatureHolds, type SignatureRow } from './signature.repository';

/** What the approval guards read about a Requested permit (absent on other statuses). */
export interface SignatureFacts extends PermitFacts {
  /** The stage the next approval signs: the first of the risk level's stages without a valid signature. */
  nextStage?: (ApprovalStage & { memberIds: number[] | null }) | null;
  /** Who holds a valid signature on this content of this revision (one stage each). */
  signerIds?: number[];
  /** The hash of the permit's signed content now (the signature stores it). */
  contentHash?: string;
}

/**
 * The stages of a permit's risk level, and which valid approvals sign them (same revision, same
 * content, not invalidated); `signatures` are all of the permit's, the other verbs' included.
 */
export async function approvalProgress(db: Db, facilityId: number, permit: PermitRecord) {
  const [stages, signatures, contentHash] = await Promise.all([
    stagesOfLevel(db, facilityId, approvalLevelOf(permit.riskLevel)),
    listPermitSignatures(db, facilityId, permit.ID),
    permitContentHash(db, permit),
  ]);
  const valid = (s: SignatureRow) => s.verb === 'approve' && signatureHolds(s, permit.revision, contentHash);
  const signedPositions = new Set(signatures.filter(valid).map((s) => s.stage_position));
  const left = stages.filter((s) => !signedPositions.has(s.position));
  return {
    stages,
    signatures,
    contentHash,
    signedPositions,
    // In order: the next stage is the first unsigned one.
    nextStage: left[0] ?? null,
    left: left.length,
    signerIds: signatures.filter(valid).map((s) => s.signer_id),
  };
}

async function loadSignatureFacts(db: Db, permit: PermitRecord): Promise<Partial<SignatureFacts>> {
  if (permit.status !== 'requested') return {};
  const progress = await approvalProgress(db, permit.facilityId, permit);
  const next = progress.nextStage;
  return {
    // Every configured stage signed yet still Requested (the stages were cut meanwhile): one more approval approves.
    approvalStagesLeft: Math.max(progress.left, 1),
    nextStage: next && { ...next, memberIds: next.groupId === null ? null : await groupMemberIds(db, next.groupId) },
    signerIds: progress.signerIds,
    contentHash: progress.contentHash,
  };
}

/** One person signs at most one stage of the same permit revision. */
const notSignedYet: PermitGuard<SignatureFacts> = ({ facts, actor }) =>
  actor.userId !== null && facts.signerIds?.includes(actor.userId)
    ? deny(
        'SEPARATION_OF_DUTIES',
        // The stage's name is the facility's own (stored content): a value as written.
        () => {
          const stage = facts.nextStage;
          return stage ? say(words.alreadySigned, { stage: stage.name }) : say(words.alreadySignedApproval);
        },
      )
    : null;

/** The next stage is signed by a member of its group (stages in order: a later stage's signer waits). */
const mayDoNextStage: PermitGuard<SignatureFacts> = ({ facts, actor }) => {
  const stage = facts.nextStage;
  if (!stage || stage.memberIds === null) return null;
  return actor.userId !== null && stage.memberIds.includes(actor.userId)
    ? null
    : deny('NOT_THE_RIGHT_PERSON', () => say(words.groupSigns, { stage: stage.name, group: stage.groupName ?? '' }));
};

/** Who may sign which approval stage, and each stage once. */
export const signatureGuards = lifecycleGuards<SignatureFacts>({
  name: 'signatures',
  facts: loadSignatureFacts,
  // No factsKey: approving writes signatures, and an edit changes the signed content: read again after every command.
  guards: { approve: [notSignedYet, mayDoNextStage] },
});
