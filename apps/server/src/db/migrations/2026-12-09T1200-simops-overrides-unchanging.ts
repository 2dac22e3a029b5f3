import { sql, type Kysely } from 'kysely';

/**
 * A SIMOPS override is a signed record (who, when, why), shown on both permits: like a signature it
 * never changes once written. Its table refused deletes only; an update could have rewritten the
 * reason or the signer under a signature given for another. Re-runnable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function hasp_refuse_simops_override_change() returns trigger language plpgsql as $$
    begin
      raise exception 'a SIMOPS override never changes: it was signed as written'
        using errcode = 'restrict_violation';
    end $$;
    create or replace trigger simops_overrides_no_update before update on simops_overrides
      for each row execute function hasp_refuse_simops_override_change();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists simops_overrides_no_update on simops_overrides;
    drop function if exists hasp_refuse_simops_override_change();
  `.execute(db);
}
