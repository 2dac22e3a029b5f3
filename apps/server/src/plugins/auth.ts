import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Connection, ConnectionRegistry } from '../db/connections';
import type { AccessTokens } from '../modules/auth/access-token';
import { AppError } from './app-error';

/** Who is calling, and the connection and facility every query of the request is scoped to. */
export interface RequestAuth {
  userId: number;
  facilityId: number;
  connection: Connection;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/**
 * Returns an onRequest hook that requires a valid bearer token and a user who is still active and
 * still allowed in the token's facility; the check is per request so a disabled user is out at once.
 */
export function requireAuth(tokens: AccessTokens, registry: ConnectionRegistry) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header) : null;
    if (!match?.[1]) throw AppError.unauthenticated();
    const claims = await tokens.verify(match[1]);
    const connection = registry.find(claims.connectionName);
    if (!connection) throw AppError.unauthenticated('Invalid access token');
    const allowed = await connection.db
      .selectFrom('users')
      .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
      .innerJoin('facilities', 'facilities.id', 'user_facilities.facility_id')
      .select('users.id')
      .where('users.id', '=', claims.userId)
      .where('users.is_active', '=', true)
      .where('facilities.id', '=', claims.facilityId)
      .where('facilities.is_active', '=', true)
      .executeTakeFirst();
    if (!allowed) throw AppError.unauthenticated('Your account can no longer use this facility');
    request.auth = { userId: claims.userId, facilityId: claims.facilityId, connection };
  };
}

/** The request's auth, for handlers behind requireAuth. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}
