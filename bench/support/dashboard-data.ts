import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';

const inForce = sql`p.status in ('isolated', 'issued', 'active', 'suspended', 'live_for_test')`;

/**
 * The records the dashboard's widgets count around bench-permits' permits, set-based (bench/dashboards.ts).
 * `openShare` (e.g. 0.05) closes all but that share of the generated permits first; null keeps the
 * generator's spread (85 % open).
 */
export async function insertWidgetData(db: Kysely<Database>, openShare: number | null): Promise<void> {
  if (openShare !== null)
    await sql`update permits set status = 'closed'
      where number like 'BN-%' and status not in ('closed', 'cancelled') and id % 1000 >= ${Math.round(openShare * 1000)}`.execute(
      db,
    );
  await sql`
    with ip as (select array_agg(id order by id) a from isolation_points where facility_id = 1)
    insert into permit_isolation_points (facility_id, permit_id, isolation_point_id, position, state, isolated_at)
    select 1, p.id, ip.a[1 + (p.id * 3 + k) % cardinality(ip.a)], k, (array['isolated', 'verified'])[1 + k], now()
    from permits p, ip, generate_series(0, 1) k
    where p.facility_id = 1 and p.number like 'BN-%' and ${inForce}`.execute(db);
  await sql`
    insert into locks (facility_id, serial, kind, status)
    select 1, 'BENCH-L' || g, 'padlock', 'in_use' from generate_series(1, 5000) g`.execute(db);
  const admin = sql`(select id from users where user_name = 'admin')`;
  await sql`
    with pts as (
      select pip.id, pip.permit_id, row_number() over (order by pip.id) n
      from permit_isolation_points pip where pip.facility_id = 1 and pip.position = 0 limit 5000
    ), l as (select id, row_number() over (order by id) n from locks where serial like 'BENCH-L%')
    insert into lock_applications (facility_id, lock_id, permit_id, plan_point_id, applied_by, applied_at)
    select 1, l.id, pts.permit_id, pts.id, ${admin}, now() - interval '2 hours' from pts join l using (n)`.execute(db);
  await sql`
    insert into tags (facility_id, number, permit_id, plan_point_id, state, applied_by, applied_at, status_token)
    select 1, 'BENCH-T' || pip.id, pip.permit_id, pip.id, 'applied', ${admin}, now(), md5(pip.id::text)
    from permit_isolation_points pip where pip.facility_id = 1 and pip.position = 1 limit 2000`.execute(db);
  await sql`
    with i as (select id from gas_instruments where facility_id = 1 limit 1),
         p as (select array_agg(id) a from (select id from permits where number like 'BN-%' limit 20000) x)
    insert into permit_gas_tests (facility_id, permit_id, tested_at, location, instrument_id, calibration_due,
                                  tester_name, recorded_by, recorded_at, in_limits)
    select 1, p.a[g], now() - (g % 240) * interval '1 hour', 'Inlet', i.id, '2027-12-31', 'Bench tester', ${admin},
           now(), g % 20 <> 0
    from generate_series(1, 20000) g, i, p`.execute(db);
  await sql`
    insert into sync_commands (facility_id, user_id, device_id, device_seq, idempotency_key, request_hash, name,
                               target, permit_id, input, device_time, synced_at, outcome, base_version, server_version)
    select 1, ${admin}, '00000000-0000-4000-8000-00000000be4c', g, 'bench-conflict-' || g, 'bench', 'permit.edit',
           p.id::text, p.id, '{}', now(), now(), 'conflict', 1, 2
    from generate_series(1, 500) g join lateral (select id from permits where number = 'BN-' || lpad((g * 97)::text, 7, '0')) p on true`.execute(
    db,
  );
  await sql`vacuum analyze`.execute(db);
}
