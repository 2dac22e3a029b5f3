import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { PermitStatus, TagState } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import type { UpdateObject } from 'kysely';

/** A status token: 128 random bits, base64url (22 characters), unguessable and unique (tags_token_uq). */
export const newStatusToken = () => randomBytes(16).toString('base64url');

/** A tag row as the commands read it. */
export interface TagRow {
  id: number;
  facilityId: number;
  permitId: number;
  number: string;
  planPointId: number | null;
  lockApplicationId: number | null;
  legendItemId: number | null;
  reason: string;
  state: TagState;
  appliedBy: number | null;
  /** The lock it was hung with (applying a lock at the point hangs its tag), or null. */
  lockSerial: string | null;
  statusTokenRevokedAt: Date | null;
  version: number;
}

const tagColumns = sql<TagRow>`
  id, facility_id as "facilityId", permit_id as "permitId", number, plan_point_id as "planPointId",
  lock_application_id as "lockApplicationId", legend_item_id as "legendItemId", reason, state,
  applied_by as "appliedBy", lock_serial as "lockSerial", status_token_revoked_at as "statusTokenRevokedAt", version`;

/**
 * On a tag on a personal lock still on: who applied the lock (contracts' TagFacts.lockApplierId),
 * for the tags row named `tag` in the query. Only the tag rules need it, so only their reads pay for it.
 */
export const lockApplierColumn = (tag: string) => sql<number | null>`
  (select a.applied_by from lock_applications a
    where a.facility_id = ${sql.ref(`${tag}.facility_id`)} and a.id = ${sql.ref(`${tag}.lock_application_id`)}
      and a.removed_at is null)`;

/** A tag's permit as the tag rules read it: its type and the people the rules name (tagCommandRoles). */
export interface TagPermitRow {
  id: number;
  typeCode: string;
  issuerId: number | null;
  holderId: number | null;
  status: PermitStatus;
}

/** The permit a tag belongs to (no lock: the caller locks the permit first, then the tag). */
export async function findTagPermitId(db: Db, facilityId: number, tagId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('tags')
    .select('permit_id')
    .where('facility_id', '=', facilityId)
    .where('id', '=', tagId)
    .executeTakeFirst();
  return row?.permit_id;
}

/** The permit row locked FOR UPDATE (the LOTO lock order's first step), with its type's code and its people. */
export async function lockPermitForTags(
  trx: Transaction<Database>,
  facilityId: number,
  permitId: number,
): Promise<TagPermitRow | undefined> {
  const { rows } = await sql<TagPermitRow>`
    select p.id, t.code as "typeCode", p.issuer_id as "issuerId", p.holder_id as "holderId", p.status
    from permits p join permit_types t on t.id = p.permit_type_id
    where p.facility_id = ${facilityId} and p.id = ${permitId}
    for update of p`.execute(trx);
  return rows[0];
}

export async function lockTag(trx: Transaction<Database>, facilityId: number, tagId: number) {
  const { rows } = await sql<TagRow>`
    select ${tagColumns} from tags where facility_id = ${facilityId} and id = ${tagId} for update`.execute(trx);
  return rows[0];
}

/** lockTag for the tag rules: the tag, and who applied the personal lock it is on (lockApplierColumn). */
export async function lockTagForRules(trx: Transaction<Database>, facilityId: number, tagId: number) {
  const { rows } = await sql<TagRow & { lockApplierId: number | null }>`
    select ${tagColumns}, ${lockApplierColumn('tags')} as "lockApplierId"
    from tags where facility_id = ${facilityId} and id = ${tagId} for update`.execute(trx);
  if (!rows[0]) return undefined;
  const { lockApplierId, ...tag } = rows[0];
  return { tag, lockApplierId };
}

/** Changes a tag and moves it on one version. */
export async function updateTag(trx: Transaction<Database>, tagId: number, change: UpdateObject<Database, 'tags'>) {
  await trx
    .updateTable('tags')
    .set({ ...change, version: sql`version + 1` })
    .where('id', '=', tagId)
    .execute();
}

/** The legend a tag gets: the one asked for (an active item of the facility's tag-legends list), else the first active one. */
export async function findLegend(db: Db, facilityId: number, legendItemId: number | null | undefined) {
  let query = db
    .selectFrom('master_list_items')
    .select(['id', 'value'])
    .where('facility_id', '=', facilityId)
    .where('list_key', '=', 'tag-legends')
    .where('is_active', '=', true);
  query = legendItemId == null ? query.orderBy('sort_order').orderBy('id') : query.where('id', '=', legendItemId);
  return query.limit(1).executeTakeFirst();
}

export async function findPlanPoint(db: Db, facilityId: number, planPointId: number) {
  return db
    .selectFrom('permit_isolation_points')
    .select(['id', 'permit_id'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', planPointId)
    .executeTakeFirst();
}

export async function findLockApplication(db: Db, facilityId: number, applicationId: number) {
  return db
    .selectFrom('lock_applications')
    .select(['id', 'permit_id'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', applicationId)
    .executeTakeFirst();
}

export async function insertTag(
  trx: Transaction<Database>,
  tag: {
    facilityId: number;
    permitId: number;
    number: string;
    planPointId: number | null;
    lockApplicationId: number | null;
    legendItemId: number | null;
    reason: string;
    replacesTagId?: number | null;
    at: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('tags')
    .values({
      facility_id: tag.facilityId,
      permit_id: tag.permitId,
      number: tag.number,
      plan_point_id: tag.planPointId,
      lock_application_id: tag.lockApplicationId,
      legend_item_id: tag.legendItemId,
      reason: tag.reason,
      replaces_tag_id: tag.replacesTagId ?? null,
      status_token: newStatusToken(),
      created_at: tag.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Counts one more reprint of a tag (its state stays) and moves it on one version. */
export async function countTagReprint(trx: Transaction<Database>, facilityId: number, tagId: number, at: Date) {
  await trx
    .updateTable('tags')
    .set({ reprint_count: sql`reprint_count + 1`, reprinted_at: at, version: sql`version + 1` })
    .where('facility_id', '=', facilityId)
    .where('id', '=', tagId)
    .execute();
}

/**
 * The tag waiting to be hung on a plan point (planned or printed, on the point itself, not on a
 * personal lock), when none is hung there yet: the one a lock applied at the point takes with it.
 */
export async function findUnhungPointTag(db: Db, facilityId: number, planPointId: number) {
  const { rows } = await sql<{ id: number }>`
    select t.id from tags t
    where t.facility_id = ${facilityId} and t.plan_point_id = ${planPointId} and t.state in ('planned', 'printed')
      and not exists (select 1 from tags h where h.facility_id = t.facility_id and h.plan_point_id = t.plan_point_id
        and h.state in ('applied', 'verified'))
    order by t.id limit 1`.execute(db);
  return rows[0]?.id;
}
