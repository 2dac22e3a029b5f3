import { signingRefusals } from '@hasp/contracts';
import type { CommandRun } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { verifyPassword } from '../auth';
import { verifyDirectoryPassword } from '../directory';
import type { PermitCommandBody, PermitState } from '../permits';
import { rateLimitWait, recordRefusal, type RefusalReason } from './signature-refusals';
import { signingMethodOf } from './sso-signing';

type Run = CommandRun<PermitCommandBody, PermitState>;

/**
 * What a signing's checks need: the command's transaction and context, and the permit signed on (a
 * permit command's own, or the permit an (e)(3) removal is on, which is not a permit command).
 */
export type SigningCheck = Pick<CommandRun<unknown, unknown>, 'trx' | 'ctx'> & {
  permit: { ID: number; number: string; revision: number };
};

/** The signer as a signature names them, and how they prove it is them. */
export async function signerOf(run: Pick<SigningCheck, 'trx' | 'ctx'>) {
  const user = await run.trx
    .selectFrom('users')
    .select(['id', 'user_name', 'display_name', 'password_hash', 'is_active_directory_user', 'locked_at'])
    .where('id', '=', run.ctx.actor.userId)
    .executeTakeFirstOrThrow();
  return { ...user, method: signingMethodOf(user) };
}
export type Signer = Awaited<ReturnType<typeof signerOf>>;

/** The refusal of the command's actor signing `what` on this permit (audited in its own transaction). */
export const refusalOf = ({ ctx, permit }: SigningCheck, what: string, reason: RefusalReason) =>
  recordRefusal(ctx.connection.db, {
    userId: ctx.actor.userId,
    facilityId: ctx.actor.facilityId,
    permit,
    stageName: what,
    reason,
    address: ctx.address || null,
    deviceId: ctx.actor.deviceId,
    requestId: ctx.requestId,
    at: ctx.now,
  });

/** 5 wrong passwords in 15 minutes refuse every signing for the rest of the window (429, audited). */
export async function assertNotRateLimited(run: SigningCheck, signer: Signer, what: string): Promise<void> {
  const wait = await rateLimitWait(run.trx, run.ctx.actor.userId, run.ctx.now);
  if (wait <= 0) return;
  await refusalOf(run, what, 'too many wrong passwords');
  const message = signer.method === 'sso' ? signingRefusals.ssoRateLimited(wait) : signingRefusals.rateLimited(wait);
  throw new AppError('RATE_LIMITED', 429, message, undefined, { 'retry-after': String(wait * 60) });
}

/**
 * The password typed to sign, checked again: local users against the stored hash, directory users
 * by a bind (never a stored password); a locked account never signs. Wrong: audited, counted toward
 * the rate limit, refused with 422 naming the field (`field`: where the body carried it).
 */
export async function assertPasswordCorrect(
  run: SigningCheck,
  signer: Signer,
  what: string,
  password: string,
  { field, message }: { field: string; message: string },
): Promise<void> {
  const ok =
    !signer.locked_at &&
    (signer.method === 'password'
      ? await verifyPassword(signer.password_hash!, password)
      : await verifyDirectoryPassword(run.ctx.connection.db, signer.user_name, password));
  if (ok) return;
  await refusalOf(run, what, 'wrong password');
  throw new AppError('VALIDATION_FAILED', 422, message, [{ field, message }]);
}

/**
 * Signs something besides an approval stage (a SIMOPS override) with the approval's password check:
 * the same rate limit, refusals and audit. Single sign-on users have no password to type; they are
 * refused with what to do instead.
 */
export async function verifySigningPassword(
  run: Run,
  what: string,
  password: string,
  refusal: { field: string; message: string },
): Promise<{ ID: number; displayName: string }> {
  const check: SigningCheck = { trx: run.trx, ctx: run.ctx, permit: run.state.record };
  const signer = await signerOf(check);
  await assertNotRateLimited(check, signer, what);
  if (signer.method === 'sso') {
    const message = `${what}: you sign in through the identity provider and have no password to sign it with; ask someone who signs with a password.`;
    throw new AppError('VALIDATION_FAILED', 422, message, [{ field: refusal.field, message }]);
  }
  await assertPasswordCorrect(check, signer, what, password, refusal);
  return { ID: signer.id, displayName: signer.display_name };
}
