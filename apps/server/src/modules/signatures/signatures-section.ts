import type { Kysely } from 'kysely';
import { approvalLevelOf, type PermitApprovals } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { findPermit, type PermitRecord } from '../permits';
import { approvalProgress } from './signature.guards';
import { signatureView } from './signature.repository';

/** A permit's approval stages and signatures as `GET /permits/:id/signatures` answers them. */
export async function approvalsOf(
  db: Kysely<Database>,
  facilityId: number,
  permit: PermitRecord,
): Promise<PermitApprovals> {
  const progress = await approvalProgress(db, facilityId, permit);
  return {
    riskLevel: approvalLevelOf(permit.riskLevel),
    stages: progress.stages.map((s) => ({ ...s, signed: progress.signedPositions.has(s.position) })),
    nextStage: permit.status === 'requested' ? progress.nextStage : null,
    signatures: progress.signatures.map((s) => signatureView(s, permit.revision, progress.contentHash)),
  };
}

/**
 * The approvals section exactly as `GET /permits/:id/signatures` answers it, for a caller already
 * allowed to view the permit (the permit PDF checks that); undefined when the facility has no such permit.
 */
export async function readSignaturesSection(
  db: Kysely<Database>,
  viewer: { actor: Actor },
  permitId: number,
): Promise<PermitApprovals | undefined> {
  const permit = await findPermit(db, viewer.actor.facilityId, permitId);
  return permit && approvalsOf(db, viewer.actor.facilityId, permit);
}
