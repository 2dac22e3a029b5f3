import {
  freeLockStatus,
  lockWhereCaptions,
  say,
  lockApplyRefusal,
  lockFactsOf,
  lockPointRefusal,
  lockRemoveRefusal,
  permitPermission,
  pointLockCountRefusal,
  type IsolationPlan,
  type Lock,
  type LockApplication,
  type OfflinePermit,
  type PlanPoint,
  type Tag,
} from '@hasp/contracts';
import {
  finishPlan,
  localAlias,
  refuse,
  type LocalActor,
  type LocalOutcome,
  type OfflineApplier,
} from '../../lib/offline-apply';

/**
 * Locking out offline (decision 0064): a lock applied at a plan point or removed from it on the
 * device's copy of the permit, by the same rules the server decides with (contracts `lockApplyRefusal`,
 * `lockPointRefusal`, `lockRemoveRefusal`). A lock applied here has no server id yet: it gets a local
 * id (`local:<uuid>`, queued in the command's `localId`) and the page a negative alias of it, so a
 * remove queued later names it and the server maps it at sync. The server still decides at sync.
 */

/** A lock on a point as the stored plan keeps it: a lock applied on this device also keeps its local id. */
export type StoredPointLock = PlanPoint['locks'][number] & { localId?: string };

export type LockOutcome =
  | Extract<LocalOutcome, { ok: false }>
  | (Extract<LocalOutcome, { ok: true }> & {
      /** What the outbox sends (the REST body, with the local ids the server maps). */
      input: Record<string, unknown>;
      /** The device's applicable locks with the lock's new status. */
      locks: Lock[];
    });

const me = (actor: LocalActor) => ({ ID: actor.userId, displayName: actor.displayName });

function planOf(data: OfflinePermit): IsolationPlan | undefined {
  return data.sections['isolation-plan'] as IsolationPlan | undefined;
}

function withPoints(data: OfflinePermit, plan: IsolationPlan, points: PlanPoint[], actor: LocalActor): OfflinePermit {
  const next = finishPlan({ ...plan, points }, actor, data.permit.permitType.code);
  return { ...data, sections: { ...data.sections, 'isolation-plan': next } };
}

/** Whoever may see the permit applies their own lock and removes it (the server's policy: permit:view:<CODE>). */
const mayLock = (data: OfflinePermit, actor: LocalActor) =>
  actor.permissions.has(permitPermission('view', data.permit.permitType.code));

/**
 * The locks the user may apply on this permit now, from the device's list: their own, or pool locks
 * assigned to this permit (the list carries the pool locks of every open permit, each naming its
 * permit); not in use, and not on a point of this plan (a lock applied here before the list was
 * downloaded again).
 */
export function applicableLocksOffline(data: OfflinePermit, locks: Lock[]): Lock[] {
  const onPlan = new Set(planOf(data)?.points.flatMap((p) => p.locks.map((l) => l.lockId)) ?? []);
  return locks.filter(
    (l) => l.status !== 'in_use' && !onPlan.has(l.ID) && (l.owner !== null || l.assignedPermit?.ID === data.permit.ID),
  );
}

/**
 * The point's tags once a lock goes on: its first tag waiting to be hung (planned or printed) is
 * hung with the lock, as the server's lock.apply does, when none is hung there yet.
 */
function hangWaitingTag(tags: PlanPoint['tags'], actor: LocalActor, lockSerial: string): PlanPoint['tags'] {
  if (tags.some((t) => t.state === 'applied' || t.state === 'verified')) return tags;
  const waiting = tags.find((t) => t.state === 'planned' || t.state === 'printed');
  return tags.map((t) => (t === waiting ? { ...t, state: 'applied' as const, appliedBy: me(actor), lockSerial } : t));
}

