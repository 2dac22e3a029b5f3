import { sql, type Kysely } from 'kysely';

/**
 * Permits (decision 0031): the permit, its assets and its approvals. Every row carries
 * facility_id and every reference into the facility's records includes it in the foreign key, so a
 * permit can never point at another facility's type, area or asset. Nothing about a permit is ever
 * deleted: a permit is voided with a reason and approvals are cleared, so triggers refuse DELETE and
 * TRUNCATE on both tables. The status list is the lifecycle's (packages/contracts permit-lifecycle);
 * status only changes through the lifecycle commands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The composite key permits reference, so a permit's type is always its own facility's.
    alter table permit_types add constraint permit_types_facility_uq unique (facility_id, id);

    create table permits (
      id serial primary key,
      facility_id integer not null references facilities(id),
      permit_type_id integer not null,
      number text not null,
      status text not null default 'draft' check (status in (
        'draft', 'requested', 'approved', 'isolated', 'issued', 'active', 'suspended', 'live_for_test',
        'work_complete', 'de_isolation', 'closed', 'cancelled', 'expired'
      )),
      area_id integer,
      title text not null,
      description text not null default '',
      work_method text not null default '',
      planned_start timestamptz not null,
      planned_end timestamptz not null,
      requester_id integer not null references users(id),
      holder_id integer references users(id),
      issuer_id integer references users(id),
      revision integer not null default 0 check (revision >= 0),
      version integer not null default 0 check (version >= 0),
      extension_count integer not null default 0 check (extension_count >= 0),
      voided_at timestamptz,
      void_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- Free text of the index page: one lower-cased column, so one trigram index serves the search.
      search_text text generated always as (
        lower(number || ' ' || title || ' ' || description || ' ' || work_method)
      ) stored,
      constraint permits_number_uq unique (facility_id, number),
      constraint permits_facility_uq unique (facility_id, id),
      constraint permits_type_fk foreign key (facility_id, permit_type_id) references permit_types(facility_id, id),
      constraint permits_area_fk foreign key (facility_id, area_id) references areas(facility_id, id),
      constraint permits_window_ck check (planned_end > planned_start),
      constraint permits_void_ck check ((voided_at is null) = (void_reason is null))
    );
    -- The index page (300,000 permits): each filter it offers leads with the facility, then sorts by
    -- planned start; the number lookup is permits_number_uq.
    create index permits_start_ix on permits (facility_id, planned_start desc, id desc);
    create index permits_status_start_ix on permits (facility_id, status, planned_start desc, id desc);
    create index permits_type_start_ix on permits (facility_id, permit_type_id, planned_start desc, id desc);
    create index permits_holder_ix on permits (facility_id, holder_id, status) where holder_id is not null;
    create index permits_requester_ix on permits (facility_id, requester_id, status);
    create index permits_area_ix on permits (facility_id, area_id) where area_id is not null;

    create table permit_assets (
      permit_id integer not null,
      facility_id integer not null,
      asset_id integer not null,
      primary key (permit_id, asset_id),
      constraint permit_assets_permit_fk foreign key (facility_id, permit_id) references permits(facility_id, id),
      constraint permit_assets_asset_fk foreign key (facility_id, asset_id) references assets(facility_id, id)
    );
    -- "Permits on this asset" (index filter, asset page).
    create index permit_assets_asset_ix on permit_assets (facility_id, asset_id, permit_id);

    create table permit_approvals (
      id serial primary key,
      permit_id integer not null,
      facility_id integer not null,
      user_id integer not null references users(id),
      approved_at timestamptz not null,
      -- Set when a core edit after approval sends the permit back to Requested; the row stays.
      cleared_at timestamptz,
      constraint permit_approvals_permit_fk foreign key (facility_id, permit_id) references permits(facility_id, id)
    );
    create unique index permit_approvals_current_uq on permit_approvals (permit_id, user_id) where cleared_at is null;
    create index permit_approvals_user_ix on permit_approvals (facility_id, user_id) where cleared_at is null;

    create function hasp_refuse_delete() returns trigger language plpgsql as $$
    begin
      raise exception '% rows are never deleted (void or clear them instead)', tg_table_name
        using errcode = 'restrict_violation';
    end $$;
    create trigger permits_no_delete before delete on permits
      for each row execute function hasp_refuse_delete();
    create trigger permits_no_truncate before truncate on permits
      for each statement execute function hasp_refuse_delete();
    create trigger permit_approvals_no_delete before delete on permit_approvals
      for each row execute function hasp_refuse_delete();
    create trigger permit_approvals_no_truncate before truncate on permit_approvals
      for each statement execute function hasp_refuse_delete();
  `.execute(db);

  // Free-text search: a trigram index when pg_trgm is installed (the assets migration installs it;
  // embedded PostgreSQL ships it). Without it the search still works, scanning the facility's rows.
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index permits_search_trgm_ix on permits using gin (search_text gin_trgm_ops);
      end if;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table permit_approvals;
    drop table permit_assets;
    drop table permits;
    drop function hasp_refuse_delete();
    alter table permit_types drop constraint permit_types_facility_uq;
  `.execute(db);
}
