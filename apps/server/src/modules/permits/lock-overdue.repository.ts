import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { openLock, pastPlannedEnd } from './permit-index.repository';

/** What the `lock.overdue` event carries (the notification consumer reads the people from it). */
export interface OverdueLock {
  permitId: number;
  number: string;
  title: string;
  typeCode: string;
  plannedEnd: Date;
  requesterId: number;
  holderId: number | null;
  issuerId: number | null;
  lockApplicationId: number;
  serial: string;
  /** The lock's applier and its owner (a personal lock's), the notice's subject. */
  subjectIds: number[];
}

/**
 * Claims the "lock still applied after the planned end" notice of each of the facility's open lock
 * applications on a permit whose planned end has passed (the permit index's 'locks-overdue' view)
 * and that has none for that planned end yet. The notice rows are written in the caller's
 * transaction, so each (application, planned end) is claimed once: a concurrent claimer waits on
 * the key and then skips it. An extended permit's new planned end is a new key.
 */
export async function claimOverdueLocks(
  trx: Transaction<Database>,
  facilityId: number,
  now: Date,
  limit: number,
): Promise<OverdueLock[]> {
  const rows = await sql<OverdueLock>`
    with due as (
      select la.id, p.planned_end from lock_applications la
      join permits p on p.id = la.permit_id and p.facility_id = ${facilityId}
      where ${openLock(facilityId)} and ${pastPlannedEnd(now)}
        and not exists (select 1 from lock_overdue_notices n
          where n.lock_application_id = la.id and n.planned_end = p.planned_end)
      order by p.planned_end, la.id
      limit ${limit}
    ), claimed as (
      insert into lock_overdue_notices (lock_application_id, planned_end, sent_at)
      select id, planned_end, ${now} from due
      on conflict do nothing
      returning lock_application_id, planned_end
    )
    select p.id as "permitId", p.number, p.title, t.code as "typeCode", c.planned_end as "plannedEnd",
      p.requester_id as "requesterId", p.holder_id as "holderId", p.issuer_id as "issuerId",
      la.id as "lockApplicationId", l.serial,
      array_remove(array[la.applied_by, l.owner_id], null) as "subjectIds"
    from claimed c
    join lock_applications la on la.id = c.lock_application_id and la.facility_id = ${facilityId}
    join locks l on l.id = la.lock_id and l.facility_id = ${facilityId}
    join permits p on p.id = la.permit_id and p.facility_id = ${facilityId}
    join permit_types t on t.id = p.permit_type_id
    order by c.planned_end, la.id`.execute(trx);
  return rows.rows;
}
