import {
  lockboxCommands,
  lockboxDeviceRefusal,
  type LockboxCommand,
  type LockboxOpen,
  type LockboxSignOff,
  type LockboxSignOn,
  type LockboxView,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandDefinition, type CommandRun } from '../../platform';
import { holdLockboxDevice, releaseLockboxDevice } from '../locks';
import { allocateNumber } from '../numbering';
import {
  findLatestLockbox,
  insertLockbox,
  listLockboxMembers,
  lockLockboxDevice,
  mayViewPermitType,
  updateLockbox,
} from './lockbox.repository';
import { lockboxRefusal, type LockboxState } from './lockbox-rules';
import { lockboxView } from './lockbox-view';
import { lockboxTarget, lockboxesPolicy } from './lockboxes.policy';
import { signOnPersonalLock, signOffPersonalLock } from './personal-lock';

type Run = CommandRun<unknown, LockboxState>;

/** The lockbox and its crew as they are stored, for the audit row's before and after. */
const stored = (state: Pick<LockboxState, 'lockbox' | 'members'>) =>
  state.lockbox
    ? {
        ...state.lockbox,
        signedOn: state.members
          .filter((x) => x.signedOffAt === null)
          .map((x) => ({ applicationId: x.applicationId, userId: x.user.ID, lockId: x.lock.ID })),
      }
    : null;

const invalid = (field: string, message: string) => AppError.validation([{ field, message }]);

async function open({ trx, ctx, input, state }: Run): Promise<number> {
  const { primaryUserId, lockId } = input as LockboxOpen;
  const { facilityId } = ctx.actor;
  const code = state.permit.typeCode;
  if (!(await mayViewPermitType(trx, facilityId, primaryUserId, code))) {
    throw invalid(
      'primaryUserId',
      `Primary authorized employee: no user of this facility who may view ${code} permits (permit:view:${code}) has that ID`,
    );
  }
  if (lockId !== null) {
    const device = await lockLockboxDevice(trx, facilityId, lockId);
    if (!device) throw invalid('lockId', 'Lockbox device: no lock of this facility has that ID');
    const refusal = lockboxDeviceRefusal(device);
    // A device In use for another lockbox: say which one holds it.
    if (device.usedBy)
      throw invalid('lockId', `Lockbox device: ${device.serial} already holds the keys of lockbox ${device.usedBy}`);
    if (refusal) throw invalid('lockId', `Lockbox device: ${refusal}`);
    // In use while this lockbox is open (the locks module writes the locks table; release frees it).
    await holdLockboxDevice(trx, { facilityId, lockId, at: ctx.now });
  }
  const { number } = await allocateNumber(trx, facilityId, 'lockbox', { now: ctx.now });
  return insertLockbox(trx, {
    facilityId,
    permitId: state.permit.id,
    number,
    lockId,
    primaryUserId,
    at: ctx.now,
    // Versions keep counting across a permit's lockboxes: an If-Match from before a re-open is stale.
    version: state.version + 1,
  });
}

/** Applies the command's change; answers the lockbox it changed. */
async function change(command: LockboxCommand, run: Run): Promise<number> {
  const { trx, ctx, input, state } = run;
  if (command === 'open') return open(run);
  const lockbox = state.lockbox!;
  const at = ctx.now;
  const userId = ctx.actor.userId;
  switch (command) {
    case 'deposit-keys':
      await updateLockbox(trx, lockbox.id, { keys_deposited_at: at, keys_deposited_by: userId });
      break;
    case 'sign-on':
      await signOnPersonalLock(
        trx,
        {
          facilityId: ctx.actor.facilityId,
          permit: state.permit,
          lockboxNumber: lockbox.number,
          lockboxId: lockbox.id,
          lockId: (input as LockboxSignOn).lockId,
          userId,
          at,
        },
        run,
      );
      await updateLockbox(trx, lockbox.id);
      break;
    case 'sign-off': {
      const applicationId = (input as LockboxSignOff).applicationId;
      const member = state.members.find((x) => x.applicationId === applicationId)!;
      await signOffPersonalLock(
        trx,
        {
          facilityId: ctx.actor.facilityId,
          applicationId,
          lockSerial: member.lock.serial,
          tag: member.tag,
          userId,
          at,
        },
        run,
      );
      await updateLockbox(trx, lockbox.id);
      break;
    }
    case 'release':
      // The device first, then the lockbox row (the LOTO lock order: locks before the lockbox).
      if (lockbox.device)
        await releaseLockboxDevice(trx, { facilityId: ctx.actor.facilityId, lockId: lockbox.device.ID, at });
      await updateLockbox(trx, lockbox.id, { released_at: at, released_by: userId });
      break;
  }
  return lockbox.id;
}

/**
 * The one use case of every lockbox command: the policy has refused what the rules refuse (on the
 * locked permit); apply the change (locks through the locks module, the lockbox row last), record
 * the audit row `lockbox.<verb>` and the event, answer the crew section as it now is.
 */
async function applyLockboxCommand(command: LockboxCommand, run: Run): Promise<LockboxView> {
  const { trx, ctx, state } = run;
  // The policy decided; deciding again on the same locked state gives the same answer.
  if (lockboxRefusal(state, ctx.actor.userId, command, run.input as { applicationId?: number }))
    throw new Error(`lockbox.${command}: the policy let a refused command through`);
  const lockboxId = await change(command, run);
  const { facilityId } = ctx.actor;
  const lockbox = (await findLatestLockbox(trx, facilityId, state.permit.id))!;
  const after: LockboxState = { ...state, lockbox, members: await listLockboxMembers(trx, facilityId, lockboxId) };
  run.audit({
    action: `lockbox.${command}`,
    entityType: 'lockbox',
    entityId: lockboxId,
    before: stored(state),
    after: stored(after),
  });
  run.event({
    name: `lockbox.${command}`,
    entityType: 'lockbox',
    entityId: lockboxId,
    payload: {
      permitId: state.permit.id,
      permitNumber: state.permit.number,
      lockboxId,
      number: lockbox.number,
      actorId: ctx.actor.userId,
      primaryUserId: lockbox.primary.ID,
      signedOn: after.members.filter((x) => x.signedOffAt === null).map((x) => x.user.ID),
    },
  });
  return lockboxView(trx, { ...after, version: lockbox.version }, ctx.actor.userId);
}

/** One command per verb (`lockbox.<verb>`), all on the permit as target, through one rule table. */
export const lockboxCommandDefinitions = Object.fromEntries(
  lockboxCommands.map((command) => [
    command,
    defineCommand<unknown, LockboxState, LockboxView>({
      name: `lockbox.${command}`,
      target: lockboxTarget,
      policy: lockboxesPolicy[command],
      apply: (run) => applyLockboxCommand(command, run),
    }),
  ]),
) as Record<LockboxCommand, CommandDefinition<unknown, LockboxState, LockboxView>>;
