import type { Transaction } from 'kysely';
import { editInvalidationReason } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { permitContentHash, type PermitRecord } from '../permits';

/**
 * After an edit, the approvals whose signed content changed (another revision, or the same revision
 * with other content) stop holding: each gets an invalidation row saying when and why. The
 * signature itself stays as it was signed (a trigger refuses any change), so the record shows both
 * the invalidated signature and, later, the one that replaces it.
 */
export async function invalidateChangedApprovals(
  trx: Transaction<Database>,
  permit: PermitRecord,
  at: Date,
): Promise<void> {
  const contentHash = await permitContentHash(trx, permit);
  const stale = await trx
    .selectFrom('permit_signatures as s')
    .leftJoin('permit_signature_invalidations as i', 'i.signature_id', 's.id')
    .select('s.id')
    .where('s.facility_id', '=', permit.facilityId)
    .where('s.permit_id', '=', permit.ID)
    .where('s.verb', '=', 'approve')
    .where('i.signature_id', 'is', null)
    .where((eb) => eb.or([eb('s.permit_revision', '<>', permit.revision), eb('s.content_hash', '<>', contentHash)]))
    .execute();
  if (!stale.length) return;
  await trx
    .insertInto('permit_signature_invalidations')
    .values(
      stale.map((s) => ({
        signature_id: s.id,
        facility_id: permit.facilityId,
        invalidated_at: at,
        reason: editInvalidationReason(permit.revision),
      })),
    )
    .execute();
}
