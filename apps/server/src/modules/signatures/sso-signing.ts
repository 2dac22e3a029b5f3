import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  signingRefusals,
  ssoSigningMinutes,
  type SignatureMethod,
  type SignatureVerb,
  type SsoSigningRefusalCode,
} from '@hasp/contracts';
import type { Connection } from '../../db/connections';
import type { Database } from '../../db/schema';
import type { RequestContext } from '../../platform/request-context';
import { AppError } from '../../plugins/app-error';
import { insertAuthEvent } from '../auth';
import { findPermit, permitContentHash } from '../permits';
import {
  SAML_CLOCK_SKEW_MS,
  SamlRefusal,
  checkForcedLogin,
  forcedLoginUrl,
  registerSamlRelayHandler,
  relayStateFor,
} from '../sso';
import { approvalProgress } from './signature.guards';
import { rateLimitWait, recordRefusal, type RefusalReason } from './signature-refusals';

/**
 * Signing by a single sign-on user (decision 0059): the button starts a signing intent bound to the
 * user, the permit, its revision, the stage and the content hash, and sends the browser to the
 * identity provider with ForceAuthn and the intent's own AuthnRequest ID. The ACS hands the answer
 * here: it must answer that request, name the same user and report a sign-in after the request
 * (not an old session). The browser then comes back to the permit and gives the approve command
 * with the intent's token, which uses the intent up: the signature is recorded by the same command
 * as a password's.
 */

const PREFIX = 'sign:';
const ttlMs = ssoSigningMinutes * 60_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

type SignerRow = { is_active_directory_user: boolean; password_hash: string | null };

/** How a user proves it is them at signing: the local password, the directory, or the identity provider. */
export const signingMethodOf = (user: SignerRow): SignatureMethod =>
  user.is_active_directory_user ? 'directory' : user.password_hash ? 'password' : 'sso';

/** The web's way back to the permit after the identity provider. */
const permitPage = (permitId: number, query: Record<string, string>) =>
  `/Permit/Edit/${permitId}?${new URLSearchParams(query).toString()}`;

/**
 * Starts signing a verb on the permit at the identity provider: refused unless the actor signs with
 * single sign-on, passes `mayStart` (the verb's permission on the permit's type), the rate limit
 * allows, and, for an approval, the permit is Requested. Whether the verb applies is the command's
 * to say when the signature comes back. Resolves with the identity provider's sign-in URL.
 */
export async function startSsoSigning(
  ctx: RequestContext,
  permitId: number,
  verb: SignatureVerb,
  mayStart: (code: string) => Promise<void>,
): Promise<string> {
  const { db } = ctx.connection;
  const { actor, now } = ctx;
  const permit = await findPermit(db, actor.facilityId, permitId);
  if (!permit) throw AppError.notFound('Permit');
  await mayStart(permit.permitType.code);
  const user = await db
    .selectFrom('users')
    .select(['is_active_directory_user', 'password_hash', 'locked_at'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  if (signingMethodOf(user) !== 'sso') throw new AppError('CONFLICT', 409, signingRefusals.ssoNotSsoUser);
  if (verb === 'approve' && permit.status !== 'requested') {
    throw new AppError('CONFLICT', 409, `Permit ${permit.number} is not Requested: there is nothing to sign.`);
  }
  const wait = await rateLimitWait(db, actor.userId, now);
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', 429, signingRefusals.ssoRateLimited(wait), undefined, {
      'retry-after': String(wait * 60),
    });
  }
  const progress = verb === 'approve' ? await approvalProgress(db, actor.facilityId, permit) : null;
  const token = randomBytes(24).toString('base64url');
  const requestId = `_sign${randomUUID().replace(/-/g, '')}`;
  let url: string;
  try {
    url = await forcedLoginUrl(ctx.connection, requestId, relayStateFor(PREFIX, token, ctx.connection));
  } catch (error) {
    if (error instanceof SamlRefusal) throw new AppError('CONFLICT', 409, signingRefusals.ssoOff);
    throw error;
  }
  await db
    .deleteFrom('signature_intents')
    .where('expires_at', '<=', new Date(now.getTime() - ttlMs))
    .execute();
  await db
    .insertInto('signature_intents')
    .values({
      token_hash: hashOf(token),
      facility_id: actor.facilityId,
      user_id: actor.userId,
      permit_id: permit.ID,
      permit_revision: permit.revision,
      verb,
      // No stage configured for the level: the plain stage, numbered after the signatures so far.
      stage_position: progress ? (progress.nextStage?.position ?? progress.signerIds.length + 1) : null,
      content_hash: progress ? progress.contentHash : await permitContentHash(db, permit),
      request_id: requestId,
      created_at: now,
      expires_at: new Date(now.getTime() + ttlMs),
    })
    .execute();
  return url;
}

