import type { Transaction } from 'kysely';
import {
  lockStatusCommands,
  type Lock,
  type LockCommandInput,
  type LockInput,
  type LockStatus,
  type LockStatusCommand,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandDefinition, type CommandRun } from '../../platform';
import { findFacilityPerson, findLock, isLockColour } from './lock.repository';
import { facilityLocksTarget, locksPolicy, lockTarget, type LockState } from './locks.policy';

type Trx = Transaction<Database>;

/** The lock as the audit log records it. */
const stored = (lock: Lock) => ({
  serial: lock.serial,
  kind: lock.kind,
  colourId: lock.colour?.ID ?? null,
  ownerId: lock.owner?.ID ?? null,
  status: lock.status,
  note: lock.note,
});

const serialTaken = (serial: string) => {
  const message = `Serial ${serial} is already used by another lock of this facility`;
  return new AppError('CONFLICT', 409, message, [{ field: 'serial', message }]);
};

/** The serial index (unique whatever the case) refused the write: say which serial. */
async function writeLock<T>(serial: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { constraint?: string }).constraint === 'locks_serial_uq') throw serialTaken(serial);
    throw error;
  }
}

async function checkColour(trx: Trx, facilityId: number, colourId: number | null) {
  if (colourId !== null && !(await isLockColour(trx, facilityId, colourId))) {
    throw AppError.validation([{ field: 'colourId', message: 'Colour: choose one of the lock colours' }]);
  }
}

/** Registers a lock: Available, no owner (issuing it is its own command). */
export const registerLock = defineCommand<LockInput, { facilityId: number; version: number }, Lock>({
  name: 'lock.register',
  target: facilityLocksTarget,
  policy: locksPolicy['lock.register'],
  async apply({ trx, ctx, input, ...run }) {
    const { facilityId } = ctx.actor;
    await checkColour(trx, facilityId, input.colourId);
    const { id } = await writeLock(input.serial, () =>
      trx
        .insertInto('locks')
        .values({
          facility_id: facilityId,
          serial: input.serial,
          kind: input.kind,
          colour_item_id: input.colourId,
          note: input.note,
          created_at: ctx.now,
          updated_at: ctx.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const lock = (await findLock(trx, facilityId, id))!;
    run.audit({ action: 'lock.register', entityType: 'lock', entityId: id, before: null, after: stored(lock) });
    run.event({
      name: 'lock.register',
      entityType: 'lock',
      entityId: id,
      payload: { lockId: id, serial: lock.serial },
    });
    return lock;
  },
});

/** Changes a lock's serial, kind, colour or note. A lock in use keeps its kind (it is on a point as what it is). */
export const editLock = defineCommand<LockInput, LockState, Lock>({
  name: 'lock.edit',
  target: lockTarget,
  policy: locksPolicy['lock.edit'],
  async apply({ trx, ctx, input, state, ...run }) {
    const { facilityId } = ctx.actor;
    const before = (await findLock(trx, facilityId, state.id))!;
    if (
      before.serial === input.serial &&
      before.kind === input.kind &&
      (before.colour?.ID ?? null) === input.colourId &&
      before.note === input.note
    ) {
      run.unchanged();
      return before;
    }
    if (state.status === 'in_use' && input.kind !== state.kind) {
      throw new AppError('CONFLICT', 409, `Lock ${state.serial} is in use: its kind cannot change`, [
        { field: 'kind', message: 'A lock in use keeps its kind' },
      ]);
    }
    await checkColour(trx, facilityId, input.colourId);
    await writeLock(input.serial, () =>
      trx
        .updateTable('locks')
        .set({
          serial: input.serial,
          kind: input.kind,
          colour_item_id: input.colourId,
          note: input.note,
          updated_at: ctx.now,
        })
        .where('facility_id', '=', facilityId)
        .where('id', '=', state.id)
        .execute(),
    );
    return recordChange(run, trx, ctx.actor.facilityId, 'edit', before);
  },
});

/** Audits the change, records the event and answers the lock as it is now (the runner bumps the version). */
async function recordChange(
  run: Pick<CommandRun<unknown, LockState>, 'audit' | 'event'>,
  trx: Trx,
  facilityId: number,
  verb: 'edit' | LockStatusCommand,
  before: Lock,
  reason: string | null = null,
): Promise<Lock> {
  const after = (await findLock(trx, facilityId, before.ID))!;
  // The runner's bump adds one to the version after this read: answer the lock as it will be.
  const answer = { ...after, version: after.version + 1 };
  run.audit({
    action: `lock.${verb}`,
    entityType: 'lock',
    entityId: before.ID,
    before: stored(before),
    after: stored(after),
    reason,
  });
  run.event({
    name: `lock.${verb}`,
    entityType: 'lock',
    entityId: before.ID,
    payload: {
      lockId: before.ID,
      serial: after.serial,
      from: before.status,
      to: after.status,
      ownerId: after.owner?.ID ?? null,
    },
  });
  return answer;
}

/** The status and owner each command leaves (the policy has refused the statuses it does not start from). */
function nextOf(
  command: LockStatusCommand,
  state: LockState,
  input: LockCommandInput,
): { status: LockStatus; ownerId: number | null } {
  switch (command) {
    case 'issue':
      return { status: 'issued', ownerId: input.ownerId! };
    case 'return':
      return { status: 'available', ownerId: null };
    case 'report-lost':
      // Who had it stays recorded: a found lock goes back to them.
      return { status: 'lost', ownerId: state.ownerId };
    case 'found':
      return { status: state.ownerId !== null ? 'issued' : 'available', ownerId: state.ownerId };
    case 'retire':
      return { status: 'retired', ownerId: null };
  }
}

async function applyStatusCommand(
  command: LockStatusCommand,
  { trx, ctx, input, state, ...run }: CommandRun<LockCommandInput, LockState>,
) {
  const { facilityId } = ctx.actor;
  if (command === 'issue') {
    if (!(await findFacilityPerson(trx, facilityId, input.ownerId!))) {
      throw AppError.validation([{ field: 'ownerId', message: 'Owner: choose an active user of this facility' }]);
    }
    if (state.status === 'issued' && state.ownerId === input.ownerId) {
      run.unchanged();
      return (await findLock(trx, facilityId, state.id))!;
    }
  }
  const before = (await findLock(trx, facilityId, state.id))!;
  const next = nextOf(command, state, input);
  await trx
    .updateTable('locks')
    .set({
      status: next.status,
      owner_id: next.ownerId,
      updated_at: ctx.now,
      // A lock issued to a person is theirs, a retired one nobody's: neither stays handed to a permit.
      ...(command === 'issue' || command === 'retire' ? { assigned_permit_id: null } : {}),
    })
    .where('facility_id', '=', facilityId)
    .where('id', '=', state.id)
    .execute();
  return recordChange(run, trx, facilityId, command, before, input.reason || null);
}

/** One command per status verb (`lock.<verb>`), each with its policy row. */
export const lockStatusCommandDefinitions = Object.fromEntries(
  lockStatusCommands.map((command) => [
    command,
    defineCommand<LockCommandInput, LockState, Lock>({
      name: `lock.${command}`,
      target: lockTarget,
      policy: locksPolicy[`lock.${command}`],
      apply: (run) => applyStatusCommand(command, run),
    }),
  ]),
) as Record<LockStatusCommand, CommandDefinition<LockCommandInput, LockState, Lock>>;
