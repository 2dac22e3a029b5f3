import { sql, type Kysely } from 'kysely';

/**
 * Assets: master lists, the area/asset tree, components with energy sources and
 * isolation points, photos, and import files. Every row carries facility_id; references between
 * these tables include facility_id in the foreign key, so a row can never point into another
 * facility. Rows that others reference are retired (status / is_active), never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table master_list_items (
      id serial primary key,
      facility_id integer not null references facilities(id),
      list_key text not null,
      value text not null,
      sort_order integer not null default 0,
      is_active boolean not null default true,
      version integer not null default 0,
      constraint master_list_items_value_uq unique (facility_id, list_key, value),
      constraint master_list_items_facility_uq unique (facility_id, id)
    );

    create table areas (
      id serial primary key,
      facility_id integer not null references facilities(id),
      parent_area_id integer,
      number text not null,
      name text not null,
      description text not null default '',
      version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint areas_number_uq unique (facility_id, number),
      constraint areas_facility_uq unique (facility_id, id),
      constraint areas_parent_fk foreign key (facility_id, parent_area_id) references areas(facility_id, id),
      constraint areas_not_own_parent_ck check (parent_area_id is distinct from id)
    );
    -- Lazy tree: children of a parent in number order; search: number prefix and name.
    create index areas_children_ix on areas (facility_id, parent_area_id, number);
    create index areas_number_search_ix on areas (facility_id, lower(number) text_pattern_ops);

    create table assets (
      id serial primary key,
      facility_id integer not null references facilities(id),
      area_id integer not null,
      parent_asset_id integer,
      number text not null,
      description text not null,
      manufacturer text not null default '',
      location text not null default '',
      loto_required boolean not null default true,
      status text not null default 'in_service' check (status in ('in_service', 'out_of_service', 'retired')),
      version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint assets_number_uq unique (facility_id, number),
      constraint assets_facility_uq unique (facility_id, id),
      constraint assets_area_fk foreign key (facility_id, area_id) references areas(facility_id, id),
      constraint assets_parent_fk foreign key (facility_id, parent_asset_id) references assets(facility_id, id),
      constraint assets_not_own_parent_ck check (parent_asset_id is distinct from id)
    );
    create index assets_area_children_ix on assets (area_id, number) where parent_asset_id is null;
    create index assets_children_ix on assets (parent_asset_id, number) where parent_asset_id is not null;
    create index assets_number_search_ix on assets (facility_id, lower(number) text_pattern_ops);

    create table components (
      id serial primary key,
      facility_id integer not null references facilities(id),
      asset_id integer not null,
      number text not null,
      name text not null,
      description text not null default '',
      is_active boolean not null default true,
      version integer not null default 0,
      updated_at timestamptz not null default now(),
      constraint components_number_uq unique (asset_id, number),
      constraint components_asset_uq unique (id, asset_id),
      constraint components_facility_uq unique (facility_id, id),
      constraint components_asset_fk foreign key (facility_id, asset_id) references assets(facility_id, id)
    );

    create table energy_sources (
      id serial primary key,
      facility_id integer not null references facilities(id),
      component_id integer not null,
      energy_type_item_id integer not null,
      magnitude numeric,
      unit text not null default '',
      stored_energy boolean not null default false,
      description text not null default '',
      is_active boolean not null default true,
      version integer not null default 0,
      updated_at timestamptz not null default now(),
      constraint energy_sources_component_fk foreign key (facility_id, component_id) references components(facility_id, id),
      constraint energy_sources_type_fk foreign key (facility_id, energy_type_item_id) references master_list_items(facility_id, id)
    );
    create index energy_sources_component_ix on energy_sources (component_id);

    create table asset_photos (
      id serial primary key,
      facility_id integer not null references facilities(id),
      asset_id integer,
      content_type text not null check (content_type in ('image/png', 'image/jpeg')),
      byte_size integer not null check (byte_size <= 5242880),
      file_name text not null default '',
      data bytea not null,
      is_active boolean not null default true,
      created_by integer references users(id),
      created_at timestamptz not null default now(),
      constraint asset_photos_facility_uq unique (facility_id, id),
      constraint asset_photos_asset_fk foreign key (facility_id, asset_id) references assets(facility_id, id)
    );
    create index asset_photos_asset_ix on asset_photos (asset_id) where asset_id is not null;

    create table isolation_points (
      id serial primary key,
      facility_id integer not null references facilities(id),
      component_id integer not null,
      -- The component's asset, repeated so the code can be unique per asset (kept consistent by the FK).
      asset_id integer not null,
      code text not null,
      device_type_item_id integer not null,
      location text not null default '',
      normal_position text not null default '',
      isolated_position text not null default '',
      lockable boolean not null default true,
      tag_only_measure text not null default '',
      verification_method text not null default '',
      photo_id integer,
      is_active boolean not null default true,
      version integer not null default 0,
      updated_at timestamptz not null default now(),
      constraint isolation_points_code_uq unique (asset_id, code),
      constraint isolation_points_component_fk foreign key (component_id, asset_id) references components(id, asset_id),
      constraint isolation_points_facility_fk foreign key (facility_id, component_id) references components(facility_id, id),
      constraint isolation_points_type_fk foreign key (facility_id, device_type_item_id) references master_list_items(facility_id, id),
      constraint isolation_points_photo_fk foreign key (facility_id, photo_id) references asset_photos(facility_id, id),
      -- OSHA 1910.147 (c)(3): a tag-only point needs a recorded extra protective measure.
      constraint isolation_points_tag_only_ck check (lockable or btrim(tag_only_measure) <> '')
    );
    create index isolation_points_component_ix on isolation_points (component_id);

    create table asset_import_files (
      id serial primary key,
      facility_id integer not null references facilities(id),
      file_name text not null,
      format text not null check (format in ('csv', 'xlsx')),
      byte_size integer not null,
      content bytea not null,
      -- The parsed sheets (kind → header + rows), so validate and commit do not parse again.
      parsed jsonb not null,
      status text not null check (status in ('uploaded', 'invalid', 'valid', 'committed', 'failed')),
      counts jsonb not null default '[]',
      issues jsonb not null default '[]',
      issue_count integer not null default 0,
      result_message text,
      uploaded_by integer not null references users(id),
      uploaded_at timestamptz not null default now(),
      committed_at timestamptz
    );
    create index asset_import_files_history_ix on asset_import_files (facility_id, uploaded_at desc);
  `.execute(db);

  // Name search: a trigram index when pg_trgm can be installed (embedded PostgreSQL has it);
  // without it the search still works, scanning only the facility's rows.
  await sql`
    do $$
    begin
      begin
        create extension if not exists pg_trgm;
      exception when others then
        raise notice 'pg_trgm not available: name search runs without a trigram index';
      end;
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index areas_name_trgm_ix on areas using gin (lower(name) gin_trgm_ops);
        create index assets_description_trgm_ix on assets using gin (lower(description) gin_trgm_ops);
      end if;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table asset_import_files;
    drop table isolation_points;
    drop table asset_photos;
    drop table energy_sources;
    drop table components;
    drop table assets;
    drop table areas;
    drop table master_list_items;
  `.execute(db);
}
