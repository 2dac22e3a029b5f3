import { sql, type Kysely } from 'kysely';

/**
 * Simultaneous operations (SIMOPS; decision 0098). A facility's rules per pair of
 * permit types, stored once per pair with the lower type ID first (the pair has no order; a type may
 * pair with itself), and the overrides of blocking conflicts: signed (who, when, why) and never
 * changed or deleted, each linking the permit that was approved or issued to the one it conflicted with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table simops_rules (
      facility_id integer not null references facilities (id),
      first_type_id integer not null,
      second_type_id integer not null,
      mode text not null check (mode in ('warn', 'block')),
      primary key (facility_id, first_type_id, second_type_id),
      constraint simops_rules_pair_order check (first_type_id <= second_type_id),
      constraint simops_rules_first_fk foreign key (facility_id, first_type_id) references permit_types (facility_id, id),
      constraint simops_rules_second_fk foreign key (facility_id, second_type_id) references permit_types (facility_id, id)
    );
    create table simops_overrides (
      id serial primary key,
      facility_id integer not null,
      permit_id integer not null,
      other_permit_id integer not null,
      command text not null check (command in ('approve', 'issue')),
      reason text not null check (length(btrim(reason)) > 0),
      signer_id integer not null references users (id),
      signer_name text not null,
      signed_at timestamptz not null,
      constraint simops_overrides_permit_fk foreign key (facility_id, permit_id) references permits (facility_id, id),
      constraint simops_overrides_other_fk foreign key (facility_id, other_permit_id) references permits (facility_id, id),
      constraint simops_overrides_two_permits check (permit_id <> other_permit_id)
    );
    create index simops_overrides_permit_idx on simops_overrides (permit_id);
    create index simops_overrides_other_idx on simops_overrides (other_permit_id);
    create trigger simops_overrides_no_change before delete on simops_overrides
      for each row execute function hasp_refuse_delete();
    create trigger simops_overrides_no_truncate before truncate on simops_overrides
      for each statement execute function hasp_refuse_delete();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table simops_overrides; drop table simops_rules;`.execute(db);
}
