import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** The point a tag is on: its plan point's, or its lock application's (aliases t, la, pp, ip). */
export const tagPointJoins = sql`
  left join lock_applications la on la.facility_id = t.facility_id and la.id = t.lock_application_id
  left join permit_isolation_points pp on pp.facility_id = t.facility_id
    and pp.id = coalesce(t.plan_point_id, la.plan_point_id)
  left join isolation_points ip on ip.facility_id = pp.facility_id and ip.id = pp.isolation_point_id`;

/** What a tag prints (the tag PDF's facts, printing decision 0071), as the PDF and its stamp read them. */
export interface TagPrintRow {
  id: number;
  number: string;
  permitId: number;
  state: string;
  legend: string | null;
  point: string | null;
  permitNumber: string;
  applier: string | null;
  /** The applier's department or crew and how to reach them (their account's, as it reads now). */
  applierDepartment: string | null;
  applierContact: string | null;
  /** Hung: `applier` applied it. Not yet: `applier` is who will (the paper must not say it is done). */
  applied: boolean;
  appliedAt: Date | null;
  /** The permit's planned end: the tag says when the work is expected to end. */
  plannedEnd: Date;
  reason: string;
  token: string;
  revoked: boolean;
  lockTag: boolean;
}

/**
 * The tags' print facts (facility-scoped; with `typeCodes`, tags on permits of other types are left
 * out). The applier printed: who applied it; before it is hung, the person whose personal lock it
 * goes with, else the permit's holder (the authorized employee); else none (a line to write on).
 * Their department and contact are that same person's.
 */
export async function listTagPrintRows(
  db: Db,
  facilityId: number,
  tagIds: readonly number[],
  typeCodes?: readonly string[],
): Promise<TagPrintRow[]> {
  if (!tagIds.length) return [];
  const { rows } = await sql<TagPrintRow>`
    select t.id, t.number, t.permit_id as "permitId", t.state, l.value as legend,
      case when ip.id is null then null else concat_ws(' — ', ip.code, nullif(ip.location, '')) end as point,
      p.number as "permitNumber", ap.display_name as applier,
      ap.department as "applierDepartment", ap.contact as "applierContact",
      t.applied_by is not null as applied, t.applied_at as "appliedAt", p.planned_end as "plannedEnd", t.reason, t.status_token as token,
      t.status_token_revoked_at is not null as revoked, t.lock_application_id is not null as "lockTag"
    from tags t
    join permits p on p.facility_id = t.facility_id and p.id = t.permit_id
    join permit_types pt on pt.id = p.permit_type_id
    left join master_list_items l on l.facility_id = t.facility_id and l.id = t.legend_item_id
    ${tagPointJoins}
    left join users ua on ua.id = t.applied_by
    left join users ul on ul.id = la.applied_by
    left join users uh on uh.id = p.holder_id
    left join users ap on ap.id = coalesce(ua.id, ul.id, uh.id)
    where t.facility_id = ${facilityId} and t.id = any(${[...tagIds]}::int[])
      ${typeCodes === undefined ? sql`` : sql`and pt.code = any(${[...typeCodes]}::text[])`}`.execute(db);
  return rows;
}

/**
 * What the paper shows of the tag, without its status token: the audit row of a print keeps this
 * (whoever reads the trail must not get the public address from it).
 */
export const printedFacts = (row: TagPrintRow) => ({
  number: row.number,
  legend: row.legend,
  point: row.point,
  permitNumber: row.permitNumber,
  applier: row.applier,
  applied: row.applied,
  // Only when given: a tag printed before its applier had either still matches its paper.
  ...(row.applierDepartment !== null ? { applierDepartment: row.applierDepartment } : {}),
  ...(row.applierContact !== null ? { applierContact: row.applierContact } : {}),
  appliedAt: row.appliedAt?.toISOString() ?? null,
  plannedEnd: row.plannedEnd.toISOString(),
  reason: row.reason,
  linkRevoked: row.revoked,
});

/**
 * A tag's stamp (PrintListItem.stamp): what it prints as now, compact — its number, legend, point,
 * permit number, applier (their department and contact, whether it is hung, and when), expected end, reason and QR code (the
 * status token, or "revoked"). Any of these changed after the PDF was drawn makes the paper wrong: a
 * hand-over names another applier, an extension another end, a new link leaves the printed QR code
 * leading nowhere. The layout (a facility setting) is left out like the permit copy's template.
 */
export const tagPrintStamp = (row: TagPrintRow) =>
  createHash('md5')
    .update(JSON.stringify([...Object.values(printedFacts(row)), row.revoked ? null : row.token]))
    .digest('hex');
