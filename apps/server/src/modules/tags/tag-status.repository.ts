import { CompiledQuery, type Kysely } from 'kysely';
import type { TagState } from '@hasp/contracts';
import { poolOf } from '../../db/pools';
import type { Database } from '../../db/schema';

export interface TagStatusRow {
  legend: string | null;
  facilityName: string;
  timeZone: string;
  number: string;
  state: TagState;
  pointCode: string | null;
  pointLocation: string | null;
  permitNumber: string;
  permitStatus: string;
  appliedByName: string | null;
  appliedByDepartment: string | null;
  appliedByContact: string | null;
  appliedAt: Date | null;
  plannedEnd: Date;
  lastChangedAt: Date;
}

/**
 * What the public page shows for a set of (unrevoked) tokens, one query through the token's unique
 * index (tags_token_uq). A named statement: the route is scanned constantly, and PostgreSQL then
 * parses and plans it once per session instead of on every scan (bench/tag-status.ts: planning the
 * four joins was most of the database's share of a scan).
 */
const tagStatusStatement = {
  name: 'public-tag-status',
  text: `
    select t.status_token as token, t.number, t.state, ip.code as "pointCode", ip.location as "pointLocation",
      p.number as "permitNumber", p.status as "permitStatus", u.display_name as "appliedByName",
      u.department as "appliedByDepartment", u.contact as "appliedByContact",
      t.applied_at as "appliedAt", p.planned_end as "plannedEnd", f.name as "facilityName", f.time_zone as "timeZone",
      -- The tag's own legend, else the facility's first (as the paper prints it).
      coalesce(l.value, (select d.value from master_list_items d
        where d.facility_id = t.facility_id and d.list_key = 'tag-legends' and d.is_active
        order by d.sort_order, d.id limit 1)) as legend,
      greatest(t.created_at, t.printed_at, t.applied_at, t.verified_at, t.removed_at, t.voided_at, t.missing_at,
               p.updated_at) as "lastChangedAt"
    from tags t
    join permits p on p.facility_id = t.facility_id and p.id = t.permit_id
    join facilities f on f.id = t.facility_id
    left join master_list_items l on l.facility_id = t.facility_id and l.id = t.legend_item_id
    left join permit_isolation_points pp on pp.facility_id = t.facility_id and pp.id = t.plan_point_id
    left join isolation_points ip on ip.facility_id = pp.facility_id and ip.id = pp.isolation_point_id
    left join users u on u.id = t.applied_by
    where t.status_token = any($1::text[]) and t.status_token_revoked_at is null`,
};

type Found = TagStatusRow & { token: string };

async function readTagStatuses(db: Kysely<Database>, tokens: string[]): Promise<Found[]> {
  const pool = poolOf(db);
  if (pool) return (await pool.query<Found>({ ...tagStatusStatement, values: [tokens] })).rows;
  return (await db.executeQuery<Found>(CompiledQuery.raw(tagStatusStatement.text, [tokens]))).rows;
}

type Waiter = { resolve: (row: TagStatusRow | undefined) => void; reject: (error: unknown) => void };

/**
 * Scans that reach the server in the same turn of the event loop share one query: each read still
 * starts after its scan arrived (nothing is kept between turns, so every answer is live), but N
 * scans cost one round trip to PostgreSQL instead of N. On the bench machine a round trip's socket
 * write and read were most of the server's time per scan (bench/README.md).
 */
class TagStatusBatch {
  private waiting: Map<string, Waiter[]> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  find(token: string): Promise<TagStatusRow | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.waiting) {
        this.waiting = new Map();
        // After the poll phase: every request read from the sockets in this turn has asked by then.
        setImmediate(() => void this.flush());
      }
      const waiters = this.waiting.get(token);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(token, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting!;
    this.waiting = null;
    try {
      const rows = await readTagStatuses(this.db, [...waiting.keys()]);
      const byToken = new Map(rows.map(({ token, ...row }) => [token, row]));
      for (const [token, waiters] of waiting) for (const w of waiters) w.resolve(byToken.get(token));
    } catch (error) {
      for (const waiters of waiting.values()) for (const w of waiters) w.reject(error);
    }
  }
}

const batches = new WeakMap<Kysely<Database>, TagStatusBatch>();

/** The public status of the tag with this (unrevoked) token, read now. */
export function findTagStatus(db: Kysely<Database>, token: string): Promise<TagStatusRow | undefined> {
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = new TagStatusBatch(db)));
  return batch.find(token);
}
