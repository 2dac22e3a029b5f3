import { sql, type Kysely } from 'kysely';

/**
 * The command runner's first round trip (decision 0061): take a command's idempotency key for the
 * transaction (the advisory lock the runner took in a statement of its own before) and read what the key answered before, in one
 * call instead of two. PL/pgSQL, so under READ COMMITTED the look-up is a statement of its own with
 * a snapshot taken after the lock: a first send that committed before the lock was free is seen.
 * No row: the key is held by another transaction (in flight). A row with `answered` false: the key
 * is this transaction's and was never answered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function claim_idempotency_key(p_user_id integer, p_key text)
    returns table (answered boolean, command text, request_hash text, response jsonb, version integer)
    language plpgsql volatile as $$
    begin
      if not pg_try_advisory_xact_lock(hashtext('hasp-idempotency'), hashtext(p_user_id::text || ':' || p_key)) then
        return;
      end if;
      return query
        select true, k.command, k.request_hash, k.response, k.version
        from idempotency_keys k where k.user_id = p_user_id and k.key = p_key;
      if not found then
        return query select false, null::text, null::text, null::jsonb, null::integer;
      end if;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function claim_idempotency_key(integer, text)`.execute(db);
}
