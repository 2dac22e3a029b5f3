import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobRegistration } from '../../platform/jobs';
import { SSO_TOKEN_TTL_MS } from './sso.repository';

export const PURGE_EXPIRED_SSO_JOB = 'purge-expired-sso';

/**
 * Deletes expired SAML request IDs, remembered assertion IDs and SSO tokens. Sign-ins purge these
 * as they write, but only while people sign in with SSO; this keeps them bounded when nobody does.
 * The same cut-offs as the sign-in path (sso.repository.ts, saml-request-cache.ts).
 */
export async function purgeExpiredSso(db: Kysely<Database>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const requests = await trx.deleteFrom('saml_requests').where('expires_at', '<=', now).executeTakeFirst();
    const assertions = await trx.deleteFrom('saml_assertions_used').where('expires_at', '<=', now).executeTakeFirst();
    const tokens = await trx
      .deleteFrom('sso_tokens')
      .where('expires_at', '<=', new Date(now.getTime() - SSO_TOKEN_TTL_MS))
      .executeTakeFirst();
    return Number(requests.numDeletedRows + assertions.numDeletedRows + tokens.numDeletedRows);
  });
}

/** Every hour, on every connection. */
export const expiredSsoJob =
  (now: () => Date): JobRegistration =>
  async (jobs) => {
    await jobs.work(PURGE_EXPIRED_SSO_JOB, async () => {
      await purgeExpiredSso(jobs.connection.db, now());
    });
    await jobs.schedule(PURGE_EXPIRED_SSO_JOB, '23 * * * *');
  };
