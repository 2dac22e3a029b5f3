import { localTimeWithOffset, signatureText, type PermitSignature } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/**
 * A permit's signatures, newest first (facility-scoped), each with its invalidation if it has one;
 * `approvalsOnly`: only the approvals' (the stages' progress reads those).
 */
export async function listPermitSignatures(db: Db, facilityId: number, permitId: number, approvalsOnly = false) {
  return db
    .selectFrom('permit_signatures as s')
    .leftJoin('permit_signature_invalidations as i', 'i.signature_id', 's.id')
    .select([
      's.id',
      's.verb',
      's.permit_revision',
      's.stage_position',
      's.stage_name',
      's.meaning',
      's.signer_id',
      's.signer_name',
      's.signed_at',
      's.time_zone',
      's.method',
      's.content_hash',
      'i.invalidated_at',
      'i.reason as invalidated_reason',
    ])
    .where('s.facility_id', '=', facilityId)
    .where('s.permit_id', '=', permitId)
    .$if(approvalsOnly, (qb) => qb.where('s.verb', '=', 'approve'))
    .orderBy('s.id', 'desc')
    .execute();
}
export type SignatureRow = Awaited<ReturnType<typeof listPermitSignatures>>[number];

/**
 * Whether a signature still holds: not invalidated, and for an approval, the permit's revision and
 * signed content still those signed (a section changed while Requested changes the content too).
 * The other verbs' signatures sign a moment (the permit issued, accepted…), not content that stays.
 */
export const signatureHolds = (row: SignatureRow, revision: number, contentHash: string) =>
  row.invalidated_at === null &&
  (row.verb !== 'approve' || (row.permit_revision === revision && row.content_hash === contentHash));

/** A signature as the API shows it. */
export function signatureView(row: SignatureRow, revision: number, contentHash: string): PermitSignature {
  const signedAtLocal = localTimeWithOffset(new Date(row.signed_at), row.time_zone);
  return {
    ID: row.id,
    verb: row.verb,
    stagePosition: row.stage_position,
    stageName: row.stage_name,
    meaning: row.meaning,
    signerId: row.signer_id,
    signerName: row.signer_name,
    signedAt: new Date(row.signed_at).toISOString(),
    signedAtLocal,
    revision: row.permit_revision,
    method: row.method,
    valid: signatureHolds(row, revision, contentHash),
    invalidated:
      row.invalidated_at === null
        ? null
        : {
            at: new Date(row.invalidated_at).toISOString(),
            // In the zone the signature was given in, as its own time is shown.
            atLocal: localTimeWithOffset(new Date(row.invalidated_at), row.time_zone),
            reason: row.invalidated_reason ?? '',
          },
    text: signatureText({ meaning: row.meaning, signerName: row.signer_name, signedAtLocal }),
  };
}
