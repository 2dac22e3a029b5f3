import { sql, type Kysely } from 'kysely';

/**
 * Signing at the identity provider (decision 0059): a single sign-on user signs a
 * permit by signing in again at the identity provider (ForceAuthn).
 *
 * - signature_intents: one signing started by the button, bound to the user, the permit, its
 *   revision, the stage and the content hash, the AuthnRequest sent (request_id) and a short expiry.
 *   The ACS marks it authenticated (or refused); the approve command uses it up once. Only the
 *   hash of its token (the RelayState, then the browser's way back) is stored.
 * - permit_signatures gains where the re-authentication happened: the identity provider's issuer
 *   and the AuthnInstant it reported (null for a password or directory signature).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table signature_intents (
      id serial primary key,
      token_hash text not null unique,
      facility_id integer not null,
      user_id integer not null references users(id),
      permit_id integer not null,
      permit_revision integer not null,
      stage_position integer not null,
      content_hash text not null,
      request_id text not null unique,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      authenticated_at timestamptz,
      authn_instant timestamptz,
      idp_issuer text,
      refused_at timestamptz,
      used_at timestamptz,
      constraint signature_intents_permit_fk foreign key (facility_id, permit_id) references permits(facility_id, id)
    );
    create index signature_intents_expires_ix on signature_intents (expires_at);

    alter table permit_signatures add column idp_issuer text, add column idp_authn_instant timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table signature_intents;
    alter table permit_signatures drop column idp_issuer, drop column idp_authn_instant;
  `.execute(db);
}
