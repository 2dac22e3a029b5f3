import { sql, type Kysely } from 'kysely';

/**
 * Hasp Connect (decision 0077). `api_keys`: a facility's keys for maintenance systems,
 * found by their public lookup id and checked by the SHA-256 of their secret (the secret itself is
 * never stored); a rotation keeps the old hash until `previous_valid_until`. `permits.external_reference`:
 * the work order a permit was made from, one permit per reference in a facility. Webhooks:
 * `webhook_subscriptions` (the signing secret is kept: the server signs with it),
 * `webhook_deliveries` (one per subscription and event) and `webhook_attempts` (every try).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      id serial primary key,
      facility_id integer not null references facilities(id),
      lookup_id text not null unique check (lookup_id ~ '^[0-9a-f]{16}$'),
      name text not null check (length(name) between 1 and 100),
      permissions text[] not null,
      secret_hash text not null,
      previous_secret_hash text,
      previous_valid_until timestamptz,
      expires_at timestamptz not null,
      created_by integer not null references users(id),
      created_at timestamptz not null,
      revoked_at timestamptz,
      revoked_by integer references users(id),
      last_used_at timestamptz,
      last_used_address text,
      version integer not null default 1
    );
    create index api_keys_facility_ix on api_keys (facility_id, id desc);

    alter table permits add column external_reference text;
    create unique index permits_external_reference_ux on permits (facility_id, external_reference)
      where external_reference is not null;

    create table webhook_subscriptions (
      id serial primary key,
      facility_id integer not null references facilities(id),
      name text not null check (length(name) between 1 and 100),
      url text not null,
      events text[] not null,
      secret text not null,
      is_active boolean not null default true,
      disabled_reason text,
      consecutive_failures integer not null default 0,
      created_by integer not null references users(id),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      version integer not null default 1
    );
    create index webhook_subscriptions_facility_ix on webhook_subscriptions (facility_id) where is_active;

    create table webhook_deliveries (
      id serial primary key,
      facility_id integer not null references facilities(id),
      subscription_id integer not null references webhook_subscriptions(id),
      event_id bigint,
      event text not null,
      body text not null,
      state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      last_status_code integer,
      created_at timestamptz not null,
      delivered_at timestamptz
    );
    create unique index webhook_deliveries_event_ux on webhook_deliveries (subscription_id, event_id)
      where event_id is not null;
    create index webhook_deliveries_facility_ix on webhook_deliveries (facility_id, id desc);

    create table webhook_attempts (
      id serial primary key,
      delivery_id integer not null references webhook_deliveries(id),
      attempted_at timestamptz not null,
      status_code integer,
      error text,
      response text not null default '',
      duration_ms integer not null
    );
    create index webhook_attempts_delivery_ix on webhook_attempts (delivery_id, id);
  `.execute(db);
}
