import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How long an AuthnRequest we sent may be answered. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

/**
 * node-saml's store of the AuthnRequest IDs we issued, in the connection's database (so any
 * server process may receive the answer): InResponseTo must name one of them, and each is
 * removed once answered.
 */
export class SamlRequestCache implements CacheProvider {
  constructor(private readonly db: Kysely<Database>) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    // node-saml checks the answer's time window against the machine's clock: this store follows it.
    // eslint-disable-next-line no-restricted-syntax
    const now = new Date();
    await this.db.deleteFrom('saml_requests').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('saml_requests')
      .values({ request_id: key, created_at: now, expires_at: new Date(now.getTime() + SAML_REQUEST_TTL_MS) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('saml_requests')
      .select('created_at')
      .where('request_id', '=', key)
      // eslint-disable-next-line no-restricted-syntax -- the protocol's clock, as above
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row ? row.created_at.toISOString() : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const row = await this.db
      .deleteFrom('saml_requests')
      .where('request_id', '=', key)
      .returning('request_id')
      .executeTakeFirst();
    return row ? key : null;
  }
}
