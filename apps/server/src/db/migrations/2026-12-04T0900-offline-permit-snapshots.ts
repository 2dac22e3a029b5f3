import { sql, type Kysely } from 'kysely';

/**
 * What a permit's offline JSON is read from (the offline download speed goal; decision 0082): the tables the offline
 * download's readers read (`offline-snapshot-sources.test.ts` checks the list against what the
 * readers really read). A row written, changed or deleted in a permit's own tables records that
 * permit as changed; a change to what many permits show (a type, a name, a question, a setting)
 * records every permit as changed. Copied here, not imported: a migration stays as it ran.
 */
const permitTables: readonly (readonly [table: string, permitColumn: string])[] = [
  ['permit_approvals', 'permit_id'],
  ['permit_assets', 'permit_id'],
  ['permit_attachments', 'permit_id'],
  ['permit_gas_tests', 'permit_id'],
  ['permit_hazard_analyses', 'permit_id'],
  ['permit_isolation_plans', 'permit_id'],
  ['permit_signatures', 'permit_id'],
  ['question_answers', 'permit_id'],
  ['hazard_analysis_lines', 'permit_id'],
  ['lockboxes', 'permit_id'],
  ['lock_applications', 'permit_id'],
  ['tags', 'permit_id'],
];
/** Tables whose rows name a parent row of a permit's own table instead of the permit. */
const childTables: readonly (readonly [table: string, parent: string, column: string])[] = [
  ['permit_gas_readings', 'permit_gas_tests', 'test_id'],
  ['hazard_analysis_controls', 'hazard_analysis_lines', 'line_id'],
];
const referenceTables: readonly string[] = [
  'app_settings',
  'approval_stage_configs',
  'approval_stages',
  'areas',
  'assets',
  'captions',
  'components',
  'connection_grants',
  'energy_sources',
  'gas_instruments',
  'gas_parameters',
  'group_permissions',
  'groups',
  'hazard_risk_matrices',
  'isolation_points',
  'master_list_items',
  'permit_types',
  'user_groups',
  'question_assignments',
  'question_versions',
  'questions',
];
/**
 * Reference tables also written for other reasons, watched only for the columns a permit shows: a
 * sign-in writes `users` (its failed-attempt count), a lock applied writes `locks` (its status): neither
 * must outdate every copy.
 */
const referenceColumns: readonly (readonly [table: string, columns: string])[] = [
  ['users', 'user_name, display_name, is_active'],
  // A lock's status, version and time move with every lock applied or removed anywhere; a copy shows
  // a lock through its application on the permit (watched), and the free locks are the viewer's flags.
  ['locks', 'serial, kind, colour_item_id, owner_id, note, facility_id'],
];

