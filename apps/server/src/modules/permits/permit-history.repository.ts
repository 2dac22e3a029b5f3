import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** One audit row of a permit's history, with the names its words need read alongside. */
export interface PermitAuditRow {
  id: string;
  occurred_at: Date;
  action: string;
  entity_type: string;
  user_id: number | null;
  display_name: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  /** A lock row's lock serial. */
  lock_serial: string | null;
  /** A lock's or tag's place: its plan point's code, or (a tag on a crew member's personal lock) that lock's serial. */
  place: string | null;
  /** A lockbox row's crew: every sign-on the lockbox ever had, so a sign-on or sign-off is named. */
  crew: { applicationId: number; name: string; lock: string }[] | null;
}

/**
 * The permit's audit rows and those of its isolation steps, oldest first (audit id): the permit's
 * own (entity 'permit') and its plan's ('isolation-plan', also by the permit's id), then the rows
 * of its tags, lockboxes, abandoned removals and locks, which are audited under their own ids and
 * found here from the permit through those tables. Every lookup goes through an index (the
 * audit log's (entity_type, entity_id)); a lock's rows are only its applications and removals on
 * this permit (a lock serves many permits over its life).
 */
export async function listPermitAudit(db: Db, facilityId: number, permitId: number): Promise<PermitAuditRow[]> {
  const id = String(permitId);
  const { rows } = await sql<PermitAuditRow>`
    with steps (entity_type, entity_id) as (
      select 'permit', ${id}::text
      union all select 'isolation-plan', ${id}::text
      union all select 'tag', t.id::text from tags t where t.permit_id = ${permitId} and t.facility_id = ${facilityId}
      union all
        select 'lockbox', b.id::text from lockboxes b where b.permit_id = ${permitId} and b.facility_id = ${facilityId}
      union all
        select 'abandoned-removal', r.id::text from abandoned_removals r
        where r.permit_id = ${permitId} and r.facility_id = ${facilityId}
      union all
        select distinct 'lock', a.lock_id::text from lock_applications a
        where a.permit_id = ${permitId} and a.facility_id = ${facilityId}
    )
    select l.id, l.occurred_at, l.action, l.entity_type, l.user_id, u.display_name, l.before, l.after, l.reason,
      k.serial as lock_serial, coalesce(ip.code, tk.serial) as place, crew.crew
    from steps s
    join audit_log l on l.entity_type = s.entity_type and l.entity_id = s.entity_id
    left join users u on u.id = l.user_id
    left join locks k on s.entity_type = 'lock' and k.id = s.entity_id::int
    left join permit_isolation_points pp on s.entity_type in ('lock', 'tag')
      and pp.id = (coalesce(l.after->>'planPointId', l.before->>'planPointId'))::int
    left join isolation_points ip on ip.id = pp.isolation_point_id
    left join lock_applications ta on s.entity_type = 'tag' and ta.id = (l.after->>'lockApplicationId')::int
    left join locks tk on tk.id = ta.lock_id
    left join lateral (
      select json_agg(json_build_object('applicationId', a.id, 'name', mu.display_name, 'lock', mk.serial)) as crew
      from lock_applications a
      join users mu on mu.id = a.applied_by
      join locks mk on mk.id = a.lock_id
      where s.entity_type = 'lockbox' and a.lockbox_id = s.entity_id::int
    ) crew on true
    where l.facility_id = ${facilityId}
      and (s.entity_type <> 'lock' or (l.action in ('lock.apply', 'lock.remove')
        and coalesce(l.after->>'permitId', l.before->>'permitId') = ${id}))
    order by l.id
  `.execute(db);
  return rows;
}
