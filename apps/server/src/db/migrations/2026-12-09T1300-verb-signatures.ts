import { sql, type Kysely } from 'kysely';

/**
 * Every verb that hands over responsibility is signed, not only approval (decision 0101, signed
 * verbs): issue, accept, hand-over, complete-work and the (e)(3) removal of an absent worker's lock.
 *
 * - permit_signatures.verb: what the signature signs. Only an approval signs a stage, so the stage
 *   is null on the others, and the separation-of-duties keys (one stage once, one person once per
 *   content) hold for approvals only: the same holder accepts again after each hand-over.
 * - signature_intents.verb: a single sign-on user's signing is bound to the verb it signs.
 * - permit_signature_invalidations: a signature that stopped holding (the permit edited after it
 *   was signed) says so, when and why. The signature row itself never changes (its triggers), so
 *   the invalidation is a row of its own, and it never changes or goes either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Safe to run again (a migration recorded as pending after it ran, as the roles test does).
  await sql`
    alter table permit_signatures
      add column if not exists verb text not null default 'approve',
      alter column stage_position drop not null,
      alter column stage_name drop not null,
      drop constraint if exists permit_signatures_verb_check,
      drop constraint if exists permit_signatures_stage_of_approval,
      drop constraint if exists permit_signatures_stage_uq,
      drop constraint if exists permit_signatures_signer_uq;
    alter table permit_signatures
      add constraint permit_signatures_verb_check
        check (verb in ('approve', 'issue', 'accept', 'hand-over', 'complete-work', 'abandoned-removal')),
      add constraint permit_signatures_stage_of_approval
        check ((verb = 'approve') = (stage_position is not null and stage_name is not null));
    -- Every new signature names its verb.
    alter table permit_signatures alter column verb drop default;
    create unique index if not exists permit_signatures_stage_uq on permit_signatures
      (permit_id, permit_revision, content_hash, stage_position) where verb = 'approve';
    create unique index if not exists permit_signatures_signer_uq on permit_signatures
      (permit_id, permit_revision, content_hash, signer_id) where verb = 'approve';

    -- A signing at the identity provider is for one verb too (only an approval's names a stage).
    alter table signature_intents
      add column if not exists verb text not null default 'approve',
      alter column stage_position drop not null;
    alter table signature_intents alter column verb drop default;

    create table if not exists permit_signature_invalidations (
      signature_id integer primary key references permit_signatures(id),
      facility_id integer not null references facilities(id),
      invalidated_at timestamptz not null,
      reason text not null check (length(reason) between 1 and 500)
    );
    drop trigger if exists permit_signature_invalidations_no_update on permit_signature_invalidations;
    drop trigger if exists permit_signature_invalidations_no_delete on permit_signature_invalidations;
    drop trigger if exists permit_signature_invalidations_no_truncate on permit_signature_invalidations;
    create trigger permit_signature_invalidations_no_update before update on permit_signature_invalidations
      for each row execute function hasp_refuse_signature_change();
    create trigger permit_signature_invalidations_no_delete before delete on permit_signature_invalidations
      for each row execute function hasp_refuse_delete();
    create trigger permit_signature_invalidations_no_truncate before truncate on permit_signature_invalidations
      for each statement execute function hasp_refuse_delete();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table permit_signature_invalidations;
    delete from signature_intents where verb <> 'approve';
    alter table signature_intents drop column verb, alter column stage_position set not null;
    drop index permit_signatures_stage_uq;
    drop index permit_signatures_signer_uq;
    alter table permit_signatures
      add constraint permit_signatures_stage_uq unique (permit_id, permit_revision, content_hash, stage_position),
      add constraint permit_signatures_signer_uq unique (permit_id, permit_revision, content_hash, signer_id),
      drop constraint permit_signatures_stage_of_approval,
      drop constraint permit_signatures_verb_check,
      alter column stage_position set not null,
      alter column stage_name set not null,
      drop column verb;
  `.execute(db);
}
