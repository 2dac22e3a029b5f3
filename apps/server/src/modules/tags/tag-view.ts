import { sql } from 'kysely';
import { allowedTagCommands, type Tag, type TagActor } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { lockApplierColumn } from './tags.repository';

type TagViewRow = Omit<Tag, 'allowedCommands' | 'statusToken'> & {
  token: string;
  revoked: boolean;
  typeCode: string;
  issuerId: number | null;
  holderId: number | null;
  permitClosed: boolean;
  lockApplierId: number | null;
};
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const person = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('ID', ${alias}.id, 'displayName', ${alias}.display_name) end`,
  );

/**
 * A permit's tags (or one), oldest first, each with its point, legend and people, and the commands
 * `viewer` may give on it (their user ID and permissions: contracts' allowedTagCommands).
 */
export async function listTags(
  db: Db,
  facilityId: number,
  permitId: number,
  viewer: TagActor,
  tagId?: number,
): Promise<Tag[]> {
  return selectTags(db, facilityId, [permitId], viewer, tagId);
}

/** listTags for many permits of the facility in one statement, by permit ID (a permit without tags: absent). */
export async function listTagsForPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
  viewer: TagActor,
): Promise<Map<number, Tag[]>> {
  const byPermit = new Map<number, Tag[]>();
  if (!permitIds.length) return byPermit;
  for (const tag of await selectTags(db, facilityId, permitIds, viewer)) {
    const list = byPermit.get(tag.permitId);
    if (list) list.push(tag);
    else byPermit.set(tag.permitId, [tag]);
  }
  return byPermit;
}

async function selectTags(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
  viewer: TagActor,
  tagId?: number,
): Promise<Tag[]> {
  const { rows } = await sql<TagViewRow>`
    select t.id as "ID", t.number, t.permit_id as "permitId", t.plan_point_id as "planPointId",
      t.lock_application_id as "lockApplicationId",
      case when l.id is null then null else json_build_object('ID', l.id, 'value', l.value) end as legend,
      t.reason, t.state,
      case when ip.id is null then null else json_build_object('code', ip.code, 'location', ip.location) end as point,
      ${iso('t.printed_at')} as "printedAt",
      case when ua.id is null then null else json_build_object('ID', ua.id, 'displayName', ua.display_name,
        'department', ua.department, 'contact', ua.contact) end as "appliedBy", ${iso('t.applied_at')} as "appliedAt",
      ${person('uv')} as "verifiedBy", ${iso('t.verified_at')} as "verifiedAt",
      ${person('ur')} as "removedBy", ${iso('t.removed_at')} as "removedAt",
      ${iso('t.voided_at')} as "voidedAt", t.void_reason as "voidReason", ${iso('t.missing_at')} as "missingAt",
      t.replaces_tag_id as "replacesTagId", t.status_token as token,
      (select coalesce(json_agg(json_build_object('text', n.note->>'text',
          'by', json_build_object('ID', u.id, 'displayName', coalesce(u.display_name, 'User ' || (n.note->>'byId'))),
          'at', n.note->>'at') order by n.ord), '[]'::json)
        from jsonb_array_elements(t.notes) with ordinality as n(note, ord)
        left join users u on u.id = (n.note->>'byId')::int) as notes,
      t.status_token_revoked_at is not null as revoked, t.version,
      pt.code as "typeCode", p.issuer_id as "issuerId", p.holder_id as "holderId", p.status = 'closed' as "permitClosed",
      ${lockApplierColumn('t')} as "lockApplierId"
    from tags t
    join permits p on p.facility_id = t.facility_id and p.id = t.permit_id
    join permit_types pt on pt.id = p.permit_type_id
    left join master_list_items l on l.facility_id = t.facility_id and l.id = t.legend_item_id
    left join permit_isolation_points pp on pp.facility_id = t.facility_id and pp.id = t.plan_point_id
    left join isolation_points ip on ip.facility_id = pp.facility_id and ip.id = pp.isolation_point_id
    left join users ua on ua.id = t.applied_by
    left join users uv on uv.id = t.verified_by
    left join users ur on ur.id = t.removed_by
    where t.facility_id = ${facilityId} and t.permit_id = any(${[...permitIds]}::int[])
      ${tagId === undefined ? sql`` : sql`and t.id = ${tagId}`}
    order by t.id`.execute(db);
  return rows.map(({ token, revoked, typeCode, issuerId, holderId, permitClosed, lockApplierId, ...tag }) => ({
    ...tag,
    statusToken: revoked ? null : token,
    allowedCommands: allowedTagCommands(
      { state: tag.state, appliedBy: tag.appliedBy?.ID ?? null, linkRevoked: revoked, lockApplierId, permitClosed },
      { typeCode, issuerId, holderId },
      viewer,
    ),
  }));
}
