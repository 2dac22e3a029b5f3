import { sql, type Kysely } from 'kysely';

/**
 * Hazard analysis on permits (decision 0047): each facility's risk matrix, a
 * permit's analysis (its version) and lines (job step, hazard, severity × likelihood = risk,
 * residual rating) with their controls, and the type setting that requires the analysis before a
 * permit is requested. Every reference carries facility_id (no cross-facility pointer); hazards
 * and controls point at the facility's master list items, so an item in use is never deleted.
 * Lines and controls are taken off (removed_at), never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table permit_types add column hazard_analysis_required boolean not null default false;

    create table hazard_risk_matrices (
      facility_id integer primary key references facilities(id),
      severity_labels text[] not null,
      likelihood_labels text[] not null,
      -- cells[severity][likelihood]: 'low' | 'medium' | 'high' (checked by the contracts' schema).
      cells jsonb not null,
      version integer not null default 0 check (version >= 0),
      updated_at timestamptz not null default now()
    );

    create table permit_hazard_analyses (
      permit_id integer primary key,
      facility_id integer not null,
      version integer not null default 0 check (version >= 0),
      updated_at timestamptz not null default now(),
      constraint permit_hazard_analyses_permit_fk foreign key (facility_id, permit_id) references permits(facility_id, id)
    );

    create table hazard_analysis_lines (
      id serial primary key,
      facility_id integer not null,
      permit_id integer not null,
      position integer not null check (position >= 0),
      job_step text not null check (length(job_step) between 1 and 200),
      hazard_item_id integer not null,
      severity smallint not null check (severity between 1 and 6),
      likelihood smallint not null check (likelihood between 1 and 6),
      risk text not null check (risk in ('low', 'medium', 'high')),
      residual_severity smallint check (residual_severity between 1 and 6),
      residual_likelihood smallint check (residual_likelihood between 1 and 6),
      residual_risk text check (residual_risk in ('low', 'medium', 'high')),
      created_by integer not null references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      removed_by integer references users(id),
      removed_at timestamptz,
      constraint hazard_analysis_lines_facility_uq unique (facility_id, id),
      constraint hazard_analysis_lines_permit_fk foreign key (facility_id, permit_id) references permits(facility_id, id),
      constraint hazard_analysis_lines_hazard_fk foreign key (facility_id, hazard_item_id) references master_list_items(facility_id, id),
      constraint hazard_analysis_lines_residual_ck check (
        (residual_severity is null) = (residual_likelihood is null) and (residual_severity is null) = (residual_risk is null))
    );
    create index hazard_analysis_lines_permit_ix on hazard_analysis_lines (permit_id, position) where removed_at is null;

    create table hazard_analysis_controls (
      id serial primary key,
      facility_id integer not null,
      line_id integer not null,
      position integer not null check (position >= 0),
      control_item_id integer,
      -- Free text, or empty for a master list item (its caption is read from the list).
      text text not null default '' check (length(text) <= 200),
      removed_at timestamptz,
      constraint hazard_analysis_controls_line_fk foreign key (facility_id, line_id) references hazard_analysis_lines(facility_id, id),
      constraint hazard_analysis_controls_item_fk foreign key (facility_id, control_item_id) references master_list_items(facility_id, id),
      constraint hazard_analysis_controls_what_ck check ((control_item_id is null) <> (text = ''))
    );
    create index hazard_analysis_controls_line_ix on hazard_analysis_controls (line_id, position) where removed_at is null;

    -- Safety records: never deleted (lines and controls are taken off with removed_at).
    create function hazard_analysis_no_delete() returns trigger language plpgsql as $$
    begin
      raise exception 'hazard analysis rows are never deleted: take them off (removed_at)';
    end $$;
    create trigger hazard_analysis_lines_no_delete before delete or truncate on hazard_analysis_lines
      for each statement execute function hazard_analysis_no_delete();
    create trigger hazard_analysis_controls_no_delete before delete or truncate on hazard_analysis_controls
      for each statement execute function hazard_analysis_no_delete();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table hazard_analysis_controls;
    drop table hazard_analysis_lines;
    drop function hazard_analysis_no_delete();
    drop table permit_hazard_analyses;
    drop table hazard_risk_matrices;
    alter table permit_types drop column hazard_analysis_required;
  `.execute(db);
}
