import { defaultApprovalStage, signingRefusals } from '@hasp/contracts';
import type { CommandRun } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { verifyPassword } from '../auth';
import { verifyDirectoryPassword } from '../directory';
import { registerPermitSigner, type PermitCommandBody, type PermitState } from '../permits';
import type { SignatureFacts } from './signature.guards';
import { rateLimitWait, recordRefusal } from './signature-refusals';
import { signingMethodOf, useSsoSigning, type SsoReauthentication } from './sso-signing';

/** The refusal of the command's actor on this permit's stage (audited in its own transaction). */
const refusalOf = (
  { ctx, state }: CommandRun<PermitCommandBody, PermitState>,
  stageName: string,
  reason: 'wrong password' | 'too many wrong passwords',
) =>
  recordRefusal(ctx.connection.db, {
    userId: ctx.actor.userId,
    facilityId: ctx.actor.facilityId,
    permit: state.record,
    stageName,
    reason,
    address: ctx.address || null,
    deviceId: ctx.actor.deviceId,
    requestId: ctx.requestId,
    at: ctx.now,
  });

/**
 * Approving = signing the next stage (decision 0051): the actor's password is checked again (local
 * users: the stored hash; directory users: a bind against the directory, never a stored password;
 * single sign-on users: the signing intent their forced login at the identity provider answered),
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
  const method = signingMethodOf(user);
  const wait = await rateLimitWait(trx, ctx.actor.userId, ctx.now);
  if (wait > 0) {
    await refusalOf(run, stage.name, 'too many wrong passwords');
    const message = method === 'sso' ? signingRefusals.ssoRateLimited(wait) : signingRefusals.rateLimited(wait);
    throw new AppError('RATE_LIMITED', 429, message, undefined, { 'retry-after': String(wait * 60) });
  }
  const stagePosition = facts.nextStage ? stage.position : (facts.signerIds?.length ?? 0) + 1;
  // Single sign-on users signed in again at the identity provider (decision 0059); the approve
  // command is given the signing intent the identity provider answered, and uses it up here.
  let idp: SsoReauthentication | null = null;
  if (method === 'sso') {
    if (user.locked_at) throw new AppError('VALIDATION_FAILED', 422, signingRefusals.ssoFailed);
    idp = await useSsoSigning(
      ctx,
      input.signingIntent,
      permit,
      { position: stagePosition, name: stage.name },
      facts.contentHash!,
      trx,
    );
  } else {
    const password = input.password ?? '';
    const ok =
      !user.locked_at &&
      (method === 'password'
        ? await verifyPassword(user.password_hash!, password)
        : await verifyDirectoryPassword(ctx.connection.db, user.user_name, password));
    if (!ok) {
      await refusalOf(run, stage.name, 'wrong password');
      throw new AppError('VALIDATION_FAILED', 422, signingRefusals.wrongPassword, [
        { field: 'password', message: signingRefusals.wrongPassword },
      ]);
    }
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
      stage_position: stagePosition,
      stage_name: stage.name,
      meaning: stage.meaning,
      signer_id: user.id,
      signer_name: user.display_name,
      signed_at: ctx.now,
      time_zone: facility.time_zone,
      method,
      content_hash: facts.contentHash!,
      idp_issuer: idp?.issuer ?? null,
      idp_authn_instant: idp?.authnInstant ?? null,
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
    // Where the signer proved it was them just now: at the identity provider, and when it says.
    ...(idp ? { reauthenticatedAt: 'identity provider', idpIssuer: idp.issuer, authnInstant: idp.authnInstant } : {}),
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
