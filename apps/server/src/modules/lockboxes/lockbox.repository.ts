import { sql, type Transaction } from 'kysely';
import type { LockboxMember, PermitSection, PermitStatus } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { assignedPermitJoin } from '../locks';

/** The permit a lockbox belongs to, as the lockbox rules read it. */
export interface LockboxPermit {
  id: number;
  facilityId: number;
  number: string;
  status: PermitStatus;
  typeCode: string;
  sections: PermitSection[];
  tagPerPersonalLock: boolean;
}

/**
 * The permit of the facility (another facility's is undefined: 404). `lock`: FOR UPDATE of the
 * permit row only — the first lock of the LOTO lock order, taken by every lockbox command, so the
 * lockbox and its sign-ons change one command at a time.
 */
export async function findLockboxPermit(
  db: Db,
  facilityId: number,
  permitId: number,
  options: { lock?: boolean } = {},
): Promise<LockboxPermit | undefined> {
  const rows = await sql<LockboxPermit>`
    select p.id, p.facility_id as "facilityId", p.number, p.status, t.code as "typeCode", t.sections,
      t.tag_per_personal_lock as "tagPerPersonalLock"
    from permits p join permit_types t on t.id = p.permit_type_id
    where p.facility_id = ${facilityId} and p.id = ${permitId}
    ${options.lock ? sql`for update of p` : sql``}`.execute(db);
  return rows.rows[0];
}

/** findLockboxPermit for many permits of the facility in one statement, by ID (absent: not the facility's). */
export async function findLockboxPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, LockboxPermit>> {
  if (!permitIds.length) return new Map();
  const { rows } = await sql<LockboxPermit>`
    select p.id, p.facility_id as "facilityId", p.number, p.status, t.code as "typeCode", t.sections,
      t.tag_per_personal_lock as "tagPerPersonalLock"
    from permits p join permit_types t on t.id = p.permit_type_id
    where p.facility_id = ${facilityId} and p.id = any(${[...permitIds]}::int[])`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/** lockboxClosingFacts for many permits (of one facility: the caller read them there) in one statement, by permit ID. */
export async function lockboxClosingFactsForPermits(db: Db, permitIds: readonly number[]) {
  const rows = permitIds.length
    ? await db
        .selectFrom('lockboxes as b')
        .leftJoin('lock_applications as a', (join) =>
          join.onRef('a.lockbox_id', '=', 'b.id').on('a.removed_at', 'is', null),
        )
        .leftJoin('users as u', 'u.id', 'a.applied_by')
        .leftJoin('locks as l', 'l.id', 'a.lock_id')
        .select(['b.permit_id', 'b.number', 'u.display_name', 'l.serial'])
        .where('b.permit_id', 'in', [...permitIds])
        .where('b.released_at', 'is', null)
        .orderBy('a.applied_at')
        .execute()
    : [];
  const facts = new Map(permitIds.map((id) => [id, { openLockbox: null as string | null, signedOn: [] as string[] }]));
  for (const r of rows) {
    const f = facts.get(r.permit_id)!;
    f.openLockbox ??= r.number;
    if (r.display_name !== null && r.serial !== null) f.signedOn.push(`${r.display_name} (lock ${r.serial})`);
  }
  return facts;
}

const person = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { ID: id, displayName: name };

export interface LockboxRow {
  id: number;
  number: string;
  permitId: number;
  device: { ID: number; serial: string } | null;
  primary: { ID: number; displayName: string };
  keysDepositedAt: Date | null;
  keysDepositedBy: { ID: number; displayName: string } | null;
  openedAt: Date;
  releasedAt: Date | null;
  releasedBy: { ID: number; displayName: string } | null;
  version: number;
}

/** The permit's lockbox: the open one, else the last one released (undefined: never opened). */
export async function findLatestLockbox(db: Db, facilityId: number, permitId: number): Promise<LockboxRow | undefined> {
  const row = await latestLockboxQuery(db, facilityId)
    .where('b.permit_id', '=', permitId)
    // The open one first (at most one: lockboxes_open_uq), then the latest.
    .orderBy(sql`b.released_at is null`, 'desc')
    .orderBy('b.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && lockboxRowOf(row);
}

/** findLatestLockbox for many permits of the facility in one statement, by permit ID (never opened: absent). */
export async function findLatestLockboxesForPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, LockboxRow>> {
  if (!permitIds.length) return new Map();
  const rows = await latestLockboxQuery(db, facilityId)
    .where('b.permit_id', 'in', [...permitIds])
    .distinctOn('b.permit_id')
    .orderBy('b.permit_id')
    .orderBy(sql`b.released_at is null`, 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.permit_id, lockboxRowOf(row)]));
}

