import { sql, type Kysely } from 'kysely';

/**
 * Approval stages and electronic signatures (decisions 0050 and 0051).
 *
 * - approval_stages: a facility's stages per risk level, in order (name, the meaning the signature
 *   records, and the security group whose members may sign it; null: anyone who may approve the type).
 *   approval_stage_configs holds the version the stage commands check (one row per facility).
 * - permit_signatures: one signature of one stage of one permit revision. It never changes and is
 *   never deleted (triggers), and its revision must be the permit's when it is written: a signature
 *   cannot be moved to another permit or revision, at the database too.
 * - signature_failures: wrong passwords given at signing, for the per-user rate limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table approval_stage_configs (
      facility_id integer primary key references facilities(id),
      version integer not null default 0
    );

    create table approval_stages (
      id serial primary key,
      facility_id integer not null references approval_stage_configs(facility_id),
      risk_level text not null check (risk_level in ('low', 'medium', 'high')),
      position integer not null check (position between 1 and 10),
      name text not null check (length(name) between 1 and 100),
      meaning text not null check (length(meaning) between 1 and 200),
      group_id integer references groups(id),
      constraint approval_stages_position_uq unique (facility_id, risk_level, position)
    );

    create table permit_signatures (
      id serial primary key,
      facility_id integer not null,
      permit_id integer not null,
      permit_revision integer not null check (permit_revision >= 0),
      stage_position integer not null check (stage_position >= 1),
      stage_name text not null,
      meaning text not null,
      signer_id integer not null references users(id),
      signer_name text not null,
      signed_at timestamptz not null,
      -- The facility's time zone when signed: the time is shown with the UTC offset it had there.
      time_zone text not null,
      -- How the signer proved it was them just now: local password, directory bind, identity provider.
      method text not null check (method in ('password', 'directory', 'sso')),
      content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
      constraint permit_signatures_permit_fk foreign key (facility_id, permit_id) references permits(facility_id, id),
      -- Separation of duties, also here: on one content of one revision, one stage once, one person once.
      constraint permit_signatures_stage_uq unique (permit_id, permit_revision, content_hash, stage_position),
      constraint permit_signatures_signer_uq unique (permit_id, permit_revision, content_hash, signer_id)
    );
    create index permit_signatures_permit_ix on permit_signatures (permit_id, id);

    create function hasp_signature_of_current_revision() returns trigger language plpgsql as $$
    begin
      if not exists (
        select 1 from permits where id = new.permit_id and facility_id = new.facility_id and revision = new.permit_revision
      ) then
        raise exception 'a signature belongs to the permit''s current revision'
          using errcode = 'check_violation';
      end if;
      return new;
    end $$;
    create trigger permit_signatures_current_revision before insert on permit_signatures
      for each row execute function hasp_signature_of_current_revision();

    create function hasp_refuse_signature_change() returns trigger language plpgsql as $$
    begin
      raise exception 'a signature never changes: it belongs to one permit and one revision'
        using errcode = 'restrict_violation';
    end $$;
    create trigger permit_signatures_no_update before update on permit_signatures
      for each row execute function hasp_refuse_signature_change();
    create trigger permit_signatures_no_delete before delete on permit_signatures
      for each row execute function hasp_refuse_delete();
    create trigger permit_signatures_no_truncate before truncate on permit_signatures
      for each statement execute function hasp_refuse_delete();

    create table signature_failures (
      id serial primary key,
      user_id integer not null references users(id),
      failed_at timestamptz not null
    );
    create index signature_failures_user_ix on signature_failures (user_id, failed_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table signature_failures;
    drop table permit_signatures;
    drop function hasp_refuse_signature_change();
    drop function hasp_signature_of_current_revision();
    drop table approval_stages;
    drop table approval_stage_configs;
  `.execute(db);
}
