import { sql } from 'kysely';
import type { PermitStatus } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/** Whose work, and the permit types they may see (the permit index's scope). */
export interface MyWorkScope {
  facilityId: number;
  userId: number;
  viewTypeIds: number[];
  viewsAllTypes: boolean;
}

/** A permit as a card names it, with the reader's part in its open lockbox. */
export interface MyPermitRow {
  id: number;
  number: string;
  title: string;
  status: PermitStatus;
  isHolder: boolean;
  boxOpen: boolean;
  keysDeposited: boolean;
  isPrimary: boolean;
  signedOn: boolean;
}

export interface MyLockRow {
  permitId: number;
  number: string;
  title: string;
  status: PermitStatus;
  serial: string;
  on: string;
  onLockbox: boolean;
}

const viewable = (scope: MyWorkScope) =>
  scope.viewsAllTypes ? sql`true` : sql`p.permit_type_id = any(${scope.viewTypeIds}::int[])`;

/**
 * The facility's permits the reader holds (not closed, cancelled or expired) or whose open lockbox
 * they lead or are signed on to, with their part in that lockbox; types they may view only.
 */
export async function listMyPermits(db: Db, scope: MyWorkScope): Promise<MyPermitRow[]> {
  const { rows } = await sql<MyPermitRow>`
    with box as (
      select b.permit_id, b.keys_deposited_at is not null as deposited, b.primary_user_id = ${scope.userId} as primary,
        exists (select 1 from lock_applications a where a.lockbox_id = b.id and a.removed_at is null
          and a.applied_by = ${scope.userId}) as signed_on
      from lockboxes b where b.facility_id = ${scope.facilityId} and b.released_at is null
    )
    select p.id, p.number, p.title, p.status,
      coalesce(p.holder_id = ${scope.userId}, false) as "isHolder",
      box.permit_id is not null as "boxOpen",
      coalesce(box.deposited, false) as "keysDeposited",
      coalesce(box.primary, false) as "isPrimary",
      coalesce(box.signed_on, false) as "signedOn"
    from permits p left join box on box.permit_id = p.id
    where p.facility_id = ${scope.facilityId} and ${viewable(scope)}
      and (
        (p.holder_id = ${scope.userId} and p.status not in ('closed', 'cancelled', 'expired'))
        or box.primary or box.signed_on
      )
    order by p.planned_start, p.id`.execute(db);
  return rows;
}

/** The reader's locks still on in the facility: on an isolation point (its code) or a lockbox (its number). */
export async function listMyLocksOn(db: Db, scope: MyWorkScope): Promise<MyLockRow[]> {
  const { rows } = await sql<MyLockRow>`
    select p.id as "permitId", p.number, p.title, p.status, l.serial,
      coalesce(ip.code, b.number, '') as "on", la.lockbox_id is not null as "onLockbox"
    from lock_applications la
      join locks l on l.id = la.lock_id
      join permits p on p.id = la.permit_id and p.facility_id = ${scope.facilityId}
      left join permit_isolation_points pip on pip.id = la.plan_point_id
      left join isolation_points ip on ip.id = pip.isolation_point_id
      left join lockboxes b on b.id = la.lockbox_id
    where la.facility_id = ${scope.facilityId} and la.applied_by = ${scope.userId} and la.removed_at is null
      and ${viewable(scope)}
    order by la.applied_at, la.id`.execute(db);
  return rows;
}
