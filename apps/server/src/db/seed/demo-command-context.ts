import type { Kysely } from 'kysely';
import type { Connection } from '../connections';
import type { Database } from '../schema';
import type { RequestContext } from '../../platform';

/**
 * The context a demo step gives its commands as `userId` of `facilityId`: the seed's own connection
 * and session, the time now and no expiry, as a signed-in user's request would carry.
 */
export function demoCommandContext(
  db: Kysely<Database>,
  who: { userId: number; facilityId: number; requestId: string },
): RequestContext {
  const connection: Connection = { name: 'demo-seed', db, url: '' };
  return {
    actor: { userId: who.userId, facilityId: who.facilityId, sessionId: 'demo-seed', deviceId: null },
    connection,
    requestId: who.requestId,
    address: '',
    now: new Date(Date.now()),
    expiresAt: Number.POSITIVE_INFINITY,
  };
}
