import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's counts at 300,000 permits (issue 20 speed, decision 0079), from EXPLAIN (ANALYZE,
 * BUFFERS) over bench/dashboards.ts's data:
 * - The views found from their own small tables (live isolation points, locks on, tags, gas tests,
 *   conflicts) come back to `permits` for the permit's facility, type, area or planned end. Through
 *   the primary key that is a heap visit per permit, which the planner priced above a sequential scan
 *   of every permit (isolations by area: 5,800 live permits, 300,000 rows read, 98 ms). A narrow
 *   covering index by (facility, id) makes each lookup index-only: 10 ms (history shape); 115,000
 *   live permits (worst shape) merge-join with it in ~70 ms instead of 340.
 * - By status and by type count every open permit: the status index carries the type and the
 *   planned end (no new index, the same one rebuilt wider), so both counts and "expiring soon"
 *   are index-only scans (by type over 254,000 open permits: 86 → 45 ms; expiring: 57 → 17 ms).
 * Neither adds a HOT update path that existed before: a permit update already writes every index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index permits_summary_ix on permits (facility_id, id) include (permit_type_id, area_id, planned_end);
    drop index permits_status_start_ix;
    create index permits_status_start_ix on permits (facility_id, status, planned_start desc, id desc)
      include (permit_type_id, planned_end);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index permits_status_start_ix;
    create index permits_status_start_ix on permits (facility_id, status, planned_start desc, id desc);
    drop index permits_summary_ix;
  `.execute(db);
}
