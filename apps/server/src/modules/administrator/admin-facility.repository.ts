import type { AdminFacility } from '@hasp/contracts';
import type { Db } from '../../db/schema';

const columns = ['id', 'name', 'parent_id', 'is_active', 'time_zone', 'created_at'] as const;
export type FacilityRow = {
  id: number;
  name: string;
  parent_id: number | null;
  is_active: boolean;
  time_zone: string;
  created_at: Date;
};

/** The facility as the audit log records it (no derived fields, so before/after compare cleanly). */
export interface FacilitySnapshot {
  ID: number;
  name: string;
  companyID: number | null;
  isActive: boolean;
  timeZone: string;
}

export const snapshotOf = (row: FacilityRow): FacilitySnapshot => ({
  ID: row.id,
  name: row.name,
  companyID: row.parent_id,
  isActive: row.is_active,
  timeZone: row.time_zone,
});

export const toAdminFacility = (row: FacilityRow, currentFacilityId: number): AdminFacility => ({
  ...snapshotOf(row),
  createdAt: new Date(row.created_at).toISOString(),
  isCurrent: row.id === currentFacilityId,
});

/** Every facility of the connection, active or not, in name order. */
export function listAllFacilities(db: Db): Promise<FacilityRow[]> {
  return db.selectFrom('facilities').select(columns).orderBy('name').orderBy('id').execute();
}

/** A facility of the connection; `lock`: FOR UPDATE (a change to it). */
export function findFacilityRow(db: Db, id: number, lock = false): Promise<FacilityRow | undefined> {
  const query = db.selectFrom('facilities').select(columns).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Another facility already called this (names are unique per connection, ignoring case). */
export async function nameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  let query = db
    .selectFrom('facilities')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertFacility(db: Db, values: { name: string; parentId: number | null; timeZone: string }) {
  return db
    .insertInto('facilities')
    .values({ name: values.name, parent_id: values.parentId, time_zone: values.timeZone })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function updateFacilityRow(
  db: Db,
  id: number,
  values: { name: string; parentId: number | null; isActive: boolean },
): Promise<FacilityRow> {
  return db
    .updateTable('facilities')
    .set({ name: values.name, parent_id: values.parentId, is_active: values.isActive })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}
