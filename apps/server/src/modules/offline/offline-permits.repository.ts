import { sql, type Kysely } from 'kysely';
import { OFFLINE_DOWNLOAD_MAX, permitPermission, type OfflineScope, type PermitStatus } from '@hasp/contracts';
import type { Database } from '../../db/schema';

/** An offline-enabled, active permit type of the facility. */
export interface OfflineType {
  id: number;
  code: string;
  name: string;
  offlineEnabled: boolean;
}

export function findPermitType(db: Kysely<Database>, facilityId: number, code: string) {
  return db
    .selectFrom('permit_types')
    .select(['id', 'code', 'name', 'offline_enabled as offlineEnabled'])
    .where('facility_id', '=', facilityId)
    .where('code', '=', code)
    .where('is_active', '=', true)
    .executeTakeFirst() as Promise<OfflineType | undefined>;
}

/**
 * Work under way on the floor: a permit in one of these states may need a change where the network
 * is gone (verify a point, sign on, record a gas test), whoever the caller is on it.
 */
export const inProgressStatuses: readonly PermitStatus[] = [
  'isolated',
  'issued',
  'active',
  'suspended',
  'live_for_test',
  'work_complete',
  'de_isolation',
];

/**
 * The permits of one type a user takes offline (decision 0056): those they are on (requester,
 * holder, issuer, an approver whose approval stands, the lockbox's primary authorized employee or
 * a crew member who signed on) while not closed or cancelled, and with the `under-way` scope every
 * permit of the type whose work is under way. Voided permits never. By ID, the page after `after`.
 */
export async function listOfflinePermitIds(
  db: Kysely<Database>,
  scope: { facilityId: number; userId: number; permitTypeId: number; take?: OfflineScope },
  page: { after: number; limit: number } = { after: 0, limit: OFFLINE_DOWNLOAD_MAX },
): Promise<number[]> {
  const { facilityId, userId, permitTypeId } = scope;
  const underWay = (scope.take ?? 'under-way') === 'under-way';
  const { rows } = await sql<{ id: number }>`
    select p.id from permits p
    where p.facility_id = ${facilityId} and p.permit_type_id = ${permitTypeId} and p.voided_at is null
      and p.id > ${page.after}
      and (
        ${underWay ? sql`p.status in (${sql.join(inProgressStatuses)}) or` : sql``}
        (p.status not in ('closed', 'cancelled') and (
          p.requester_id = ${userId} or p.holder_id = ${userId} or p.issuer_id = ${userId}
          or exists (select 1 from permit_approvals a
                     where a.permit_id = p.id and a.user_id = ${userId} and a.cleared_at is null)
          or exists (select 1 from lockboxes b
                     where b.permit_id = p.id and b.facility_id = p.facility_id and b.primary_user_id = ${userId})
          or exists (select 1 from lock_applications l
                     where l.permit_id = p.id and l.facility_id = p.facility_id
                       and l.lockbox_id is not null and l.applied_by = ${userId})
        ))
      )
    order by p.id
    limit ${page.limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** The facility's active people, as the pickers' lookup names them (reference data `people`). */
export async function listFacilityPeople(db: Kysely<Database>, facilityId: number) {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
    .select(['users.id', 'users.display_name', 'users.user_name'])
    .where('user_facilities.facility_id', '=', facilityId)
    .where('users.is_active', '=', true)
    .orderBy('users.display_name')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ ID: row.id, displayName: row.display_name, userName: row.user_name }));
}

/** The type as `GET /permits/types/:code` answers it (reference data `permit-type`: the offline create page). */
export async function findPermitTypeInfo(db: Kysely<Database>, facilityId: number, id: number) {
  const row = await db
    .selectFrom('permit_types')
    .select(['id', 'code', 'name', 'icon', 'color', 'max_validity_hours', 'max_extensions'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ID: row.id,
    code: row.code,
    name: row.name,
    icon: row.icon,
    color: row.color,
    maxValidityHours: row.max_validity_hours,
    maxExtensions: row.max_extensions,
  };
}

/** The IDs of the facility's permit types whose permits the holder of `permissions` may view. */
export async function listViewableTypeIds(
  db: Kysely<Database>,
  facilityId: number,
  permissions: ReadonlySet<string>,
): Promise<number[]> {
  const types = await db
    .selectFrom('permit_types')
    .select(['id', 'code'])
    .where('facility_id', '=', facilityId)
    .execute();
  return types.filter((t) => permissions.has(permitPermission('view', t.code))).map((t) => t.id);
}
