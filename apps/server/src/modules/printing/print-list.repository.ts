import { sql, type Kysely, type Transaction } from 'kysely';
import { PRINT_LIST_LIMIT, type PrintListItem, type PrintQueue } from '@hasp/contracts';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Tag state of each queue: waiting to print (Planned), or printed and not yet hung (for a reprint). */
const queueState: Record<PrintQueue, 'planned' | 'printed'> = { waiting: 'planned', printed: 'printed' };

/** The point a tag is on: its plan point's, or its lock application's. */
const pointJoins = sql`
  left join lock_applications la on la.facility_id = t.facility_id and la.id = t.lock_application_id
  left join permit_isolation_points pp on pp.facility_id = t.facility_id
    and pp.id = coalesce(t.plan_point_id, la.plan_point_id)
  left join isolation_points ip on ip.facility_id = pp.facility_id and ip.id = pp.isolation_point_id`;

/**
 * The tags of one queue of the facility, on permits whose types the caller may view, by permit then
 * tag; one more than the limit tells the caller there were more.
 */
export async function listQueuedTags(
  db: Db,
  facilityId: number,
  filter: { queue: PrintQueue; permitId?: number; areaId?: number; typeCodes: readonly string[] },
): Promise<PrintListItem[]> {
  const { rows } = await sql<PrintListItem>`
    select 'tag' as kind, t.id as "ID", t.number,
      json_build_object('ID', p.id, 'number', p.number, 'title', p.title) as permit,
      case when a.id is null then null else json_build_object('ID', a.id, 'name', a.name) end as area,
      case when ip.id is null then null else concat_ws(' — ', ip.code, nullif(ip.location, '')) end as point,
      l.value as legend, ${iso('t.printed_at')} as "printedAt", t.reprint_count as "reprintCount", t.version,
      null as stamp
    from tags t
    join permits p on p.facility_id = t.facility_id and p.id = t.permit_id
    join permit_types pt on pt.id = p.permit_type_id
    left join areas a on a.facility_id = p.facility_id and a.id = p.area_id
    left join master_list_items l on l.facility_id = t.facility_id and l.id = t.legend_item_id
    ${pointJoins}
    where t.facility_id = ${facilityId} and t.state = ${queueState[filter.queue]}
      and pt.code = any(${[...filter.typeCodes]}::text[])
      ${filter.permitId === undefined ? sql`` : sql`and p.id = ${filter.permitId}`}
      ${filter.areaId === undefined ? sql`` : sql`and p.area_id = ${filter.areaId}`}
    order by p.number, t.id
    limit ${PRINT_LIST_LIMIT + 1}`.execute(db);
  return rows;
}

/** What the tag PDF needs of each tag (facility-scoped; tags of types the caller may not view are left out). */
export interface TagPrintRow {
  id: number;
  number: string;
  permitId: number;
  state: string;
  legend: string | null;
  point: string | null;
  permitNumber: string;
  applier: string | null;
  appliedAt: Date | null;
  reason: string;
  token: string;
  revoked: boolean;
  lockTag: boolean;
}

/**
 * The applier printed: who applied it; before it is hung, the person whose personal lock it goes
 * with, else the permit's holder (the authorized employee); else none (a line to write on).
 */
export async function listTagPrintRows(
  db: Db,
  facilityId: number,
  tagIds: readonly number[],
  typeCodes: readonly string[],
): Promise<TagPrintRow[]> {
  const { rows } = await sql<TagPrintRow>`
    select t.id, t.number, t.permit_id as "permitId", t.state, l.value as legend,
      case when ip.id is null then null else concat_ws(' — ', ip.code, nullif(ip.location, '')) end as point,
      p.number as "permitNumber", coalesce(ua.display_name, ul.display_name, uh.display_name) as applier,
      t.applied_at as "appliedAt", t.reason, t.status_token as token,
      t.status_token_revoked_at is not null as revoked, t.lock_application_id is not null as "lockTag"
    from tags t
    join permits p on p.facility_id = t.facility_id and p.id = t.permit_id
    join permit_types pt on pt.id = p.permit_type_id
    left join master_list_items l on l.facility_id = t.facility_id and l.id = t.legend_item_id
    ${pointJoins}
    left join users ua on ua.id = t.applied_by
    left join users ul on ul.id = la.applied_by
    left join users uh on uh.id = p.holder_id
    where t.facility_id = ${facilityId} and t.id = any(${[...tagIds]}::int[])
      and pt.code = any(${[...typeCodes]}::text[])`.execute(db);
  return rows;
}
