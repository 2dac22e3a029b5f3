import { sql } from 'kysely';
import { PRINT_LIST_LIMIT, type PermitPrintItem, type PrintQueue } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { tagPointJoins } from '../tags';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Tag state of each queue: waiting to print (Planned), or printed and not yet hung (for a reprint). */
const queueState: Record<PrintQueue, 'planned' | 'printed'> = { waiting: 'planned', printed: 'printed' };

/**
 * The tags of one queue of the facility, on permits whose types the caller may view, by permit then
 * tag; one more than the limit tells the caller there were more. Without stamps: the caller adds
 * them from the tags' print facts (tagPrintStamp, the one definition the PDF and the command use).
 */
export async function listQueuedTags(
  db: Db,
  facilityId: number,
  filter: { queue: PrintQueue; permitId?: number; areaId?: number; typeCodes: readonly string[] },
): Promise<Omit<PermitPrintItem, 'stamp'>[]> {
  const { rows } = await sql<Omit<PermitPrintItem, 'stamp'>>`
    select 'tag' as kind, t.id as "ID", t.number,
      json_build_object('ID', p.id, 'number', p.number, 'title', p.title) as permit,
      case when a.id is null then null else json_build_object('ID', a.id, 'name', a.name) end as area,
      case when ip.id is null then null else concat_ws(' — ', ip.code, nullif(ip.location, '')) end as point,
      l.value as legend, ${iso('t.printed_at')} as "printedAt", t.reprint_count as "reprintCount", t.version
    from tags t
    join permits p on p.facility_id = t.facility_id and p.id = t.permit_id
    join permit_types pt on pt.id = p.permit_type_id
    left join areas a on a.facility_id = p.facility_id and a.id = p.area_id
    left join master_list_items l on l.facility_id = t.facility_id and l.id = t.legend_item_id
    ${tagPointJoins}
    where t.facility_id = ${facilityId} and t.state = ${queueState[filter.queue]}
      and pt.code = any(${[...filter.typeCodes]}::text[])
      ${filter.permitId === undefined ? sql`` : sql`and p.id = ${filter.permitId}`}
      ${filter.areaId === undefined ? sql`` : sql`and p.area_id = ${filter.areaId}`}
    order by p.number, t.id
    limit ${PRINT_LIST_LIMIT + 1}`.execute(db);
  return rows;
}
