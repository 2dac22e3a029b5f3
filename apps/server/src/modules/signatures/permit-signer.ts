import { defaultApprovalStage, signingRefusals, signatureRateLimit, type SignatureMethod } from '@hasp/contracts';
import type { CommandRun } from '../../platform';
import type { RequestContext } from '../../platform/request-context';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import { verifyPassword } from '../auth';
import { verifyDirectoryPassword } from '../directory';
import { registerPermitSigner, type PermitCommandBody, type PermitState } from '../permits';
import type { SignatureFacts } from './signature.guards';

const windowMs = signatureRateLimit.windowMinutes * 60_000;

/**
 * A wrong password at signing, kept whatever happens to the command: the failure (for the rate
 * limit) and its audit row, in their own transaction, since the command's own rolls back when it is
 * refused. Never the password itself.
 */
async function recordRefusal(
  ctx: RequestContext,
  permit: PermitState['record'],
  stageName: string,
  reason: 'wrong password' | 'too many wrong passwords',
): Promise<void> {
  await ctx.connection.db.transaction().execute(async (trx) => {
    if (reason === 'wrong password') {
      await trx.insertInto('signature_failures').values({ user_id: ctx.actor.userId, failed_at: ctx.now }).execute();
    }
    await recordAudit(trx, {
      userId: ctx.actor.userId,
      facilityId: ctx.actor.facilityId,
      action: 'signature.refused',
      // Not the permit's own history (a refusal changed nothing on it); the permit is named in `after`.
      entityType: 'permit_signature',
      entityId: null,
      before: null,
      after: { permitId: permit.ID, number: permit.number, revision: permit.revision, stage: stageName },
      reason,
      address: ctx.address || null,
      deviceId: ctx.actor.deviceId,
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}

/** How long the signer still waits when the last window holds too many failures (minutes, rounded up), or 0. */
async function rateLimitWait({ trx, ctx }: CommandRun<PermitCommandBody, PermitState>): Promise<number> {
  const failures = await trx
    .selectFrom('signature_failures')
    .select('failed_at')
    .where('user_id', '=', ctx.actor.userId)
    .where('failed_at', '>', new Date(ctx.now.getTime() - windowMs))
    .orderBy('failed_at', 'desc')
    .limit(signatureRateLimit.failures)
    .execute();
  if (failures.length < signatureRateLimit.failures) return 0;
  // Free again once the oldest of the last N failures leaves the window.
  const oldest = new Date(failures[failures.length - 1]!.failed_at).getTime();
  return Math.max(1, Math.ceil((oldest + windowMs - ctx.now.getTime()) / 60_000));
}

/**
 * Approving = signing the next stage (decision 0051): the actor's password is checked again (local
 * users: the stored hash; directory users: a bind against the directory, never a stored password),
 * then the signature is recorded with the permit's revision and content hash, in the command's
 * transaction. A wrong password is refused and audited; 5 wrong in 15 minutes refuse signing for the rest.
 */
async function signNextStage(run: CommandRun<PermitCommandBody, PermitState>): Promise<void> {
  const { trx, ctx, input, state } = run;
  const permit = state.record;
  const facts = state.facts as SignatureFacts;
  const stage = facts.nextStage ?? defaultApprovalStage;
  const user = await trx
    .selectFrom('users')
    .select(['id', 'user_name', 'display_name', 'password_hash', 'is_active_directory_user', 'locked_at'])
    .where('id', '=', ctx.actor.userId)
    .executeTakeFirstOrThrow();
  const wait = await rateLimitWait(run);
  if (wait > 0) {
    await recordRefusal(ctx, permit, stage.name, 'too many wrong passwords');
    throw new AppError('RATE_LIMITED', 429, signingRefusals.rateLimited(wait), undefined, {
      'retry-after': String(wait * 60),
    });
  }
  const method: SignatureMethod = user.is_active_directory_user ? 'directory' : user.password_hash ? 'password' : 'sso';
  if (method === 'sso') throw new AppError('CONFLICT', 409, signingRefusals.ssoNotYet);
  const password = input.password ?? '';
  const ok =
    !user.locked_at &&
    (method === 'password'
      ? await verifyPassword(user.password_hash!, password)
      : await verifyDirectoryPassword(ctx.connection.db, user.user_name, password));
  if (!ok) {
    await recordRefusal(ctx, permit, stage.name, 'wrong password');
    throw new AppError('VALIDATION_FAILED', 422, signingRefusals.wrongPassword, [
      { field: 'password', message: signingRefusals.wrongPassword },
    ]);
  }
  const facility = await trx
    .selectFrom('facilities')
    .select('time_zone')
    .where('id', '=', ctx.actor.facilityId)
    .executeTakeFirstOrThrow();
  const signature = await trx
    .insertInto('permit_signatures')
    .values({
      facility_id: ctx.actor.facilityId,
      permit_id: permit.ID,
      permit_revision: permit.revision,
      stage_position: facts.nextStage ? stage.position : (facts.signerIds?.length ?? 0) + 1,
      stage_name: stage.name,
      meaning: stage.meaning,
      signer_id: user.id,
      signer_name: user.display_name,
      signed_at: ctx.now,
      time_zone: facility.time_zone,
      method,
      content_hash: facts.contentHash!,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recorded = {
    signatureId: signature.id,
    number: permit.number,
    revision: permit.revision,
    stage: stage.name,
    meaning: stage.meaning,
    method,
    contentHash: facts.contentHash,
  };
  run.audit({
    action: 'signature.sign',
    entityType: 'permit_signature',
    entityId: signature.id,
    before: null,
    after: { permitId: permit.ID, ...recorded },
  });
  run.event({
    name: 'signature.sign',
    entityType: 'permit_signature',
    entityId: signature.id,
    payload: { permitId: permit.ID, signerId: user.id, ...recorded },
  });
}

export function registerPermitSignatures(): void {
  registerPermitSigner({ sign: signNextStage });
}
