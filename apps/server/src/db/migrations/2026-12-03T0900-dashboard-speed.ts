import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's counts at 300,000 permits (decision 0079), from EXPLAIN (ANALYZE,
 * BUFFERS) over bench/dashboards.ts's data:
 * - The views found from their own small tables (live isolation points, locks on, tags, gas tests,
 *   conflicts) come back to `permits` for the permit's facility, type, area or planned end. Through
 *   the primary key that is a heap visit per permit, which the planner priced above a sequential scan
 *   of every permit (isolations by area: 5,800 live permits, 300,000 rows read, 98 ms). A narrow
 *   covering index by (facility, id) makes each lookup index-only: 10 ms (history shape); 115,000
 *   live permits (worst shape) merge-join with it in ~70 ms instead of 340.
 * - By status and by type count every open permit: the status index carries the type (the same
 *   index rebuilt wider, not a new one), so both are index-only scans (by type over 254,000 open
 *   permits: 86 → 45–60 ms). Not the planned end too: with it the planner read March's starts off the
 *   status index for the index's "starts in March, by planned end" page (1.4 → 7.7 ms).
 * - Expiring soon (in force, ending within 24 h, by type): a partial index of the permits in force
 *   by planned end, with the type (55,000 of the worst shape: 57 → 10–17 ms; the expiry jobs'
 *   `permits_in_force_end_ix` leaves voided permits out, which the view does not).
 * A permit update already writes every index of `permits` (never HOT, decision 0066): the summary
 * index is one more entry per write, the partial one only for permits in force.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index permits_summary_ix on permits (facility_id, id) include (permit_type_id, area_id, planned_end);
    drop index permits_status_start_ix;
    create index permits_status_start_ix on permits (facility_id, status, planned_start desc, id desc)
      include (permit_type_id);
    -- The statuses of permit-index.repository's inForce, as literals there too (a partial index matches literals).
    create index permits_in_force_type_end_ix on permits (facility_id, planned_end) include (permit_type_id)
      where status in ('isolated', 'issued', 'active', 'suspended', 'live_for_test');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index permits_in_force_type_end_ix;
    drop index permits_status_start_ix;
    create index permits_status_start_ix on permits (facility_id, status, planned_start desc, id desc);
    drop index permits_summary_ix;
  `.execute(db);
}
