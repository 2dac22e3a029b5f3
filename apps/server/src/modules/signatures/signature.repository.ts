import type { Kysely, Transaction } from 'kysely';
import { signatureText, type PermitSignature } from '@hasp/contracts';
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

/** "2026-11-24 14:05 +01:00": the time as it was in that time zone, with its UTC offset then. */
export function localTimeWithOffset(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // "GMT+01:00", or "GMT" at UTC itself.
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${offset}`;
}

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
