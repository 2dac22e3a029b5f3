import { sql, type Transaction } from 'kysely';
import { permitSections, type PermitGroup, type PermitSection, type PermitType } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';

type Trx = Transaction<Database>;

export interface PermitGroupRow {
  id: number;
  name: string;
  icon: string;
  sort_order: number;
}

const typeColumns = [
  'id',
  'permit_group_id',
  'code',
  'name',
  'icon',
  'color',
  'prefix',
  'sections',
  'max_validity_hours',
  'max_extensions',
  'offline_enabled',
  'tag_per_personal_lock',
  'gas_retest_minutes',
  'hazard_analysis_required',
  'is_active',
  'sort_order',
] as const;

export interface PermitTypeRow {
  id: number;
  permit_group_id: number;
  code: string;
  name: string;
  icon: string;
  color: string;
  prefix: string;
  sections: string[];
  max_validity_hours: number;
  max_extensions: number;
  offline_enabled: boolean;
  tag_per_personal_lock: boolean;
  gas_retest_minutes: number;
  hazard_analysis_required: boolean;
  is_active: boolean;
  sort_order: number;
}

const isSection = (s: string): s is PermitSection => (permitSections as readonly string[]).includes(s);

/** A type row as the API shows it (sections in the screen's order). */
export function permitTypeOf(row: PermitTypeRow): PermitType {
  return {
    ID: row.id,
    groupId: row.permit_group_id,
    code: row.code,
    name: row.name,
    icon: row.icon,
    color: row.color,
    prefix: row.prefix,
    sections: permitSections.filter((s) => row.sections.filter(isSection).includes(s)),
    maxValidityHours: row.max_validity_hours,
    maxExtensions: row.max_extensions,
    offlineEnabled: row.offline_enabled,
    tagPerPersonalLock: row.tag_per_personal_lock,
    gasRetestMinutes: row.gas_retest_minutes,
    hazardAnalysisRequired: row.hazard_analysis_required,
    isActive: row.is_active,
    sortOrder: row.sort_order,
  };
}

/** The facility's permit groups in sidebar order, each with all its types (inactive included). */
export async function listPermitGroupsWithTypes(db: Db, facilityId: number): Promise<PermitGroup[]> {
  const [groups, types] = await Promise.all([
    db
      .selectFrom('permit_groups')
      .select(['id', 'name', 'icon', 'sort_order'])
      .where('facility_id', '=', facilityId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('permit_types')
      .select(typeColumns)
      .where('facility_id', '=', facilityId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return groups.map((g) => ({
    ID: g.id,
    name: g.name,
    icon: g.icon,
    sortOrder: g.sort_order,
    types: types.filter((t) => t.permit_group_id === g.id).map(permitTypeOf),
  }));
}

export function findPermitGroup(db: Db, facilityId: number, id: number): Promise<PermitGroupRow | undefined> {
  return db
    .selectFrom('permit_groups')
    .select(['id', 'name', 'icon', 'sort_order'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function isPermitGroupNameTaken(db: Db, facilityId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('permit_groups')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertPermitGroup(trx: Trx, facilityId: number, values: { name: string; icon: string }) {
  const { next } = await trx
    .selectFrom('permit_groups')
    .select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as('next'))
    .where('facility_id', '=', facilityId)
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('permit_groups')
    .values({ facility_id: facilityId, name: values.name, icon: values.icon, sort_order: next })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePermitGroup(trx: Trx, id: number, values: { name: string; icon: string }) {
  await trx.updateTable('permit_groups').set(values).where('id', '=', id).execute();
}

export async function countTypesInGroup(db: Db, groupId: number): Promise<number> {
  const { n } = await db
    .selectFrom('permit_types')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('permit_group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function deletePermitGroup(trx: Trx, id: number) {
  await trx.deleteFrom('permit_groups').where('id', '=', id).execute();
}

export function findPermitType(db: Db, facilityId: number, id: number): Promise<PermitTypeRow | undefined> {
  return db
    .selectFrom('permit_types')
    .select(typeColumns)
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function isPermitTypeCodeTaken(db: Db, facilityId: number, code: string) {
  const row = await db
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isPermitTypeNameTaken(db: Db, facilityId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The sort order after the last type of a group. */
export async function nextTypeOrder(db: Db, groupId: number): Promise<number> {
  const { next } = await db
    .selectFrom('permit_types')
    .select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as('next'))
    .where('permit_group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return next;
}

export interface PermitTypeValues {
  permit_group_id: number;
  name: string;
  icon: string;
  color: string;
  prefix: string;
  sections: string[];
  max_validity_hours: number;
  /** Absent: the column's default (create) or unchanged (edit). */
  max_extensions?: number;
  offline_enabled: boolean;
  /** Absent: the column's default (create) or unchanged (edit). */
  tag_per_personal_lock?: boolean;
  /** Absent: the column's default (create) or unchanged (edit). */
  gas_retest_minutes?: number;
  hazard_analysis_required?: boolean;
  sort_order: number;
}

export async function insertPermitType(
  trx: Trx,
  facilityId: number,
  values: PermitTypeValues & { code: string },
): Promise<number> {
  const row = await trx
    .insertInto('permit_types')
    .values({ facility_id: facilityId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePermitType(trx: Trx, id: number, values: PermitTypeValues & { is_active: boolean }) {
  await trx
    .updateTable('permit_types')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setPermitGroupOrder(trx: Trx, id: number, sortOrder: number) {
  await trx.updateTable('permit_groups').set({ sort_order: sortOrder }).where('id', '=', id).execute();
}

export async function setPermitTypePlace(trx: Trx, id: number, groupId: number, sortOrder: number) {
  await trx
    .updateTable('permit_types')
    .set({ permit_group_id: groupId, sort_order: sortOrder })
    .where('id', '=', id)
    .execute();
}

/** Groups of the facility that grant the permission (e.g. the ones holding this screen's permission). */
export async function listGroupIdsGranting(db: Db, facilityId: number, permission: string): Promise<number[]> {
  const rows = await db
    .selectFrom('group_permissions')
    .innerJoin('groups', 'groups.id', 'group_permissions.group_id')
    .select('groups.id')
    .where('groups.facility_id', '=', facilityId)
    .where('group_permissions.permission', '=', permission)
    .orderBy('groups.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertGroupPermissions(trx: Trx, groupIds: number[], permissions: string[]) {
  const rows = groupIds.flatMap((group_id) => permissions.map((permission) => ({ group_id, permission })));
  if (!rows.length) return;
  await trx
    .insertInto('group_permissions')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
