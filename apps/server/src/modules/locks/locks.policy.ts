import { sql } from 'kysely';
import {
  lockCommandFrom,
  lockStatusLabels,
  permitPermission,
  rightNavPermission,
  type LockKind,
  type LockStatus,
  type LockStatusCommand,
  type PermitStatus,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { actorFacilityTarget, policyTable, type CommandTarget } from '../../platform';

/** A lock as its inventory commands lock it (FOR UPDATE), with where it is while In use. */
export interface LockState {
  id: number;
  serial: string;
  kind: LockKind;
  status: LockStatus;
  ownerId: number | null;
  colourId: number | null;
  note: string;
  version: number;
  /** "permit LOTO-0042 at point E-101", read under the lock, for the refusal of a lock in use. */
  where: string | null;
}

/** A lock of the actor's facility (another facility's is "not found"), locked so its commands run in turn. */
export const lockTarget: CommandTarget<LockState> = {
  noun: 'Lock',
  async lock(trx, actor, id) {
    const { rows } = await sql<LockState>`
      select l.id, l.serial, l.kind, l.status, l.owner_id as "ownerId", l.colour_item_id as "colourId", l.note,
        l.version,
        (select 'permit ' || p.number || coalesce(' at point ' || ip.code, ', lockbox ' || lb.number)
          from lock_applications a
          join permits p on p.facility_id = a.facility_id and p.id = a.permit_id
          left join permit_isolation_points pp on pp.facility_id = a.facility_id and pp.id = a.plan_point_id
          left join isolation_points ip on ip.facility_id = pp.facility_id and ip.id = pp.isolation_point_id
          left join lockboxes lb on lb.facility_id = a.facility_id and lb.id = a.lockbox_id
          where a.facility_id = l.facility_id and a.lock_id = l.id and a.removed_at is null) as "where"
      from locks l where l.facility_id = ${actor.facilityId} and l.id = ${id}
      for update of l`.execute(trx);
    return rows[0];
  },
  async bump(trx, id) {
    const row = await trx
      .updateTable('locks')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  },
};

/** The target of a registration: the actor's facility (the serial's unique index decides a race). */
export const facilityLocksTarget = actorFacilityTarget;

/** A permit locked FOR UPDATE (the first lock of the LOTO lock order), with its type's code. */
export interface LockPermitState {
  id: number;
  number: string;
  typeCode: string;
  status: PermitStatus;
  /** The permit's own version: applying a lock does not change the permit, so it stays. */
  version: number;
}

export const lockPermitTarget: CommandTarget<LockPermitState> = {
  noun: 'Permit',
  async lock(trx, actor, id) {
    const { rows } = await sql<LockPermitState>`
      select p.id, p.number, t.code as "typeCode", p.status, p.version
      from permits p join permit_types t on t.id = p.permit_type_id
      where p.facility_id = ${actor.facilityId} and p.id = ${id}
      for update of p`.execute(trx);
    return rows[0];
  },
  bump: async (_trx, _id, state) => state.version,
};

const pastTense: Record<LockStatusCommand, string> = {
  issue: 'issued',
  return: 'returned',
  'report-lost': 'reported lost',
  found: 'marked found',
  retire: 'retired',
};

/** Why a status command is refused in the lock's status (null: allowed), naming the serial. */
export function lockStatusRefusal(lock: LockState, command: LockStatusCommand): AppError | null {
  if (lockCommandFrom[command].includes(lock.status)) return null;
  const message =
    lock.status === 'in_use'
      ? `Lock ${lock.serial} is in use on ${lock.where ?? 'a permit'}: it cannot be ${pastTense[command]} until its applier removes it`
      : `Lock ${lock.serial} is ${lockStatusLabels[lock.status].toLowerCase()}: it cannot be ${pastTense[command]}`;
  return new AppError('CONFLICT', 409, message, [{ field: 'status', message }]);
}

const manage = [rightNavPermission('lock-manage')];
const statusRule = (command: LockStatusCommand) => ({
  permissions: manage,
  refuse: (lock: LockState) => lockStatusRefusal(lock, command),
});
/** Whoever may see the permit applies their own lock on it and removes it (only the applier: the use case). */
const onPermit = {
  permissions: (_input: unknown, permit: LockPermitState) => [permitPermission('view', permit.typeCode)],
};

/**
 * Who hands pool locks to a permit and takes them back: whoever may issue permits of its type (the
 * issuer answers for the permit's isolation; decision 0114). The lock's own refusals are the use case's.
 */
const onIssuedPermit = {
  permissions: (_input: unknown, permit: LockPermitState) => [permitPermission('issue', permit.typeCode)],
};

/** Who may do what to locks: the inventory is Lock Manage's; applying is the permit's people's. */
export const locksPolicy = {
  ...policyTable<{ facilityId: number; version: number }>()({ 'lock.register': { permissions: manage } }),
  ...policyTable<LockState>()({
    'lock.edit': { permissions: manage },
    'lock.issue': statusRule('issue'),
    'lock.return': statusRule('return'),
    'lock.report-lost': statusRule('report-lost'),
    'lock.found': statusRule('found'),
    'lock.retire': statusRule('retire'),
  }),
  ...policyTable<LockPermitState>()({
    'lock.apply': onPermit,
    'lock.remove': onPermit,
    'lock.assign': onIssuedPermit,
    'lock.unassign': onIssuedPermit,
  }),
};