function latestLockboxQuery(db: Db, facilityId: number) {
  return db
    .selectFrom('lockboxes as b')
    .innerJoin('users as pu', 'pu.id', 'b.primary_user_id')
    .leftJoin('users as du', 'du.id', 'b.keys_deposited_by')
    .leftJoin('users as ru', 'ru.id', 'b.released_by')
    .leftJoin('locks as l', (join) => join.onRef('l.id', '=', 'b.lock_id').onRef('l.facility_id', '=', 'b.facility_id'))
    .select([
      'b.id',
      'b.number',
      'b.permit_id',
      'b.lock_id',
      'l.serial as lock_serial',
      'b.primary_user_id',
      'pu.display_name as primary_name',
      'b.keys_deposited_at',
      'b.keys_deposited_by',
      'du.display_name as deposited_name',
      'b.created_at',
      'b.released_at',
      'b.released_by',
      'ru.display_name as released_name',
      'b.version',
    ])
    .where('b.facility_id', '=', facilityId);
}

function lockboxRowOf(
  row: Awaited<ReturnType<ReturnType<typeof latestLockboxQuery>['executeTakeFirstOrThrow']>>,
): LockboxRow {
  return {
    id: row.id,
    number: row.number,
    permitId: row.permit_id,
    device: row.lock_id !== null && row.lock_serial !== null ? { ID: row.lock_id, serial: row.lock_serial } : null,
    primary: { ID: row.primary_user_id, displayName: row.primary_name },
    keysDepositedAt: row.keys_deposited_at,
    keysDepositedBy: person(row.keys_deposited_by, row.deposited_name),
    openedAt: row.created_at,
    releasedAt: row.released_at,
    releasedBy: person(row.released_by, row.released_name),
    version: row.version,
  };
}

/** Every sign-on of a lockbox (personal locks applied to it), earliest first, with its tag where it has one. */
export async function listLockboxMembers(db: Db, facilityId: number, lockboxId: number): Promise<LockboxMember[]> {
  return (await listLockboxMembersForLockboxes(db, facilityId, [lockboxId])).get(lockboxId) ?? [];
}

/** listLockboxMembers for many lockboxes of the facility in one statement, by lockbox ID (nobody signed on: absent). */
export async function listLockboxMembersForLockboxes(
  db: Db,
  facilityId: number,
  lockboxIds: readonly number[],
): Promise<Map<number, LockboxMember[]>> {
  const byLockbox = new Map<number, LockboxMember[]>();
  if (!lockboxIds.length) return byLockbox;
  const rows = await db
    .selectFrom('lock_applications as a')
    .innerJoin('users as u', 'u.id', 'a.applied_by')
    .innerJoin('locks as l', (join) =>
      join.onRef('l.id', '=', 'a.lock_id').onRef('l.facility_id', '=', 'a.facility_id'),
    )
    // The personal lock's tag (types with tag_per_personal_lock): the latest one of the application.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('tags as t')
          .select(['t.id', 't.number', 't.state'])
          .whereRef('t.lock_application_id', '=', 'a.id')
          .orderBy('t.id', 'desc')
          .limit(1)
          .as('tag'),
      (join) => join.onTrue(),
    )
    .select([
      'a.id',
      'a.applied_by',
      'u.display_name',
      'a.lock_id',
      'l.serial',
      'a.applied_at',
      'a.removed_at',
      'a.removal',
      'tag.id as tag_id',
      'tag.number as tag_number',
      'tag.state as tag_state',
      'a.lockbox_id',
    ])
    .where('a.facility_id', '=', facilityId)
    .where('a.lockbox_id', 'in', [...lockboxIds])
    .orderBy('a.applied_at')
    .orderBy('a.id')
    .execute();
  for (const r of rows) {
    const member: LockboxMember = {
      applicationId: r.id,
      user: { ID: r.applied_by, displayName: r.display_name },
      lock: { ID: r.lock_id, serial: r.serial },
      signedOnAt: r.applied_at.toISOString(),
      signedOffAt: r.removed_at ? r.removed_at.toISOString() : null,
      removal: r.removal,
      tag:
        r.tag_id !== null && r.tag_number !== null && r.tag_state !== null
          ? { ID: r.tag_id, number: r.tag_number, state: r.tag_state }
          : null,
    };
    const list = byLockbox.get(r.lockbox_id!);
    if (list) list.push(member);
    else byLockbox.set(r.lockbox_id!, [member]);
  }
  return byLockbox;
}

/**
 * The locks a person could sign on with: those issued to them first, then the available padlocks
 * nobody owns that a permit was handed (a crew member without a personal lock takes one of the permit's).
 */
