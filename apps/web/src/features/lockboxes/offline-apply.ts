import {
  allowedLockboxCommands,
  freeLockStatus,
  lockboxCommandInputSchemas,
  lockboxRefusal,
  signedOnMembers,
  type Lock,
  type LockboxCommand,
  type LockboxMember,
  type LockboxRuleState,
  type LockboxView,
  type OfflinePermit,
} from '@hasp/contracts';
import { localAlias, refuse, type LocalActor, type LocalOutcome, type OfflineApplier } from '../../lib/offline-apply';

/**
 * The group lockbox offline (decision 0067): a crew member signs on with their lock, or off; the
 * primary authorized employee records the keys or releases the box — on the device's copy of the
 * crew section, by the rules the server decides with (contracts `lockboxRefusal`,
 * `allowedLockboxCommands`). A sign-on makes a lock application with no server id yet: it gets a
 * local id (queued in the input's `localId`, as a lock applied at a point, decision 0064) and the page
 * a negative alias, so a sign-off queued later names it and the server maps it at sync. Opening a
 * lockbox numbers it and checks the primary's permissions on the server: it needs the network.
 */

/** A crew member as the stored section keeps them: a sign-on made on this device also keeps its local id. */
export type StoredMember = LockboxMember & { localId?: string };

export type LockboxOutcome =
  | Extract<LocalOutcome, { ok: false }>
  | (Extract<LocalOutcome, { ok: true }> & {
      /** What the outbox sends (the REST body, with the local ids the server maps). */
      input: Record<string, unknown>;
      /** The device's applicable locks with the lock's new status (undefined: unchanged). */
      locks?: Lock[];
    });

/** The rules' view of the stored section. */
function ruleState(data: OfflinePermit, view: LockboxView, actor: LocalActor): LockboxRuleState {
  const box = view.lockbox;
  return {
    permit: {
      typeCode: data.permit.permitType.code,
      sections: data.permit.permitType.sections,
      status: data.permit.status,
    },
    lockbox: box ?? undefined,
    members: box ? [...box.members, ...box.past] : [],
    permissions: actor.permissions,
  };
}

const me = (actor: LocalActor) => ({ ID: actor.userId, displayName: actor.displayName });

/** The section as the server would answer it now: who is on, the buttons, why the big one cannot be pressed. */
function finish(view: LockboxView, data: OfflinePermit, actor: LocalActor): LockboxView {
  const state = ruleState(data, view, actor);
  const allowed = allowedLockboxCommands(state, actor.userId).filter((c) => c !== 'open');
  const mySignOn = signedOnMembers(state).find((x) => x.user.ID === actor.userId) ?? null;
  const mine = mySignOn ? 'sign-off' : 'sign-on';
  const open = view.lockbox && !view.lockbox.releasedAt;
  const refusal = open && !allowed.includes(mine) ? lockboxRefusal(state, actor.userId, mine) : null;
  return { ...view, mySignOn, allowed, blocked: refusal?.message ?? null, blockedSaid: refusal?.said ?? null };
}

/** The crew section of the stored permit, with what this user may do on it offline (opening needs the network). */
export function lockboxViewOffline(data: OfflinePermit, actor: LocalActor): LockboxView | undefined {
  const view = data.sections['crew-sign-on'] as LockboxView | undefined;
  return view && finish(view, data, actor);
}

