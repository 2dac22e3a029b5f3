import { sql, type Kysely } from 'kysely';

/**
 * Shift change (1910.147 (f)(4)): each hand-over's notes — abnormal conditions, the work left, the
 * locks that stay on — kept as the permit's handover log, and acknowledged by the incoming holder's
 * signed acceptance. The permit names its handover still waiting for that acknowledgment.
 * Written once: only the acknowledgment is filled in later, once; a trigger refuses any other change.
 * Re-runnable (a migration recorded as pending after it ran, as the roles test does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists permit_handovers (
      id serial primary key,
      facility_id int not null references facilities(id),
      permit_id int not null references permits(id),
      from_holder_id int references users(id),
      to_holder_id int not null references users(id),
      handed_over_by int not null references users(id),
      handed_over_at timestamptz not null,
      abnormal_conditions text not null check (length(abnormal_conditions) between 1 and 2000),
      work_remaining text not null check (length(work_remaining) between 1 and 2000),
      locks_staying jsonb not null default '[]',
      acknowledged_by int references users(id),
      acknowledged_at timestamptz,
      check ((acknowledged_by is null) = (acknowledged_at is null))
    );
    create index if not exists permit_handovers_permit on permit_handovers (permit_id, id);
    alter table permits add column if not exists pending_handover_id int references permit_handovers(id);
    create or replace function hasp_refuse_handover_change() returns trigger language plpgsql as $$
    begin
      if old.acknowledged_at is null and new.acknowledged_at is not null
        and (new.id, new.facility_id, new.permit_id, new.from_holder_id, new.to_holder_id, new.handed_over_by,
             new.handed_over_at, new.abnormal_conditions, new.work_remaining, new.locks_staying)
            is not distinct from
            (old.id, old.facility_id, old.permit_id, old.from_holder_id, old.to_holder_id, old.handed_over_by,
             old.handed_over_at, old.abnormal_conditions, old.work_remaining, old.locks_staying)
      then
        return new;
      end if;
      raise exception 'a handover never changes: its notes were signed as written, and it is acknowledged once'
        using errcode = 'restrict_violation';
    end $$;
    create or replace trigger permit_handovers_unchanging before update or delete on permit_handovers
      for each row execute function hasp_refuse_handover_change();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table permits drop column if exists pending_handover_id;
    drop table if exists permit_handovers;
    drop function if exists hasp_refuse_handover_change();
  `.execute(db);
}
