import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Connection, ConnectionRegistry } from '../db/connections';
import type { Clock } from '../platform/clock';
import { AppError } from './app-error';
import { apiKeyOf, apiKeyRoutes, authenticateApiKey } from './api-key-auth';

export { contextOf, type RequestContext } from '../platform/request-context';

/** What a user who must change their password may call (the web shows only the change screen). */
const passwordChangeRoutes = new Set(['GET /api/session/context', 'GET /api/profile', 'POST /api/profile/password']);

/**
 * What a user with an unacknowledged (e)(3) removal may call (OSHA 1910.147 (e)(3)(iii): they learn
 * of it before they resume work): the acknowledgement gate's own needs — who they are, the session
 * context, the removals and their acknowledgement — and their profile and password. Sign-out and
 * the token refresh need no access token.
 */
const acknowledgementRoutes = new Set([
  ...passwordChangeRoutes,
  'GET /api/auth/me',
  'GET /api/me/abandoned-removals',
  'POST /api/me/abandoned-removals/:id/acknowledge',
]);

/** The refusal while a removal waits for its applier's acknowledgement. */
export const ACKNOWLEDGE_REMOVAL_MESSAGE =
  'A supervisor removed your lock or tag under OSHA 1910.147 (e)(3): acknowledge the removal to continue';

/** The signed-in user behind a still-valid sign-in (see findSessionUser). */
export type SessionUser = {
  id: number;
  must_change_password: boolean;
  /** An (e)(3) removal of their lock or tag in this facility waits for their acknowledgement. */
  unacknowledged_removal: boolean;
};

/** Answers findSessionUser's question, possibly from a cache that a revocation empties at once. */
export type SessionCheck = (
  connection: Connection,
  session: { userId: number; facilityId: number; sessionId: string },
) => Promise<SessionUser | undefined>;

/**
 * What the hook asks of the access tokens (the auth module's AccessTokens answers it): the plugins,
 * like the platform, name no module, so a module's routes importing the hook close no cycle.
 */
export interface AccessTokenVerifier {
  verify(token: string): Promise<{
    connectionName: string;
    userId: number;
    facilityId: number;
    sessionId: string;
    expiresAt: number;
  }>;
}

/**
 * Returns an onRequest hook that requires a valid bearer token and a user who is still active and
 * still allowed in the token's facility. The check runs on every request; `sessionCheck` (the
 * process's AccessCache) answers it from memory that any process's revocation empties at commit,
 * so a disabled user is out at once.
 */
export function requireAuth(
  tokens: AccessTokenVerifier,
  registry: ConnectionRegistry,
  clock: Clock,
  sessionCheck: SessionCheck = (connection, session) => findSessionUser(connection.db, session),
) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const apiKey = apiKeyOf(request);
    if (apiKey !== null) {
      // A Hasp Connect key opens only the integrators' routes (decision 0077).
      if (!apiKeyRoutes.has(`${request.method} ${request.routeOptions.url}`)) {
        throw AppError.unauthenticated('API keys are not accepted on this route');
      }
      request.ctx = await authenticateApiKey(registry, clock, request, apiKey);
      return;
    }
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header) : null;
    if (!match?.[1]) throw AppError.unauthenticated();
    const claims = await tokens.verify(match[1]);
    const connection = registry.find(claims.connectionName);
    if (!connection) throw AppError.unauthenticated('Invalid access token');
    const allowed = await sessionCheck(connection, claims);
    if (!allowed) throw AppError.unauthenticated('Your session has ended; sign in again');
    const route = `${request.method} ${request.routeOptions.url}`;
    // A one-time password opens only the password change: nothing else until it is changed (the
    // removal's acknowledgement included: the password comes first).
    if (allowed.must_change_password && !passwordChangeRoutes.has(route)) {
      throw new AppError('FORBIDDEN', 403, 'Change your password to continue');
    }
    if (allowed.unacknowledged_removal && !acknowledgementRoutes.has(route)) {
      throw new AppError('FORBIDDEN', 403, ACKNOWLEDGE_REMOVAL_MESSAGE);
    }
    request.ctx = {
      actor: { userId: claims.userId, facilityId: claims.facilityId, sessionId: claims.sessionId, deviceId: null },
      connection,
      requestId: request.id,
      address: request.ip,
      now: clock.now(),
      expiresAt: claims.expiresAt,
    };
  };
}

/**
 * The signed-in user while the sign-in is still valid: active, allowed in the (active) facility,
 * and the refresh-token family not revoked — signing out or revoking the device ends its access
 * tokens at once, not at expiry. Undefined once it has ended. Also whether an (e)(3) removal in the
 * facility waits for their acknowledgement (through the partial index of unacknowledged removals).
 */
export function findSessionUser(
  db: Kysely<Database>,
  session: { userId: number; facilityId: number; sessionId: string },
): Promise<SessionUser | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
    .innerJoin('facilities', 'facilities.id', 'user_facilities.facility_id')
    .select(['users.id', 'users.must_change_password'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('abandoned_removals')
            .select('abandoned_removals.id')
            .where('abandoned_removals.applier_id', '=', session.userId)
            .where('abandoned_removals.facility_id', '=', session.facilityId)
            .where('abandoned_removals.acknowledged_at', 'is', null),
        )
        .$castTo<boolean>()
        .as('unacknowledged_removal'),
    )
    .where('users.id', '=', session.userId)
    .where('users.is_active', '=', true)
    .where('facilities.id', '=', session.facilityId)
    .where('facilities.is_active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .where('refresh_tokens.family_id', '=', session.sessionId)
          .where('refresh_tokens.user_id', '=', session.userId)
          .where('refresh_tokens.revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
}
