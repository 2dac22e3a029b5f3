import { sql, type Kysely } from 'kysely';

/**
 * The tamper-evident audit trail (docs/decisions/0022-tamper-evident-audit-trail.md).
 *
 * - audit_log gains where/why/offline columns and its chain: `chain` (the facility, 0 for
 *   connection-wide), `chain_seq` (1, 2, 3 … within the chain), `prev_hash` and `row_hash`
 *   (SHA-256 over the row's content and prev_hash, see audit_row_hash; the verifier in
 *   modules/audit recomputes it in TypeScript).
 * - audit_chain_heads remembers each chain's last position and hash, so a deleted tail or a
 *   truncated table shows as "the head says N, the table has fewer".
 * - A BEFORE INSERT trigger chains every row, whoever inserts it: it locks the chain's head row
 *   (writers of one facility take turns until they commit; other facilities do not wait), takes
 *   the chain's last row, and fills chain, chain_seq, prev_hash and row_hash (whatever the
 *   inserter put there is overwritten). An AFTER INSERT statement trigger moves the head.
 * - UPDATE, DELETE and TRUNCATE of audit_log are refused by triggers (the embedded server's app
 *   connects as a superuser, for whom privileges do not apply) and revoked from a role that is not
 *   one. Heads move only through those triggers.
 * - Rows written before this migration are chained here, in ID order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table audit_log
      add column chain integer,
      add column chain_seq bigint,
      add column prev_hash text,
      add column row_hash text,
      add column field text,
      add column address text,
      add column device_id text,
      add column request_id text,
      add column reason text,
      add column device_time timestamptz,
      add column sync_time timestamptz
  `.execute(db);

  // One length-prefixed part per field ("-;" for null), so no two different rows serialize alike.
  await sql`
    create function audit_hash_part(value text) returns text language sql immutable as $$
      select case when value is null then '-;' else octet_length(value)::text || ':' || value || ';' end
    $$
  `.execute(db);
  // Microseconds since the epoch: exact (extract returns numeric since PostgreSQL 14).
  await sql`
    create function audit_micros(value timestamptz) returns text language sql immutable as $$
      select (extract(epoch from value) * 1000000)::bigint::text
    $$
  `.execute(db);
  await sql`
    create function audit_row_hash(r audit_log) returns text language sql stable as $$
      select encode(sha256(convert_to(
        'hasp-audit-v1;'
        || audit_hash_part(r.id::text) || audit_hash_part(r.chain::text) || audit_hash_part(r.chain_seq::text)
        || audit_hash_part(audit_micros(r.occurred_at)) || audit_hash_part(r.facility_id::text)
        || audit_hash_part(r.user_id::text) || audit_hash_part(r.action) || audit_hash_part(r.entity_type)
        || audit_hash_part(r.entity_id) || audit_hash_part(r.field) || audit_hash_part(r.before::text)
        || audit_hash_part(r.after::text) || audit_hash_part(r.address) || audit_hash_part(r.device_id)
        || audit_hash_part(r.request_id) || audit_hash_part(r.reason) || audit_hash_part(audit_micros(r.device_time))
        || audit_hash_part(audit_micros(r.sync_time)) || audit_hash_part(r.prev_hash),
        'UTF8')), 'hex')
    $$
  `.execute(db);

  // Chain the rows written so far, per facility in ID order.
  await sql`
    update audit_log a set chain = n.chain, chain_seq = n.seq
    from (select id, coalesce(facility_id, 0) as chain,
                 row_number() over (partition by coalesce(facility_id, 0) order by id) as seq
          from audit_log) n
    where a.id = n.id
  `.execute(db);
  await sql`
    do $$
    declare
      r audit_log;
      previous_chain integer := null;
      previous_hash text;
    begin
      for r in select * from audit_log order by chain, chain_seq loop
        if previous_chain is distinct from r.chain then
          previous_hash := repeat('0', 64);
          previous_chain := r.chain;
        end if;
        r.prev_hash := previous_hash;
        r.row_hash := audit_row_hash(r);
        update audit_log set prev_hash = r.prev_hash, row_hash = r.row_hash where id = r.id;
        previous_hash := r.row_hash;
      end loop;
    end $$
  `.execute(db);
  await sql`
    alter table audit_log
      alter column chain set not null,
      alter column chain_seq set not null,
      alter column prev_hash set not null,
      alter column row_hash set not null,
      add constraint audit_log_chain_is_facility check (chain = coalesce(facility_id, 0))
  `.execute(db);
  // Also the index the chain trigger reads the last row by, and the verifier walks.
  await sql`create unique index audit_log_chain_seq_idx on audit_log (chain, chain_seq)`.execute(db);

  await sql`
    create table audit_chain_heads (
      chain integer primary key,
      last_seq bigint not null default 0,
      last_hash text not null default repeat('0', 64),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    insert into audit_chain_heads (chain, last_seq, last_hash)
    select distinct on (chain) chain, chain_seq, row_hash from audit_log order by chain, chain_seq desc
  `.execute(db);

  await sql`
    create function audit_log_chain() returns trigger language plpgsql as $$
    declare
      head audit_chain_heads;
      found_seq bigint;
      found_hash text;
    begin
      new.chain := coalesce(new.facility_id, 0);
      -- The head row is the chain's lock: held until this transaction ends, so the next writer of
      -- this chain reads the row written here (READ COMMITTED: each statement sees the last commit).
      select * into head from audit_chain_heads where chain = new.chain for update;
      if not found then
        insert into audit_chain_heads (chain) values (new.chain) on conflict do nothing;
        select * into head from audit_chain_heads where chain = new.chain for update;
      end if;
      -- The last row, including rows of this same statement (BEFORE ROW triggers see those).
      select a.chain_seq, a.row_hash into found_seq, found_hash
        from audit_log a where a.chain = new.chain order by a.chain_seq desc limit 1;
      if found_seq is null or found_seq < head.last_seq then
        -- The table lost the tail the head remembers: continue after the head, so the gap stays visible.
        found_seq := head.last_seq;
        found_hash := head.last_hash;
      end if;
      new.chain_seq := found_seq + 1;
      new.prev_hash := found_hash;
      new.row_hash := audit_row_hash(new);
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger audit_log_chain before insert on audit_log
      for each row execute function audit_log_chain()
  `.execute(db);
  await sql`
    create function audit_log_advance_heads() returns trigger language plpgsql as $$
    begin
      update audit_chain_heads h
         set last_seq = n.chain_seq, last_hash = n.row_hash, updated_at = now()
        from (select distinct on (chain) chain, chain_seq, row_hash from new_rows order by chain, chain_seq desc) n
       where h.chain = n.chain;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger audit_log_advance_heads after insert on audit_log
      referencing new table as new_rows for each statement execute function audit_log_advance_heads()
  `.execute(db);

  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % is refused', tg_op using errcode = '42501';
    end $$
  `.execute(db);
  await sql`
    create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()
  `.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()
  `.execute(db);
  await sql`
    create function audit_chain_heads_guard() returns trigger language plpgsql as $$
    begin
      -- Depth 2: called from audit_log's own triggers. Anything else is someone moving a head by hand.
      if tg_op in ('DELETE', 'TRUNCATE') or pg_trigger_depth() < 2
         or (tg_op = 'UPDATE' and new.last_seq < old.last_seq) then
        raise exception 'audit_chain_heads moves only with audit_log inserts: % is refused', tg_op
          using errcode = '42501';
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger audit_chain_heads_guard before insert or update or delete on audit_chain_heads
      for each row execute function audit_chain_heads_guard()
  `.execute(db);
  await sql`
    create trigger audit_chain_heads_no_truncate before truncate on audit_chain_heads
      for each statement execute function audit_chain_heads_guard()
  `.execute(db);

  // Where the application runs as an ordinary role (an external server), it loses the rights too.
  await sql`
    do $$
    begin
      revoke update, delete, truncate on audit_log from public;
      revoke delete, truncate on audit_chain_heads from public;
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute format('revoke update, delete, truncate on audit_log from %I', current_user);
        execute format('revoke delete, truncate on audit_chain_heads from %I', current_user);
      end if;
    end $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger audit_log_no_change on audit_log`.execute(db);
  await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
  await sql`drop trigger audit_log_chain on audit_log`.execute(db);
  await sql`drop trigger audit_log_advance_heads on audit_log`.execute(db);
  await sql`drop table audit_chain_heads`.execute(db);
  await sql`drop function audit_chain_heads_guard(), audit_log_append_only(), audit_log_advance_heads(), audit_log_chain()`.execute(
    db,
  );
  await sql`drop index audit_log_chain_seq_idx`.execute(db);
  await sql`
    alter table audit_log drop constraint audit_log_chain_is_facility,
      drop column chain, drop column chain_seq, drop column prev_hash, drop column row_hash, drop column field,
      drop column address, drop column device_id, drop column request_id, drop column reason,
      drop column device_time, drop column sync_time
  `.execute(db);
  await sql`drop function audit_row_hash(audit_log), audit_micros(timestamptz), audit_hash_part(text)`.execute(db);
}
