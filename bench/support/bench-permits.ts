import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';

/** 300,000 permits in one statement: every type, status, area and person of North Plant spread over them. */
export async function insertPermits(db: Kysely<Database>, count: number): Promise<void> {
  await sql`
    with t as (select array_agg(id order by id) a from permit_types where facility_id = 1),
         ar as (select array_agg(id order by id) a from areas where facility_id = 1),
         u as (select array_agg(user_id order by user_id) a from user_facilities where facility_id = 1),
         s as (select array['draft','requested','approved','isolated','issued','active','suspended','live_for_test',
                            'work_complete','de_isolation','closed','cancelled','expired'] a),
         w as (select array['pump','conveyor','mixer','boiler','valve','motor','compressor','chiller','press','fan'] a)
    insert into permits (facility_id, permit_type_id, number, status, title, description, area_id,
                         planned_start, planned_end, requester_id, holder_id, risk_level)
    select 1,
           t.a[1 + g % cardinality(t.a)],
           'BN-' || lpad(g::text, 7, '0'),
           s.a[1 + (g * 7) % 13],
           'Bench ' || w.a[1 + g % 10] || ' ' || w.a[1 + (g / 10) % 10] || ' job ' || g,
           'Routine work on the ' || w.a[1 + (g / 100) % 10],
           ar.a[1 + g % cardinality(ar.a)],
           timestamptz '2026-01-01' + (g % 700) * interval '1 day' + (g % 24) * interval '1 hour',
           timestamptz '2026-01-01' + (g % 700) * interval '1 day' + (g % 24 + 8) * interval '1 hour',
           u.a[1 + g % cardinality(u.a)],
           case when g % 3 = 0 then null else u.a[1 + (g / 3) % cardinality(u.a)] end,
           (array['low','medium','high'])[1 + g % 3]
    from generate_series(1, ${count}::int) g, t, ar, u, s, w
  `.execute(db);
  await sql`vacuum analyze permits`.execute(db);
}
