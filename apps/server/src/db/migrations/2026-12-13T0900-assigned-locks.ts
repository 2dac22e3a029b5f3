import { sql, type Kysely } from 'kysely';

/**
 * A pool lock (no owner) is handed to one permit from the lock cabinet: only that permit's people
 * apply it (contracts' `lockApplyRefusal`). The permit is of the lock's own facility (the composite
 * key); an assignment to a closed or cancelled permit counts as none when read (decision 0114).
 * Re-runnable (a migration recorded as pending after it ran, as the roles test does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table locks add column if not exists assigned_permit_id integer;
    alter table locks drop constraint if exists locks_assigned_permit_fk;
    alter table locks add constraint locks_assigned_permit_fk
      foreign key (facility_id, assigned_permit_id) references permits(facility_id, id);
    create index if not exists locks_assigned_permit_ix on locks (facility_id, assigned_permit_id)
      where assigned_permit_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists locks_assigned_permit_ix;
    alter table locks drop constraint if exists locks_assigned_permit_fk;
    alter table locks drop column if exists assigned_permit_id;
  `.execute(db);
}
