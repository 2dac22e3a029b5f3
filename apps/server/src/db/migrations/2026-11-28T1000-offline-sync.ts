import { sql, type Kysely } from 'kysely';

/**
 * Offline sync (decision 0055). `sync_commands`: one row per device command the server
 * has decided on (applied, conflict or rejected), numbered by `server_seq` (ordering and audit follow
 * it, never the device's clock). A device's seq is recorded once (the unique key), so a resend
 * answers its first outcome. `input` is the command's body without any password. Conflicts keep the
 * server's side (`server_version`, `server_state`); conflicts and rejections are marked resolved
 * with who, when and a note — rows are never deleted.
 * `sync_local_ids`: a permit created offline (`local:<uuid>`) → the permit the server made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sync_commands (
      server_seq bigserial primary key,
      facility_id integer not null references facilities(id),
      user_id integer not null references users(id),
      device_id text not null,
      device_seq integer not null check (device_seq > 0),
      idempotency_key text not null,
      request_hash text not null,
      name text not null,
      target text not null,
      permit_id integer,
      aggregate text,
      base_version integer,
      input jsonb not null,
      device_time timestamptz not null,
      synced_at timestamptz not null,
      outcome text not null check (outcome in ('applied', 'conflict', 'rejected')),
      version_after integer,
      result jsonb,
      error jsonb,
      server_version integer,
      server_state jsonb,
      resolved_at timestamptz,
      resolved_by integer references users(id),
      resolution text,
      version integer not null default 1,
      constraint sync_commands_device_seq_uq unique (user_id, facility_id, device_id, device_seq),
      constraint sync_commands_resolved_ck check (
        (resolved_at is null and resolved_by is null and resolution is null)
        or (resolved_at is not null and resolved_by is not null and resolution is not null and outcome <> 'applied'))
    );
    create index sync_commands_issues_ix on sync_commands (facility_id, server_seq desc) where outcome <> 'applied';
    create index sync_commands_chain_ix on sync_commands (user_id, facility_id, device_id, aggregate, server_seq desc)
      where outcome = 'applied';

    create table sync_local_ids (
      facility_id integer not null references facilities(id),
      local_id text not null,
      user_id integer not null references users(id),
      permit_id integer not null,
      number text not null,
      primary key (facility_id, local_id)
    );

    create trigger sync_commands_no_delete before delete on sync_commands
      for each row execute function hasp_refuse_delete();
    create trigger sync_commands_no_truncate before truncate on sync_commands
      for each statement execute function hasp_refuse_delete();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sync_local_ids; drop table sync_commands;`.execute(db);
}