export async function listSignOnLocks(db: Db, facilityId: number, userId: number) {
  // A pool padlock signs on only to the open permit it is assigned to (decision 0114): each names it,
  // and the crew section keeps the permit's own (signOnLocksFor).
  const { rows } = await sql<{ ID: number; serial: string; assignedPermitId: number | null }>`
    select l.id as "ID", l.serial, case when l.owner_id is null then ap.id end as "assignedPermitId"
    from locks l
    ${assignedPermitJoin('l')}
    where l.facility_id = ${facilityId}
      and (l.owner_id = ${userId} and l.status = 'issued'
        or l.owner_id is null and l.status = 'available' and l.kind = 'padlock' and ap.id is not null)
    order by l.owner_id is null, lower(l.serial)
    limit 200`.execute(db);
  return rows;
}

/** Lockbox devices of the inventory that could hold a new lockbox's keys (not lost, retired or holding another's). */
export async function listFreeLockboxDevices(db: Db, facilityId: number) {
  return db
    .selectFrom('locks as l')
    .select(['l.id as ID', 'l.serial'])
    .where('l.facility_id', '=', facilityId)
    .where('l.kind', '=', 'lockbox')
    .where('l.status', 'in', ['available', 'issued'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('lockboxes as b')
            .select('b.id')
            .whereRef('b.lock_id', '=', 'l.id')
            .where('b.released_at', 'is', null),
        ),
      ),
    )
    .orderBy(sql`lower(l.serial)`)
    .limit(50)
    .execute();
}

/** A facility user who may view permits of this type (permit:view:<CODE>): who may be the primary authorized employee. */
export async function mayViewPermitType(db: Db, facilityId: number, userId: number, typeCode: string) {
  const row = await db
    .selectFrom('user_facilities as uf')
    .innerJoin('user_groups as ug', 'ug.user_id', 'uf.user_id')
    .innerJoin('groups as g', (join) => join.onRef('g.id', '=', 'ug.group_id').on('g.facility_id', '=', facilityId))
    .innerJoin('group_permissions as gp', 'gp.group_id', 'g.id')
    .select('uf.user_id')
    .where('uf.facility_id', '=', facilityId)
    .where('uf.user_id', '=', userId)
    .where('gp.permission', '=', `permit:view:${typeCode}`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The lockbox device from the inventory, locked FOR UPDATE (step 3 of the lock order, after the
 * permit): its kind and status, and the number of the open lockbox that already uses it.
 */
export async function lockLockboxDevice(trx: Transaction<Database>, facilityId: number, lockId: number) {
  const device = await trx
    .selectFrom('locks')
    .select(['id', 'serial', 'kind', 'status'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', lockId)
    .forUpdate()
    .executeTakeFirst();
  if (!device) return undefined;
  const inUse = await trx
    .selectFrom('lockboxes')
    .select('number')
    .where('facility_id', '=', facilityId)
    .where('lock_id', '=', lockId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return { ...device, usedBy: inUse?.number ?? null };
}

export async function insertLockbox(
  trx: Transaction<Database>,
  values: {
    facilityId: number;
    permitId: number;
    number: string;
    lockId: number | null;
    primaryUserId: number;
    at: Date;
    version: number;
  },
): Promise<number> {
  const row = await trx
    .insertInto('lockboxes')
    .values({
      facility_id: values.facilityId,
      permit_id: values.permitId,
      number: values.number,
      lock_id: values.lockId,
      primary_user_id: values.primaryUserId,
      created_at: values.at,
      version: values.version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes the lockbox (the last lock of the lock order) and moves its version on by one: every
 * command changes it, a sign-on too, so a stale If-Match on the crew list is refused.
 */
export async function updateLockbox(
  trx: Transaction<Database>,
  id: number,
  change: { keys_deposited_at?: Date; keys_deposited_by?: number; released_at?: Date; released_by?: number } = {},
): Promise<void> {
  await trx
    .updateTable('lockboxes')
    .set({ ...change, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Who is signed on to the permit's open lockbox ("Name (lock SERIAL)"), and that lockbox's number: the close guard's facts. */
export async function lockboxClosingFacts(db: Db, permitId: number) {
  const rows = await db
    .selectFrom('lockboxes as b')
    .leftJoin('lock_applications as a', (join) =>
      join.onRef('a.lockbox_id', '=', 'b.id').on('a.removed_at', 'is', null),
    )
    .leftJoin('users as u', 'u.id', 'a.applied_by')
    .leftJoin('locks as l', 'l.id', 'a.lock_id')
    .select(['b.number', 'u.display_name', 'l.serial'])
    // Permit IDs are unique across facilities; the caller has already read the permit in its facility.
    .where('b.permit_id', '=', permitId)
    .where('b.released_at', 'is', null)
    .orderBy('a.applied_at')
    .execute();
  return {
    openLockbox: rows[0]?.number ?? null,
    signedOn: rows
      .filter((r) => r.display_name !== null && r.serial !== null)
      .map((r) => `${r.display_name} (lock ${r.serial})`),
  };
}
