import { defaultApprovalStage, signingRefusals } from '@hasp/contracts';
import type { CommandRun } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { registerPermitSigner, type PermitCommandBody, type PermitState } from '../permits';
import type { SignatureFacts } from './signature.guards';
import { assertNotRateLimited, assertPasswordCorrect, signerOf } from './password-check';
import { useSsoSigning, type SsoReauthentication } from './sso-signing';

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
  const user = await signerOf(run);
  const { method } = user;
  await assertNotRateLimited(run, user, stage.name);
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
    await assertPasswordCorrect(run, user, stage.name, input.password ?? '', {
      field: 'password',
      message: signingRefusals.wrongPassword,
    });
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
