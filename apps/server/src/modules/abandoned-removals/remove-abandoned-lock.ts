import { appliedTagStates, type AbandonedRemoval, type AbandonedRemovalInput } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand } from '../../platform';
import { removeLock } from '../locks';
import { findPermit } from '../permits';
import { signPermitVerb } from '../signatures';
import { removeTagAbandoned } from '../tags';
import {
  findAbandonedRemoval,
  insertAbandonedRemoval,
  lockOpenLockApplication,
  lockTag,
} from './abandoned-removal.repository';
import { abandonedRemovalsPolicy, removalPermitTarget, type RemovalPermitState } from './abandoned-removals.policy';

/** What `abandoned-removal.record` tells its consumers (the applier's in-app notification). */
export interface AbandonedRemovalEventPayload {
  [key: string]: unknown;
  removalId: number;
  permitId: number;
  number: string;
  title: string;
  applierId: number;
  supervisorId: number;
  lockSerial: string | null;
  tagNumber: string | null;
}

const conflict = (field: string, message: string) => new AppError('CONFLICT', 409, message, [{ field, message }]);
const invalid = (field: string, message: string) => AppError.validation([{ field, message }]);

/** Attempts are in the past: a clock a few minutes ahead (a phone) is tolerated, a day ahead is a typing error. */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * OSHA 1910.147 (e)(3): a supervisor removes a lock and/or tag whose applier is away. On the
 * locked permit, then the lock (locks row) and the tag: both still on, applied by one person who is
 * not the supervisor (their own is an ordinary removal), the tag on the same point or lock as the
 * lock. Removes them through the locks and tags modules (marked abandoned), records the removal
 * with the attempts to reach the applier, and the event that notifies them. The supervisor signs
 * it (password again, or the identity provider's forced login): removing someone else's lock takes
 * over responsibility for that energy isolation.
 */
export const recordAbandonedRemoval = defineCommand<AbandonedRemovalInput, RemovalPermitState, AbandonedRemoval>({
  name: 'abandoned-removal.record',
  target: removalPermitTarget,
  policy: abandonedRemovalsPolicy['abandoned-removal.record'],
  // The signing password never reaches the idempotency table; its keyed hash tells two passwords apart.
  fingerprint: ({ password: _password, ...rest }) => rest,
  secretFingerprint: ({ password }) => (password === undefined ? undefined : { password }),
  async apply(run) {
    const { trx, ctx, input, state: permit } = run;
    const { facilityId, userId } = ctx.actor;
    const now = ctx.now;
    for (const [index, attempt] of input.attempts.entries()) {
      if (Date.parse(attempt.at) > now.getTime() + FUTURE_SLACK_MS) {
        throw invalid(`attempts.${index}.at`, 'An attempt to reach them cannot be in the future');
      }
    }

    const application =
      input.lockApplicationId != null
        ? await lockOpenLockApplication(trx, facilityId, permit.id, input.lockApplicationId)
        : null;
    if (input.lockApplicationId != null && !application) {
      throw conflict('lockApplicationId', 'This lock is no longer applied on this permit');
    }
    const tag = input.tagId != null ? await lockTag(trx, facilityId, permit.id, input.tagId) : null;
    if (input.tagId != null && (!tag || !appliedTagStates.includes(tag.state) || tag.appliedBy === null)) {
      throw conflict('tagId', 'This tag is no longer applied on this permit');
    }
    if (application && tag) {
      const samePlace =
        tag.lockApplicationId === application.id ||
        (tag.planPointId !== null && tag.planPointId === application.planPointId);
      if (!samePlace)
        throw invalid('tagId', `Tag ${tag.number} is not on the same point as lock ${application.lockSerial}`);
      if (tag.appliedBy !== application.appliedBy) {
        throw invalid(
          'tagId',
          `Lock ${application.lockSerial} and tag ${tag.number} were applied by different people: remove them one at a time`,
        );
      }
    }
    const applierId = application?.appliedBy ?? tag!.appliedBy!;
    if (applierId === userId) {
      throw invalid(
        application ? 'lockApplicationId' : 'tagId',
        'You applied it yourself: remove it the ordinary way, not as an abandoned lock or tag',
      );
    }

    // Signed before anything is removed; a wrong password refuses the whole removal.
    await signPermitVerb(run, (await findPermit(trx, facilityId, permit.id))!, 'abandoned-removal');

    const removedLock = application
      ? await removeLock(trx, { facilityId, applicationId: application.id, userId, at: now, removal: 'abandoned' })
      : null;
    if (tag) await removeTagAbandoned(trx, { facilityId, tagId: tag.id, userId, at: now });

    const id = await insertAbandonedRemoval(trx, {
      facilityId,
      permitId: permit.id,
      lockApplicationId: application?.id ?? null,
      tagId: tag?.id ?? null,
      applierId,
      supervisorId: userId,
      attempts: input.attempts,
      reason: input.reason,
      removedAt: now,
    });
    const removal = (await findAbandonedRemoval(trx, facilityId, id))!;
    run.audit({
      action: 'abandoned-removal.record',
      entityType: 'abandoned-removal',
      entityId: id,
      before: null,
      after: { ...removal, lockStatus: removedLock?.status ?? null },
      reason: input.reason,
    });
    const payload: AbandonedRemovalEventPayload = {
      removalId: id,
      permitId: permit.id,
      number: permit.number,
      title: permit.title,
      applierId,
      supervisorId: userId,
      lockSerial: application?.lockSerial ?? null,
      tagNumber: tag?.number ?? null,
    };
    run.event({ name: 'abandoned-removal.record', entityType: 'abandoned-removal', entityId: id, payload });
    return removal;
  },
});
