import { lockboxCommands, type LockboxCommand, type Said } from '@hasp/contracts';
import { actorPermissions, type CommandTarget, type PolicyRule } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { findLatestLockbox, findLockboxPermit, listLockboxMembers } from './lockbox.repository';
import { lockboxRefusal, type LockboxState } from './lockbox-rules';

/**
 * The permit a lockbox command concerns, locked FOR UPDATE (step 1 of the LOTO lock order): every
 * lockbox command and every other module's change to a lock application on the lockbox ((e)(3)
 * removal) locks the permit first, so the lockbox and its sign-ons read here stay as read until
 * commit. Locks are locked next (applyLock/removeLock), the lockbox row last (its version).
 * Another facility's permit is "not found".
 */
export const lockboxTarget: CommandTarget<LockboxState> = {
  noun: 'Permit',
  staleMessage: 'Someone changed this lockbox while you were looking at it. Reload the crew list and try again.',
  async lock(trx, actor, permitId) {
    const permit = await findLockboxPermit(trx, actor.facilityId, permitId, { lock: true });
    if (!permit) return undefined;
    const [lockbox, permissions] = await Promise.all([
      findLatestLockbox(trx, actor.facilityId, permitId),
      actorPermissions(trx, actor),
    ]);
    const members = lockbox ? await listLockboxMembers(trx, actor.facilityId, lockbox.id) : [];
    return { version: lockbox?.version ?? 0, permit, lockbox, members, permissions };
  },
  // Each use case wrote the lockbox once (updateLockbox, or the insert of the next version).
  bump: async (_trx, _id, state) => state.version + 1,
};

const codes = { 403: 'FORBIDDEN', 409: 'CONFLICT', 422: 'VALIDATION_FAILED' } as const;

/** A refusal as the API answers it. */
export function lockboxError(refusal: { status: 403 | 409 | 422; message: string; said?: Said }): AppError {
  return new AppError(codes[refusal.status], refusal.status, refusal.message, undefined, undefined, refusal.said);
}

/**
 * Who may do what to a lockbox: the rules depend on the permit's type (permit:view / permit:issue
 * of its code), its status and the person (primary authorized employee, the member themselves),
 * so no permission is asked up front and the rule table (lockbox-rules.ts) refuses.
 */
export const lockboxesPolicy = Object.fromEntries(
  lockboxCommands.map((command): [LockboxCommand, PolicyRule<LockboxState, unknown>] => [
    command,
    {
      permissions: [],
      refuse: (state, actor, input) => {
        const refusal = lockboxRefusal(state, actor.userId, command, input as { applicationId?: number });
        return refusal ? lockboxError(refusal) : null;
      },
    },
  ]),
) as Record<LockboxCommand, PolicyRule<LockboxState, unknown>>;