type IntentRow = Awaited<ReturnType<typeof findIntent>>;

const findIntent = (db: Kysely<Database>, token: string) =>
  db
    .selectFrom('signature_intents')
    .innerJoin('permits', 'permits.id', 'signature_intents.permit_id')
    .innerJoin('users', 'users.id', 'signature_intents.user_id')
    .select([
      'signature_intents.id',
      'signature_intents.facility_id',
      'signature_intents.user_id',
      'signature_intents.permit_id',
      'signature_intents.permit_revision',
      'signature_intents.verb',
      'signature_intents.stage_position',
      'signature_intents.content_hash',
      'signature_intents.request_id',
      'signature_intents.created_at',
      'signature_intents.expires_at',
      'signature_intents.authenticated_at',
      'signature_intents.authn_instant',
      'signature_intents.idp_issuer',
      'signature_intents.refused_at',
      'signature_intents.used_at',
      'permits.number',
      'users.user_name',
    ])
    .where('signature_intents.token_hash', '=', hashOf(token))
    .executeTakeFirst();

const codeOf: Record<
  Exclude<RefusalReason, 'wrong password' | 'too many wrong passwords' | 'permit changed' | 'sealed signature refused'>,
  SsoSigningRefusalCode
> = {
  'identity provider refused': 'failed',
  'signed in as another user': 'other-user',
  'not a fresh sign-in': 'not-fresh',
  'signing expired': 'expired',
  replayed: 'replayed',
};

/**
 * The identity provider's answer to a signing's forced login (the ACS calls this for RelayState
 * `sign:…`). Refusals (another user, an old sign-in, an expired or already answered intent, a
 * response that does not pass the sign-in checks) are audited and count toward the signing rate
 * limit like a wrong password; the browser goes back to the permit either way.
 */