/** One lockbox command applied to the stored crew section, or the rules' refusal. */
export function lockboxCommandOffline(
  data: OfflinePermit,
  verb: LockboxCommand,
  body: unknown,
  actor: LocalActor,
  locks: Lock[],
  now: Date,
  localUuid: string,
): LockboxOutcome {
  const view = data.sections['crew-sign-on'] as LockboxView | undefined;
  if (!view) return refuse(409, 'The crew list is not stored on this device: sign on when you are back online.');
  if (verb === 'open')
    return refuse(
      409,
      'Opening a lockbox needs the network: the server numbers it and checks the primary authorized employee. Open it when you are back online.',
    );
  if (verb === 'sign-on') {
    const parsed = lockboxCommandInputSchemas[verb].safeParse(body);
    if (!parsed.success) return refuse(422, parsed.error.issues[0]?.message ?? 'The change is not valid.');
  }
  // A sign-on made here has the page's negative alias, not a server id (the route's schema would refuse it).
  if (verb === 'sign-off' && !Number.isInteger((body as { applicationId?: unknown } | null)?.applicationId))
    return refuse(422, 'applicationId: the lock application to sign off');
  const input = (body ?? {}) as { lockId?: number; applicationId?: number };
  const state = ruleState(data, view, actor);
  const refusal = lockboxRefusal(state, actor.userId, verb, input);
  if (refusal) return refuse(refusal.status, refusal.message);
  const box = view.lockbox!;
  const at = now.toISOString();
  let next: LockboxView = view;
  let sent: Record<string, unknown> = { ...input };
  let nextLocks: Lock[] | undefined;
  switch (verb) {
    case 'deposit-keys':
      next = { ...view, lockbox: { ...box, keysDepositedAt: at, keysDepositedBy: me(actor) } };
      break;
    case 'release':
      next = { ...view, lockbox: { ...box, releasedAt: at, releasedBy: me(actor), members: [] } };
      break;
    case 'sign-on': {
      const lock = view.myLocks.find((l) => l.ID === input.lockId);
      const known = locks.find((l) => l.ID === input.lockId);
      if (!lock)
        return refuse(
          409,
          'This lock is not among the locks stored on this device for you: sign on with it when you are back online.',
        );
      if (known?.status === 'in_use') return refuse(409, `Lock ${lock.serial} is in use on another point or permit.`);
      const localId = `local:${localUuid}`;
      // The tag a type asks for on the personal lock is numbered by the server: it shows after sync.
      const member: StoredMember = {
        applicationId: localAlias(localUuid),
        user: me(actor),
        lock,
        signedOnAt: at,
        signedOffAt: null,
        removal: null,
        tag: null,
        localId,
      };
      next = {
        ...view,
        lockbox: { ...box, members: [...box.members, member] },
        myLocks: view.myLocks.filter((l) => l.ID !== lock.ID),
      };
      sent = { lockId: lock.ID, localId };
      if (known) nextLocks = locks.map((l) => (l.ID === lock.ID ? { ...l, status: 'in_use' as const } : l));
      break;
    }
    case 'sign-off': {
      const member = box.members.find((x) => x.applicationId === input.applicationId) as StoredMember;
      const off: StoredMember = { ...member, signedOffAt: at, removal: 'removed' };
      next = {
        ...view,
        lockbox: {
          ...box,
          members: box.members.filter((x) => x !== member),
          past: [off, ...box.past],
        },
        // The lock is free again: offered for the next sign-on.
        myLocks: [...view.myLocks, member.lock],
      };
      // A sign-on made on this device is named by its local id: the server maps it at sync.
      sent = { applicationId: member.localId ?? member.applicationId };
      const known = locks.find((l) => l.ID === member.lock.ID);
      if (known)
        nextLocks = locks.map((l) =>
          l.ID === known.ID ? { ...l, status: freeLockStatus(known.owner?.ID ?? null) } : l,
        );
      break;
    }
  }
  const answer = finish(next, data, actor);
  return {
    ok: true,
    data: { ...data, sections: { ...data.sections, 'crew-sign-on': answer } },
    answer,
    appliedHere: true,
    input: sent,
    ...(nextLocks && { locks: nextLocks }),
  };
}

/** The crew's sign-on and sign-off, the primary's keys and release, offline. */
export const lockboxOfflineApplier: OfflineApplier = {
  domain: 'lockbox',
  // The crew section: its buttons by the lockbox's rules for this user (opening needs the network).
  reads: { lockbox: (data, device) => lockboxViewOffline(data, device.actor) },
  async apply(data, call, device) {
    const locks = await device.locks();
    return lockboxCommandOffline(
      data,
      call.verb as LockboxCommand,
      call.body,
      device.actor,
      locks,
      device.now,
      device.newId(),
    );
  },
};
