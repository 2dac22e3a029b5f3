import { sql, type Kysely } from 'kysely';

/**
 * Dashboards (decision 0075): each user's layout per facility, the facility's default
 * (an administrator's, audited), and the partial indexes the widgets' counts read at 300,000 permits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table dashboard_layouts (
      facility_id int not null references facilities(id),
      user_id int not null references users(id),
      items jsonb not null,
      version int not null default 1,
      updated_at timestamptz not null default now(),
      primary key (facility_id, user_id)
    );
    create table dashboard_default_layouts (
      facility_id int primary key references facilities(id),
      items jsonb not null,
      version int not null default 1,
      updated_by int references users(id),
      updated_at timestamptz not null default now()
    );
    -- Tags I applied, still on: the my-work widget and view=tagged.
    create index tags_applied_by_ix on tags (facility_id, applied_by, permit_id)
      where state in ('applied', 'verified');
    -- Live isolations by permit (view=isolated, isolations by area).
    create index permit_isolation_points_live_ix on permit_isolation_points (facility_id, permit_id)
      where removed_at is null and state in ('isolated', 'verified', 'test_released');
    -- Locks on, by facility (the locks widget; lock_applications_permit_ix has no facility).
    create index lock_applications_open_ix on lock_applications (facility_id, permit_id)
      where removed_at is null;
    -- Gas tests out of limits (today's, by time).
    create index permit_gas_tests_out_ix on permit_gas_tests (facility_id, tested_at)
      where not in_limits and voided_at is null;
    -- Offline conflicts not yet resolved.
    create index sync_commands_open_conflicts_ix on sync_commands (facility_id, permit_id)
      where outcome = 'conflict' and resolved_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index sync_commands_open_conflicts_ix;
    drop index permit_gas_tests_out_ix;
    drop index lock_applications_open_ix;
    drop index permit_isolation_points_live_ix;
    drop index tags_applied_by_ix;
    drop table dashboard_default_layouts;
    drop table dashboard_layouts;
  `.execute(db);
}