async function acceptSigningAnswer(
  connection: Connection,
  samlResponse: string,
  token: string,
  client: { ip: string },
  now: Date,
): Promise<string> {
  const { db } = connection;
  const intent = await findIntent(db, token);
  // No such signing (a made-up or long-purged token): nothing to charge it to and no permit to go
  // back to; the auth log keeps it, as it keeps a refused sign-in.
  if (!intent) {
    await insertAuthEvent(db, { kind: 'sso_failed', ip: client.ip, detail: 'signing: unknown signing token' });
    return '/';
  }
  const refuse = async (reason: keyof typeof codeOf, detail?: string) => {
    // An intent answered once stays answered: a refusal never reopens or closes it twice.
    await db
      .updateTable('signature_intents')
      .set({ refused_at: now })
      .where('id', '=', intent.id)
      .where('refused_at', 'is', null)
      .where('authenticated_at', 'is', null)
      .execute();
    await recordRefusal(db, {
      userId: intent.user_id,
      facilityId: intent.facility_id,
      permit: { ID: intent.permit_id, number: intent.number, revision: intent.permit_revision },
      stageName: await stageNameOf(db, intent),
      reason,
      detail,
      address: client.ip,
      deviceId: null,
      requestId: null,
      at: now,
    });
    return permitPage(intent.permit_id, { signingRefused: codeOf[reason] });
  };
  if (intent.authenticated_at || intent.refused_at || intent.used_at) return refuse('replayed');
  if (intent.expires_at.getTime() <= now.getTime()) return refuse('signing expired');
  let login;
  try {
    login = await checkForcedLogin(connection, samlResponse, now);
  } catch (error) {
    if (!(error instanceof SamlRefusal)) throw error;
    return refuse(/replay/.test(error.message) ? 'replayed' : 'identity provider refused', error.message);
  }
  // Answering another request (a sign-in's, or another signing's) is not answering this one.
  if (login.inResponseTo !== intent.request_id) return refuse('identity provider refused', 'answers another request');
  if (login.userName.toLowerCase() !== intent.user_name.toLowerCase()) {
    return refuse('signed in as another user', `the identity provider named "${login.userName.slice(0, 200)}"`);
  }
  // ForceAuthn: the sign-in must be this one, not an earlier session the identity provider kept.
  if (!login.authnInstant || login.authnInstant.getTime() < intent.created_at.getTime() - SAML_CLOCK_SKEW_MS) {
    return refuse('not a fresh sign-in', `AuthnInstant ${login.authnInstant?.toISOString() ?? 'missing'}`);
  }
  const marked = await db
    .updateTable('signature_intents')
    .set({ authenticated_at: now, authn_instant: login.authnInstant, idp_issuer: login.issuer })
    .where('id', '=', intent.id)
    .where('authenticated_at', 'is', null)
    .where('refused_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!marked) return refuse('replayed');
  // The permit page gives the signed verb's command with the token (an approval's is the default).
  return permitPage(
    intent.permit_id,
    intent.verb === 'approve' ? { signing: token } : { signing: token, signingVerb: intent.verb },
  );
}

async function stageNameOf(db: Kysely<Database>, intent: NonNullable<IntentRow>): Promise<string> {
  if (intent.verb !== 'approve') return intent.verb;
  const permit = await findPermit(db, intent.facility_id, intent.permit_id);
  if (!permit) return '';
  const progress = await approvalProgress(db, intent.facility_id, permit);
  return progress.stages.find((s) => s.position === intent.stage_position)?.name ?? 'Approval';
}

/** What the signature records of a re-authentication at the identity provider. */
export interface SsoReauthentication {
  issuer: string;
  authnInstant: Date;
}

/**
 * Uses up the signing intent the signed command was given (in the command's transaction): it must
 * be the actor's, for this permit, verb, revision, stage (approvals) and content, answered by the
 * identity provider, unused and unexpired. A refusal throws after recording it (like a wrong password).
 */
export async function useSsoSigning(
  ctx: RequestContext,
  token: string | undefined,
  permit: { ID: number; number: string; revision: number },
  stage: { verb: SignatureVerb; position: number | null; name: string },
  contentHash: string,
  trx: Kysely<Database>,
): Promise<SsoReauthentication> {
  if (!token) {
    throw new AppError('VALIDATION_FAILED', 422, signingRefusals.ssoRequired, [
      { field: 'signingIntent', message: signingRefusals.ssoRequired },
    ]);
  }
  const intent = await findIntent(trx, token);
  const refuse = async (reason: RefusalReason, message: string) => {
    await recordRefusal(ctx.connection.db, {
      userId: ctx.actor.userId,
      facilityId: ctx.actor.facilityId,
      permit,
      stageName: stage.name,
      reason,
      address: ctx.address || null,
      deviceId: ctx.actor.deviceId,
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return new AppError('VALIDATION_FAILED', 422, message, [{ field: 'signingIntent', message }]);
  };
  if (
    !intent ||
    intent.user_id !== ctx.actor.userId ||
    intent.facility_id !== ctx.actor.facilityId ||
    intent.permit_id !== permit.ID ||
    // Signed in again to issue is not signing in again to accept, nor to remove a lock.
    intent.verb !== stage.verb
  ) {
    throw await refuse('identity provider refused', signingRefusals.ssoFailed);
  }
  if (intent.used_at) throw await refuse('replayed', signingRefusals.ssoReplayed);
  if (!intent.authenticated_at || !intent.authn_instant)
    throw await refuse('identity provider refused', signingRefusals.ssoFailed);
  if (intent.expires_at.getTime() <= ctx.now.getTime())
    throw await refuse('signing expired', signingRefusals.ssoExpired);
  if (
    intent.permit_revision !== permit.revision ||
    intent.stage_position !== stage.position ||
    intent.content_hash !== contentHash
  ) {
    throw await refuse('permit changed', signingRefusals.ssoPermitChanged);
  }
  const used = await trx
    .updateTable('signature_intents')
    .set({ used_at: ctx.now })
    .where('id', '=', intent.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw await refuse('replayed', signingRefusals.ssoReplayed);
  return { issuer: intent.idp_issuer ?? '', authnInstant: intent.authn_instant };
}

/** The ACS hands RelayState `sign:…` answers here (with the app's clock). */
export function registerSsoSigning(now: () => Date): void {
  registerSamlRelayHandler({
    prefix: PREFIX,
    accept: ({ connection, samlResponse, key, client }) =>
      acceptSigningAnswer(connection, samlResponse, key, client, now()),
  });
}
