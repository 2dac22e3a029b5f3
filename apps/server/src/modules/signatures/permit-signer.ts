import {
  defaultApprovalStage,
  signatureMeaningOf,
  sealRefusals,
  signingRefusals,
  type SealedSignature,
  type SignatureVerb,
  type SignedPermitCommand,
} from '@hasp/contracts';
import type { CommandRun } from '../../platform';
import { AppError } from '../../plugins/app-error';
import {
  permitContentHash,
  type PermitSigner,
  type PermitCommandBody,
  type PermitRecord,
  type PermitState,
} from '../permits';
import type { SignatureFacts } from './signature.guards';
import { invalidateChangedApprovals } from './signature-invalidations';
import { assertNotRateLimited, assertPasswordCorrect, refusalOf, signerOf, type SigningCheck } from './password-check';
import { openSealedSignature, type SealBinding } from './sealed-signature';
import { useSsoSigning, type SsoReauthentication } from './sso-signing';

/** What proves the signer just now: the password typed again, or the identity provider's answered intent. */
export interface SigningProof {
  password?: string;
  signingIntent?: string;
  /** Signed offline: the password sealed on the device for this one queued command. */
  sealedSignature?: SealedSignature;
}

/** The part of a command's run a signature needs: its transaction, context, proof, how it was sent, audit and events. */
export type SigningRun = Pick<CommandRun<SigningProof, unknown>, 'trx' | 'ctx' | 'input' | 'sent' | 'audit' | 'event'>;

/** What is signed: the verb on the permit, and for an approval its stage. */
interface Signing {
  permit: PermitRecord;
  verb: SignatureVerb;
  /** An approval's stage (its meaning is the stage's); null for the other verbs. */
  stage: { position: number; name: string; meaning: string } | null;
  contentHash: string;
}

/** The password to check, as typed, or opened from its seal; where the body carried it; when the device says it was typed. */
interface Password {
  password: string;
  field: 'password' | 'sealedSignature';
  deviceSignedAt: Date | null;
}

/**
 * The password the body carries: typed, or sealed on a device (decision 0102)
 * and opened here for the command as it was sent — the permit as the device named it (a permit made
 * offline by its local id), the verb, the outbox's idempotency key. A seal that does not open for
 * this command is refused and audited like any refused signing, without counting as a wrong password.
 */
async function passwordOf(run: SigningRun, check: SigningCheck, verb: SignatureVerb, what: string): Promise<Password> {
  const { password, sealedSignature } = run.input;
  if (!sealedSignature) return { password: password ?? '', field: 'password', deviceSignedAt: null };
  try {
    const { idempotencyKey } = run.sent;
    if (idempotencyKey === null) {
      const message = sealRefusals.noCommandKey;
      throw new AppError('VALIDATION_FAILED', 422, message, [{ field: 'sealedSignature', message }]);
    }
    const binding = { permitId: run.sent.targetId, verb, commandId: idempotencyKey } as SealBinding;
    const opened = await openSealedSignature(run.trx, sealedSignature, binding, run.ctx.now);
    return { password: opened.password, field: 'sealedSignature', deviceSignedAt: opened.signedAt };
  } catch (error) {
    if (error instanceof AppError) await refusalOf(check, what, 'sealed signature refused');
    throw error;
  }
}

/**
 * Signs (decision 0051, and decision 0101 for the verbs besides approve): the actor's password is
 * checked again (local users: the stored hash; directory users: a bind against the directory, never
 * a stored password; single sign-on users: the signing intent their forced login at the identity
 * provider answered), then the signature is recorded with its meaning, the permit's revision and
 * content hash, in the command's transaction. A wrong password is refused and audited; 5 wrong in
 * 15 minutes refuse signing for the rest.
 */
