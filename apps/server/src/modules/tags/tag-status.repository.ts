import { sql, type Kysely } from 'kysely';
import type { TagState } from '@hasp/contracts';
import type { Database } from '../../db/schema';

export interface TagStatusRow {
  number: string;
  state: TagState;
  pointCode: string | null;
  pointLocation: string | null;
  permitNumber: string;
  permitStatus: string;
  appliedByName: string | null;
  appliedAt: Date | null;
  lastChangedAt: Date;
}

/**
 * The public status of the tag with this (unrevoked) token: one query through the token's unique
 * index (tags_token_uq), reading only what the public page shows.
 */
export async function findTagStatus(db: Kysely<Database>, token: string): Promise<TagStatusRow | undefined> {
  const { rows } = await sql<TagStatusRow>`
    select t.number, t.state, ip.code as "pointCode", ip.location as "pointLocation",
      p.number as "permitNumber", p.status as "permitStatus", u.display_name as "appliedByName",
      t.applied_at as "appliedAt",
      greatest(t.created_at, t.printed_at, t.applied_at, t.verified_at, t.removed_at, t.voided_at, t.missing_at,
               p.updated_at) as "lastChangedAt"
    from tags t
    join permits p on p.facility_id = t.facility_id and p.id = t.permit_id
    left join permit_isolation_points pp on pp.facility_id = t.facility_id and pp.id = t.plan_point_id
    left join isolation_points ip on ip.facility_id = pp.facility_id and ip.id = pp.isolation_point_id
    left join users u on u.id = t.applied_by
    where t.status_token = ${token} and t.status_token_revoked_at is null`.execute(db);
  return rows[0];
}
