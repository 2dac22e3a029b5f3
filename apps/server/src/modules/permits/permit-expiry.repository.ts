import { sql, type Transaction } from 'kysely';
import { permitTransitions, type PermitStatus } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';

/** The statuses a permit is in force in: those the lifecycle's `expire` leaves (isolated … suspended). */
export const inForceStatuses: readonly PermitStatus[] = permitTransitions
  .filter((row) => row.command === 'expire')
  .map((row) => row.from);

// Literals, not parameters, so the planner matches the partial index permits_in_force_end_ix.
const inForce = sql.join(inForceStatuses.map((status) => sql.lit(status)));

/** A permit whose validity has ended while it is still in force. */
export interface DuePermit {
  id: number;
  facilityId: number;
  plannedEnd: Date;
}

/** Permits in force whose planned end is at or before `now`, oldest end first, at most `limit`. */
export async function listPermitsToExpire(db: Db, now: Date, limit: number): Promise<DuePermit[]> {
  const rows = await sql<DuePermit>`
    select id, facility_id as "facilityId", planned_end as "plannedEnd"
    from permits
    where status in (${inForce}) and voided_at is null and planned_end <= ${now}
    order by planned_end, id
    limit ${limit}`.execute(db);
  return rows.rows;
}

/** What the `permit.expiring` event carries (the notification consumer reads the people from it). */
export interface ExpiringPermit {
  permitId: number;
  facilityId: number;
  number: string;
  title: string;
  typeCode: string;
  plannedEnd: Date;
  requesterId: number;
  holderId: number | null;
  issuerId: number | null;
}

/**
 * Claims the "expires within the hour" notice of each permit in force whose planned end is in
 * (now, now + withinMs] and that has none for that planned end yet: the notice rows are written in
 * the caller's transaction, so each (permit, planned end) is claimed once (a concurrent claimer
 * waits on the key and then skips it). Returns the claimed permits.
 */
export async function claimExpiringNotices(
  trx: Transaction<Database>,
  now: Date,
  withinMs: number,
  limit: number,
): Promise<ExpiringPermit[]> {
  const until = new Date(now.getTime() + withinMs);
  const rows = await sql<ExpiringPermit>`
    with due as (
      select p.id, p.planned_end from permits p
      where p.status in (${inForce}) and p.voided_at is null
        and p.planned_end > ${now} and p.planned_end <= ${until}
        and not exists (
          select 1 from permit_expiry_notices n where n.permit_id = p.id and n.planned_end = p.planned_end)
      order by p.planned_end, p.id
      limit ${limit}
    ), claimed as (
      insert into permit_expiry_notices (permit_id, planned_end, sent_at)
      select id, planned_end, ${now} from due
      on conflict do nothing
      returning permit_id, planned_end
    )
    select p.id as "permitId", p.facility_id as "facilityId", p.number, p.title, t.code as "typeCode",
      c.planned_end as "plannedEnd", p.requester_id as "requesterId", p.holder_id as "holderId",
      p.issuer_id as "issuerId"
    from claimed c
    join permits p on p.id = c.permit_id
    join permit_types t on t.id = p.permit_type_id
    order by c.planned_end, p.id`.execute(trx);
  return rows.rows;
}