/**
 * The change log and the stored copies (decision 0082). A copy is taken inside one repeatable-read
 * snapshot and stored with it (`taken`); it is current while every change row of its permit (or of
 * every permit) was made by a transaction that snapshot already saw (`pg_visible_in_snapshot`).
 * A writer still running while the copy was read commits later with an xid the snapshot did not
 * see, so its change always outdates the copy: there is no window in which a stale copy is kept.
 * The triggers are statement-level (one insert a statement, whatever it touches) and never read the
 * copies, so a writer never waits on them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table offline_permit_changes (
      facility_id int,
      permit_id int,
      xid xid8 not null default pg_current_xact_id()
    )`.execute(db);
  await sql`create index offline_permit_changes_permit_ix on offline_permit_changes (permit_id)`.execute(db);
  await sql`create index offline_permit_changes_all_ix on offline_permit_changes (xid) where permit_id is null`.execute(
    db,
  );
  await sql`
    create table offline_permit_snapshots (
      permit_id int primary key references permits (id) on delete cascade,
      facility_id int not null references facilities (id),
      taken pg_snapshot not null,
      body text not null,
      inputs text not null,
      value_keys text not null
    )`.execute(db);
  // The values copies share (a question version, a stage's problems, a matrix), by the hash of their
  // JSON: content-addressed, so never outdated; a copy names the ones it shows (value_keys: the hashes, space-separated).
  await sql`create table offline_copy_values (hash text primary key, value text not null)`.execute(db);
  // The pruning's marks: snapshots it took earlier (offline-snapshots.repository.ts pruneChanges).
  await sql`
    create table offline_prune_marks (
      taken pg_snapshot not null,
      marked_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`
    create function offline_permit_rows_changed() returns trigger language plpgsql as $$
    declare
      col text := tg_argv[0];
    begin
      if tg_op = 'INSERT' then
        execute format('insert into offline_permit_changes (facility_id, permit_id)
          select distinct facility_id, %I from new_rows where %I is not null', col, col);
      elsif tg_op = 'UPDATE' then
        execute format('insert into offline_permit_changes (facility_id, permit_id)
          select facility_id, %I from new_rows where %I is not null
          union select facility_id, %I from old_rows where %I is not null', col, col, col, col);
      else
        execute format('insert into offline_permit_changes (facility_id, permit_id)
          select distinct facility_id, %I from old_rows where %I is not null', col, col);
      end if;
      return null;
    end $$`.execute(db);
  // A row that names its parent, not its permit (a gas reading its test, a control its hazard line).
  await sql`
    create function offline_child_rows_changed() returns trigger language plpgsql as $$
    declare
      parent text := tg_argv[0];
      col text := tg_argv[1];
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        execute format('insert into offline_permit_changes (facility_id, permit_id)
          select distinct p.facility_id, p.permit_id from new_rows r join %I p on p.id = r.%I', parent, col);
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        execute format('insert into offline_permit_changes (facility_id, permit_id)
          select distinct p.facility_id, p.permit_id from old_rows r join %I p on p.id = r.%I', parent, col);
      end if;
      return null;
    end $$`.execute(db);
  // A plan shows which other permits hold each of its points ("Held by LOTO-…", heldBy): a plan
  // point's change is a change of every permit with a point on the same isolation point, and a
  // permit's number one of every permit sharing a point with it.
  await sql`
    create function offline_plan_points_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into offline_permit_changes (facility_id, permit_id)
          select distinct s.facility_id, s.permit_id from new_rows r
          join permit_isolation_points s on s.facility_id = r.facility_id and s.isolation_point_id = r.isolation_point_id
          union select facility_id, permit_id from new_rows;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        insert into offline_permit_changes (facility_id, permit_id)
          select distinct s.facility_id, s.permit_id from old_rows r
          join permit_isolation_points s on s.facility_id = r.facility_id and s.isolation_point_id = r.isolation_point_id
          union select facility_id, permit_id from old_rows;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function offline_permits_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into offline_permit_changes (facility_id, permit_id) select distinct facility_id, id from new_rows;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        insert into offline_permit_changes (facility_id, permit_id) select distinct facility_id, id from old_rows;
      end if;
      if tg_op = 'UPDATE' then
        insert into offline_permit_changes (facility_id, permit_id)
          select distinct s.facility_id, s.permit_id from new_rows n
          join old_rows o on o.id = n.id and o.number is distinct from n.number
          join permit_isolation_points mine on mine.facility_id = n.facility_id and mine.permit_id = n.id
          join permit_isolation_points s on s.facility_id = mine.facility_id and s.isolation_point_id = mine.isolation_point_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function offline_reference_changed() returns trigger language plpgsql as $$
    begin
      insert into offline_permit_changes (facility_id, permit_id) values (null, null);
      return null;
    end $$`.execute(db);
  const rowTriggers = (table: string, fn: string, args: string) => [
    `create trigger ${table}_offline_ins after insert on ${table} referencing new table as new_rows for each statement execute function ${fn}(${args})`,
    `create trigger ${table}_offline_upd after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}(${args})`,
    `create trigger ${table}_offline_del after delete on ${table} referencing old table as old_rows for each statement execute function ${fn}(${args})`,
  ];
  for (const [table, column] of permitTables) {
    for (const statement of rowTriggers(table, 'offline_permit_rows_changed', `'${column}'`)) {
      await sql.raw(statement).execute(db);
    }
  }
  for (const statement of rowTriggers('permits', 'offline_permits_changed', '')) await sql.raw(statement).execute(db);
  for (const statement of rowTriggers('permit_isolation_points', 'offline_plan_points_changed', '')) {
    await sql.raw(statement).execute(db);
  }
  for (const [table, parent, column] of childTables) {
    for (const statement of rowTriggers(table, 'offline_child_rows_changed', `'${parent}', '${column}'`)) {
      await sql.raw(statement).execute(db);
    }
  }
  for (const table of referenceTables) {
    await sql
      .raw(
        `create trigger ${table}_offline_changed after insert or update or delete or truncate on ${table} for each statement execute function offline_reference_changed()`,
      )
      .execute(db);
  }
  for (const [table, columns] of referenceColumns) {
    await sql
      .raw(
        `create trigger ${table}_offline_changed after insert or update of ${columns} or delete or truncate on ${table} for each statement execute function offline_reference_changed()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...referenceTables, ...referenceColumns.map(([name]) => name)]) {
    await sql.raw(`drop trigger ${table}_offline_changed on ${table}`).execute(db);
  }
  for (const [table] of [...permitTables, ...childTables, ['permits'], ['permit_isolation_points']]) {
    for (const suffix of ['ins', 'upd', 'del'])
      await sql.raw(`drop trigger ${table}_offline_${suffix} on ${table}`).execute(db);
  }
  await sql`drop function offline_reference_changed()`.execute(db);
  await sql`drop function offline_child_rows_changed()`.execute(db);
  await sql`drop function offline_plan_points_changed()`.execute(db);
  await sql`drop function offline_permits_changed()`.execute(db);
  await sql`drop function offline_permit_rows_changed()`.execute(db);
  await sql`drop table offline_prune_marks`.execute(db);
  await sql`drop table offline_copy_values`.execute(db);
  await sql`drop table offline_permit_snapshots`.execute(db);
  await sql`drop table offline_permit_changes`.execute(db);
}