async function sign(run: SigningRun, signing: Signing): Promise<void> {
  const { trx, ctx, input } = run;
  const { permit, verb, stage, contentHash } = signing;
  // What a refusal names as signed: the approval's stage, or the verb.
  const what = stage?.name ?? verb;
  const check: SigningCheck = { trx, ctx, permit };
  const user = await signerOf(check);
  const { method } = user;
  await assertNotRateLimited(check, user, what);
  // Single sign-on users signed in again at the identity provider (decision 0059); the command is
  // given the signing intent the identity provider answered, and uses it up here.
  let idp: SsoReauthentication | null = null;
  let deviceSignedAt: Date | null = null;
  if (method === 'sso') {
    if (user.locked_at) throw new AppError('VALIDATION_FAILED', 422, signingRefusals.ssoFailed);
    idp = await useSsoSigning(
      ctx,
      input.signingIntent,
      permit,
      { verb, position: stage?.position ?? null, name: what },
      contentHash,
      trx,
    );
  } else {
    // A sealed password is checked exactly as a typed one: the same refusal, audit and rate limit.
    const typed = await passwordOf(run, check, verb, what);
    deviceSignedAt = typed.deviceSignedAt;
    await assertPasswordCorrect(check, user, what, typed.password, {
      field: typed.field,
      message: signingRefusals.wrongPassword,
    });
  }
  const facility = await trx
    .selectFrom('facilities')
    .select('time_zone')
    .where('id', '=', ctx.actor.facilityId)
    .executeTakeFirstOrThrow();
  // The meaning as signed, in the words of the record (readers in another language see it translated).
  const meaning = stage ? stage.meaning : signatureMeaningOf(verb as Exclude<SignatureVerb, 'approve'>).defaultCaption;
  const signature = await trx
    .insertInto('permit_signatures')
    .values({
      facility_id: ctx.actor.facilityId,
      permit_id: permit.ID,
      permit_revision: permit.revision,
      verb,
      stage_position: stage?.position ?? null,
      stage_name: stage?.name ?? null,
      meaning,
      signer_id: user.id,
      signer_name: user.display_name,
      signed_at: ctx.now,
      time_zone: facility.time_zone,
      method,
      content_hash: contentHash,
      idp_issuer: idp?.issuer ?? null,
      idp_authn_instant: idp?.authnInstant ?? null,
      device_signed_at: deviceSignedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recorded = {
    signatureId: signature.id,
    number: permit.number,
    revision: permit.revision,
    verb,
    ...(stage ? { stage: stage.name } : {}),
    meaning,
    method,
    contentHash,
    // Where the signer proved it was them just now: at the identity provider, and when it says.
    ...(idp ? { reauthenticatedAt: 'identity provider', idpIssuer: idp.issuer, authnInstant: idp.authnInstant } : {}),
    // Signed offline: when the signer typed the password, by the device's clock (the record's time is the server's).
    ...(deviceSignedAt ? { deviceSignedAt: deviceSignedAt.toISOString() } : {}),
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

/** Approving signs the permit's next approval stage (decision 0050), with the stage's meaning. */
async function signNextStage(run: CommandRun<PermitCommandBody, PermitState>): Promise<void> {
  const facts = run.state.facts as SignatureFacts;
  const stage = facts.nextStage ?? defaultApprovalStage;
  // No stage configured for the level: the plain stage, numbered after the signatures so far.
  const position = facts.nextStage ? stage.position : (facts.signerIds?.length ?? 0) + 1;
  await sign(run, {
    permit: run.state.record,
    verb: 'approve',
    stage: { position, name: stage.name, meaning: stage.meaning },
    contentHash: facts.contentHash!,
  });
}

/**
 * Signs a verb that hands over responsibility on the permit (issue, accept, hand-over, complete
 * work, the (e)(3) removal of an absent worker's lock), with the verb's meaning, before it applies.
 */
export async function signPermitVerb(
  run: SigningRun,
  permit: PermitRecord,
  verb: Exclude<SignatureVerb, 'approve'>,
): Promise<void> {
  await sign(run, { permit, verb, stage: null, contentHash: await permitContentHash(run.trx, permit) });
}

/** The signer of the lifecycle's verbs that hand over responsibility. */
export const permitSigner: PermitSigner = {
  sign: (run, command: SignedPermitCommand) =>
    command === 'approve' ? signNextStage(run) : signPermitVerb(run, run.state.record, command),
  invalidateChanged: invalidateChangedApprovals,
};
