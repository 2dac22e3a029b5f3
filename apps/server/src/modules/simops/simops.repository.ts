import { sql } from 'kysely';
import {
  simopsLiveStatuses,
  type SimopsConflict,
  type SimopsMode,
  type SimopsOverrideRecord,
  type SimopsRules,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';

/** A pair of types as stored: the lower ID first (the pair has no order). */
export const pairOf = (a: number, b: number) => ({ first: Math.min(a, b), second: Math.max(a, b) });

/** The facility's rules (each pair once) and its permit types, by name. */
export async function listSimopsRules(db: Db, facilityId: number): Promise<SimopsRules> {
  const types = await db
    .selectFrom('permit_types')
    .select(['id as ID', 'code', 'name'])
    .where('facility_id', '=', facilityId)
    .orderBy('name')
    .execute();
  const byId = new Map(types.map((t) => [t.ID, t]));
  const rows = await db
    .selectFrom('simops_rules')
    .select(['first_type_id', 'second_type_id', 'mode'])
    .where('facility_id', '=', facilityId)
    .execute();
  const rules = rows
    .map((r) => ({ first: byId.get(r.first_type_id)!, second: byId.get(r.second_type_id)!, mode: r.mode }))
    .sort((a, b) => a.first.name.localeCompare(b.first.name) || a.second.name.localeCompare(b.second.name));
  return { rules, types };
}

export async function findSimopsRule(db: Db, facilityId: number, a: number, b: number): Promise<SimopsMode | null> {
  const { first, second } = pairOf(a, b);
  const row = await db
    .selectFrom('simops_rules')
    .select('mode')
    .where('facility_id', '=', facilityId)
    .where('first_type_id', '=', first)
    .where('second_type_id', '=', second)
    .executeTakeFirst();
  return row?.mode ?? null;
}

export async function saveSimopsRule(db: Db, facilityId: number, a: number, b: number, mode: SimopsMode | 'none') {
  const { first, second } = pairOf(a, b);
  if (mode === 'none') {
    await db
      .deleteFrom('simops_rules')
      .where('facility_id', '=', facilityId)
      .where('first_type_id', '=', first)
      .where('second_type_id', '=', second)
      .execute();
    return;
  }
  await db
    .insertInto('simops_rules')
    .values({ facility_id: facilityId, first_type_id: first, second_type_id: second, mode })
    .onConflict((oc) => oc.columns(['facility_id', 'first_type_id', 'second_type_id']).doUpdateSet({ mode }))
    .execute();
}

/** The permit whose conflicts are asked: where and when it is, and its type. */
export interface SimopsSubject {
  ID: number;
  facilityId: number;
  typeId: number;
  areaId: number | null;
  plannedStart: string | Date;
  plannedEnd: string | Date;
}

/**
 * The other live permits (`simopsLiveStatuses`) whose area is the subject's, one within it or one
 * it is within (work over a whole area happens beside the work in each of its parts, and the
 * relation stays the same from either permit), and whose validity overlaps the subject's (half-open:
 * one ending as the other starts does not overlap), each with the rule of the two types. A permit
 * with no area meets nothing.
 */
export async function findSimopsConflicts(db: Db, subject: SimopsSubject): Promise<SimopsConflict[]> {
  if (subject.areaId === null) return [];
  const start = new Date(subject.plannedStart);
  const end = new Date(subject.plannedEnd);
  const { rows } = await sql<SimopsConflict>`
    with recursive below (id) as (
      select id from areas where id = ${subject.areaId} and facility_id = ${subject.facilityId}
      union select c.id from areas c join below b on c.parent_area_id = b.id
    ), above (id, parent) as (
      select id, parent_area_id from areas where id = ${subject.areaId} and facility_id = ${subject.facilityId}
      union select a.id, a.parent_area_id from areas a join above x on a.id = x.parent
    )
    select
      json_build_object(
        'ID', p.id, 'number', p.number, 'title', p.title, 'status', p.status,
        'type', json_build_object('ID', t.id, 'code', t.code, 'name', t.name),
        'area', json_build_object('ID', ar.id, 'number', ar.number, 'name', ar.name),
        'plannedStart', to_json(p.planned_start) #>> '{}', 'plannedEnd', to_json(p.planned_end) #>> '{}'
      ) as permit,
      coalesce(r.mode, 'none') as rule
    from permits p
    join permit_types t on t.id = p.permit_type_id
    join areas ar on ar.id = p.area_id
    left join simops_rules r on r.facility_id = p.facility_id
      and r.first_type_id = least(p.permit_type_id, ${subject.typeId})
      and r.second_type_id = greatest(p.permit_type_id, ${subject.typeId})
    where p.facility_id = ${subject.facilityId}
      and p.id <> ${subject.ID}
      and p.status in (${sql.join(simopsLiveStatuses)})
      and p.area_id in (select id from below union select id from above)
      and p.planned_start < ${end} and ${start} < p.planned_end
    order by p.planned_start, p.id`.execute(db);
  // Instants as ISO strings, as every permit answer gives them.
  return rows.map((row) => ({
    ...row,
    permit: {
      ...row.permit,
      plannedStart: new Date(row.permit.plannedStart).toISOString(),
      plannedEnd: new Date(row.permit.plannedEnd).toISOString(),
    },
  }));
}

export interface SimopsOverrideRow {
  facilityId: number;
  permitId: number;
  otherPermitId: number;
  command: 'approve' | 'issue';
  reason: string;
  signerId: number;
  signerName: string;
  signedAt: Date;
}

export async function insertSimopsOverride(db: Db, row: SimopsOverrideRow): Promise<number> {
  const { id } = await db
    .insertInto('simops_overrides')
    .values({
      facility_id: row.facilityId,
      permit_id: row.permitId,
      other_permit_id: row.otherPermitId,
      command: row.command,
      reason: row.reason,
      signer_id: row.signerId,
      signer_name: row.signerName,
      signed_at: row.signedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Every override naming the permit, on either side, oldest first. */
export async function listSimopsOverrides(
  db: Db,
  facilityId: number,
  permitId: number,
): Promise<SimopsOverrideRecord[]> {
  const rows = await db
    .selectFrom('simops_overrides as o')
    .innerJoin('permits as p', 'p.id', 'o.permit_id')
    .innerJoin('permits as q', 'q.id', 'o.other_permit_id')
    .select([
      'o.id',
      'o.command',
      'o.reason',
      'o.signer_id',
      'o.signer_name',
      'o.signed_at',
      'p.id as permit_id',
      'p.number as permit_number',
      'q.id as other_id',
      'q.number as other_number',
    ])
    .where('o.facility_id', '=', facilityId)
    .where((eb) => eb.or([eb('o.permit_id', '=', permitId), eb('o.other_permit_id', '=', permitId)]))
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    ID: r.id,
    command: r.command,
    permit: { ID: r.permit_id, number: r.permit_number },
    otherPermit: { ID: r.other_id, number: r.other_number },
    reason: r.reason,
    signer: { ID: r.signer_id, displayName: r.signer_name },
    signedAt: r.signed_at.toISOString(),
  }));
}
