import { sql, type Kysely } from 'kysely';

/**
 * SAML single sign-on state, per connection: AuthnRequest IDs we issued (so a response's
 * InResponseTo must be one of ours), assertion IDs already used (one-time use until they expire),
 * the one-time SSO tokens handed to the login screen, and the SSO mark on a refresh-token family.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saml_requests')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('saml_assertions_used')
    .addColumn('assertion_id', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sso_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('refresh_tokens')
    .addColumn('via_sso', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('via_sso').execute();
  for (const table of ['sso_tokens', 'saml_assertions_used', 'saml_requests']) {
    await db.schema.dropTable(table).execute();
  }
}
