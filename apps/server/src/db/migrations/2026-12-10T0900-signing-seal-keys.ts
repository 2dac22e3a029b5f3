import { sql, type Kysely } from 'kysely';

/**
 * The server's key pairs that devices seal offline signatures with (decision: sealed offline
 * signatures): RSA-OAEP 3072-bit, SHA-256, made on first need. The newest row is the current key;
 * older rows stay so that signatures sealed with them, still waiting in a device's outbox, open.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists signing_seal_keys (
      id serial primary key,
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists signing_seal_keys`.execute(db);
}
