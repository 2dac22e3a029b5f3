import { signOnLocksFor, type Lockbox, type LockboxView } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { listFreeLockboxDevices, listSignOnLocks } from './lockbox.repository';
import { lockboxCallerView, signedOn, type LockboxState } from './lockbox-rules';

/**
 * The crew section as this person sees it: the lockbox, who is protected right now and who was,
 * their own sign-on, the locks they could sign on with, the commands they may give and, when the
 * big button cannot be pressed, why (the next step first).
 */
export async function lockboxView(
  db: Db,
  state: LockboxState,
  userId: number,
  // The caller's locks and the free devices: the same for every permit of the facility (the
  // offline download reads them once for a page).
  lists = {
    signOnLocks: () => listSignOnLocks(db, state.permit.facilityId, userId),
    freeDevices: () => listFreeLockboxDevices(db, state.permit.facilityId),
  },
): Promise<LockboxView> {
  const { lockbox, permit } = state;
  const now = signedOn(state);
  const view: Lockbox | null = lockbox
    ? {
        ID: lockbox.id,
        number: lockbox.number,
        device: lockbox.device,
        primary: lockbox.primary,
        keysDepositedAt: lockbox.keysDepositedAt?.toISOString() ?? null,
        keysDepositedBy: lockbox.keysDepositedBy,
        openedAt: lockbox.openedAt.toISOString(),
        releasedAt: lockbox.releasedAt?.toISOString() ?? null,
        releasedBy: lockbox.releasedBy,
        version: lockbox.version,
        members: lockbox.releasedAt ? [] : now,
        past: state.members
          .filter((x) => lockbox.releasedAt || x.signedOffAt !== null)
          .sort((a, b) => (b.signedOffAt ?? b.signedOnAt).localeCompare(a.signedOffAt ?? a.signedOnAt)),
      }
    : null;
  // Who looks: contracts' rule (the offline flags compute the same from stored inputs).
  const { mySignOn, allowed, blocked, blockedSaid } = lockboxCallerView(state, userId);
  return {
    permitId: permit.id,
    tagPerPersonalLock: permit.tagPerPersonalLock,
    lockbox: view,
    mySignOn,
    myLocks: allowed.includes('sign-on') ? signOnLocksFor(await lists.signOnLocks(), permit.id) : [],
    devices: allowed.includes('open') ? await lists.freeDevices() : [],
    allowed,
    blocked,
    blockedSaid,
  };
}
