import type { Kysely, Transaction } from 'kysely';
import { localTimeWithOffset, signatureText, type PermitSignature } from '@hasp/contracts';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const columns = [
  'id',
  'permit_revision',
  'stage_position',
  'stage_name',
  'meaning',
  'signer_id',
  'signer_name',
  'signed_at',
  'time_zone',
  'method',
  'content_hash',
] as const;

/** A permit's signatures, newest first (facility-scoped). */
export async function listPermitSignatures(db: Db, facilityId: number, permitId: number) {
  return db
    .selectFrom('permit_signatures')
    .select(columns)
    .where('facility_id', '=', facilityId)
    .where('permit_id', '=', permitId)
    .orderBy('id', 'desc')
    .execute();
}
export type SignatureRow = Awaited<ReturnType<typeof listPermitSignatures>>[number];

/** A signature as the API shows it: valid while the permit's revision and signed content are what was signed. */
export function signatureView(row: SignatureRow, revision: number, contentHash: string): PermitSignature {
  const signedAtLocal = localTimeWithOffset(new Date(row.signed_at), row.time_zone);
  return {
    ID: row.id,
    stagePosition: row.stage_position,
    stageName: row.stage_name,
    meaning: row.meaning,
    signerId: row.signer_id,
    signerName: row.signer_name,
    signedAt: new Date(row.signed_at).toISOString(),
    signedAtLocal,
    revision: row.permit_revision,
    method: row.method,
    valid: row.permit_revision === revision && row.content_hash === contentHash,
    text: signatureText({ meaning: row.meaning, signerName: row.signer_name, signedAtLocal }),
  };
}