/** Applies one of the user's locks at a plan point, or the rules' refusal. */
export function applyLockOffline(
  data: OfflinePermit,
  input: { lockId: number; planPointId: number; secondLock?: boolean },
  actor: LocalActor,
  locks: Lock[],
  now: Date,
  localUuid: string,
): LockOutcome {
  if (!mayLock(data, actor)) return refuse(403, 'You may not apply locks on this permit.');
  const plan = planOf(data);
  if (!plan) return refuse(409, 'The isolation plan is not stored on this device: go online to apply a lock.');
  const point = plan.points.find((p) => p.ID === input.planPointId);
  if (!point) return refuse(404, 'Plan point not found');
  const lock = locks.find((l) => l.ID === input.lockId);
  if (!lock)
    return refuse(
      409,
      'This lock is not among the locks stored on this device for you: apply it when you are back online.',
    );
  const heldHere = plan.points.find((p) => p.locks.some((l) => l.lockId === lock.ID));
  const status = heldHere ? 'in_use' : lock.status;
  const where = heldHere
    ? say(lockWhereCaptions.atPoint, { number: data.permit.number, point: heldHere.code })
    : say(lockWhereCaptions.anotherPermit);
  const refusal =
    lockApplyRefusal({ ...lockFactsOf(lock), status }, actor.userId, { id: data.permit.ID }, where) ??
    lockPointRefusal(lock.serial, point);
  if (refusal) return refuse(409, refusal.message, refusal.said);
  const mine = point.locks.filter((l) => l.appliedBy.ID === actor.userId).map((l) => l.serial);
  const tooMany = pointLockCountRefusal(point, mine, lock.serial, input.secondLock);
  if (tooMany) return refuse(409, tooMany.message, tooMany.said);

  const localId = `local:${localUuid}`;
  const appliedAt = now.toISOString();
  const entry: StoredPointLock = {
    applicationId: localAlias(localUuid),
    lockId: lock.ID,
    serial: lock.serial,
    appliedBy: me(actor),
    appliedAt,
    localId,
  };
  const points = plan.points.map((p) =>
    p.ID === point.ID ? { ...p, locks: [...p.locks, entry], tags: hangWaitingTag(p.tags, actor, lock.serial) } : p,
  );
  const answer: LockApplication = {
    ID: entry.applicationId,
    permitId: data.permit.ID,
    planPointId: point.ID,
    lockboxId: null,
    lock: { ID: lock.ID, serial: lock.serial, kind: lock.kind, status: 'in_use' },
    appliedBy: me(actor),
    appliedAt,
    removedAt: null,
    removal: null,
  };
  const next = withPoints(data, plan, points, actor);
  // The Tags section shows the hung tag too (the server's numbers, its tag ID, stay).
  const hung = points.find((p) => p.ID === point.ID)!.tags.find((t, i) => t !== point.tags[i]);
  const tags = data.sections.tags as Tag[] | undefined;
  if (hung && tags)
    next.sections = {
      ...next.sections,
      tags: tags.map((t) => (t.ID === hung.ID ? { ...t, state: 'applied', appliedBy: me(actor), appliedAt } : t)),
    };
  return {
    ok: true,
    data: next,
    answer,
    appliedHere: true,
    // The confirmation of a second lock goes with it: the server asks the same at sync.
    input: { lockId: lock.ID, planPointId: point.ID, localId, ...(input.secondLock ? { secondLock: true } : {}) },
    locks: locks.map((l) => (l.ID === lock.ID ? { ...l, status: 'in_use' } : l)),
  };
}

/** Removes a lock from its plan point (only its applier), or the rules' refusal. */
export function removeLockOffline(
  data: OfflinePermit,
  input: { applicationId: number },
  actor: LocalActor,
  locks: Lock[],
  now: Date,
): LockOutcome {
  if (!mayLock(data, actor)) return refuse(403, 'You may not remove locks on this permit.');
  const plan = planOf(data);
  if (!plan) return refuse(409, 'The isolation plan is not stored on this device: go online to remove a lock.');
  const point = plan.points.find((p) => p.locks.some((l) => l.applicationId === input.applicationId));
  const entry: StoredPointLock | undefined = point?.locks.find((l) => l.applicationId === input.applicationId);
  if (!point || !entry) return refuse(404, 'Lock application not found');
  const refusal = lockRemoveRefusal(
    { serial: entry.serial, removed: false, appliedBy: entry.appliedBy.ID, applierName: entry.appliedBy.displayName },
    actor.userId,
    'removed',
  );
  if (refusal) return refuse(refusal.status, refusal.message, refusal.said);

  const points = plan.points.map((p) =>
    p.ID === point.ID ? { ...p, locks: p.locks.filter((l) => l.applicationId !== entry.applicationId) } : p,
  );
  const known = locks.find((l) => l.ID === entry.lockId);
  const status = known ? freeLockStatus(known.owner?.ID ?? null) : 'available';
  const answer: LockApplication = {
    ID: entry.applicationId,
    permitId: data.permit.ID,
    planPointId: point.ID,
    lockboxId: null,
    lock: { ID: entry.lockId, serial: entry.serial, kind: known?.kind ?? 'padlock', status },
    appliedBy: entry.appliedBy,
    appliedAt: entry.appliedAt,
    removedAt: now.toISOString(),
    removal: 'removed',
  };
  return {
    ok: true,
    data: withPoints(data, plan, points, actor),
    answer,
    appliedHere: true,
    // A lock applied on this device is named by its local id: the server maps it at sync.
    input: { applicationId: entry.localId ?? entry.applicationId },
    locks: locks.map((l) => (l.ID === entry.lockId ? { ...l, status } : l)),
  };
}

/** A lock applied at a plan point or removed offline; the device's lock list follows. */
export const lockOfflineApplier: OfflineApplier = {
  domain: 'lock',
  // The lock picker: the user's applicable locks as downloaded, less those applied on this device.
  reads: { 'locks/applicable': async (data, device) => applicableLocksOffline(data, await device.locks()) },
  async apply(data, call, device) {
    const locks = await device.locks();
    return call.verb === 'apply'
      ? applyLockOffline(
          data,
          call.body as { lockId: number; planPointId: number; secondLock?: boolean },
          device.actor,
          locks,
          device.now,
          device.newId(),
        )
      : removeLockOffline(data, call.body as { applicationId: number }, device.actor, locks, device.now);
  },
};
