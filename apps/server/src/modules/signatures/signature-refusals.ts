import type { Kysely } from 'kysely';
import { signatureRateLimit } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { recordApart } from '../../platform';

const windowMs = signatureRateLimit.windowMinutes * 60_000;

/** Why a signing was refused, as its audit row says (never a password). */
export type RefusalReason =
  | 'wrong password'
  | 'too many wrong passwords'
  | 'identity provider refused'
  | 'signed in as another user'
  | 'not a fresh sign-in'
  | 'signing expired'
  | 'replayed'
  | 'permit changed'
  | 'sealed signature refused';

/**
 * Refusals that do not count toward the rate limit: the limit itself, the permit moving on meanwhile,
 * and a sealed signature that does not open for its command (no password was tried: a wrong sealed
 * password is a 'wrong password' and counts).
 */
const notCounted: ReadonlySet<RefusalReason> = new Set([
  'too many wrong passwords',
  'permit changed',
  'sealed signature refused',
]);

export interface Refusal {
  userId: number;
  facilityId: number;
  permit: { ID: number; number: string; revision: number };
  stageName: string;
  reason: RefusalReason;
  /** What the identity provider's answer said, for the audit row (no secrets). */
  detail?: string;
  address: string | null;
  deviceId: string | null;
  requestId: string | null;
  at: Date;
}

/**
 * A refused signing, kept whatever happens to the command: the failure (for the rate limit) and its
 * audit row `signature.refused`, in their own transaction, since a refused command's own rolls back.
 */
export async function recordRefusal(db: Kysely<Database>, refusal: Refusal): Promise<void> {
  const { permit } = refusal;
  await recordApart(db, async (trx, audit) => {
    if (!notCounted.has(refusal.reason)) {
      await trx.insertInto('signature_failures').values({ user_id: refusal.userId, failed_at: refusal.at }).execute();
    }
    await audit({
      userId: refusal.userId,
      facilityId: refusal.facilityId,
      action: 'signature.refused',
      // Not the permit's own history (a refusal changed nothing on it); the permit is named in `after`.
      entityType: 'permit_signature',
      entityId: null,
      before: null,
      after: {
        permitId: permit.ID,
        number: permit.number,
        revision: permit.revision,
        stage: refusal.stageName,
        ...(refusal.detail ? { detail: refusal.detail.slice(0, 500) } : {}),
      },
      reason: refusal.reason,
      address: refusal.address,
      deviceId: refusal.deviceId,
      requestId: refusal.requestId,
      at: refusal.at,
    });
  });
}

/** How long the user still waits when the last window holds too many failures (minutes, rounded up), or 0. */
export async function rateLimitWait(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  const failures = await db
    .selectFrom('signature_failures')
    .select('failed_at')
    .where('user_id', '=', userId)
    .where('failed_at', '>', new Date(now.getTime() - windowMs))
    .orderBy('failed_at', 'desc')
    .limit(signatureRateLimit.failures)
    .execute();
  if (failures.length < signatureRateLimit.failures) return 0;
  // Free again once the oldest of the last N failures leaves the window.
  const oldest = new Date(failures[failures.length - 1]!.failed_at).getTime();
  return Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 60_000));
}
