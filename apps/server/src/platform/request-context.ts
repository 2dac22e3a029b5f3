import type { FastifyRequest } from 'fastify';
import type { Connection } from '../db/connections';
import { AppError } from '../plugins/app-error';

/** Who acts: the one caller type every module takes (a module's `Caller` is this, or a part of it). */
export interface Actor {
  userId: number;
  facilityId: number;
  /** The refresh-token family of this sign-in. */
  sessionId: string;
  /** The registered device, once devices are registered (offline permits); null until then. */
  deviceId: string | null;
  /**
   * A scheduled job acting on its own (the permit expiry job), not a person: its audit rows name no
   * user, and policies that ask for permissions refuse it (it holds none). `userId` is then 0.
   */
  system?: true;
  /**
   * A maintenance system calling with a Hasp Connect API key (decision 0077): it acts as the key's
   * creator (`userId`), holding only what both the key and its creator hold now; its audit rows
   * name the key (`deviceId` and `sessionId` are `api-key:<id>`).
   */
  apiKey?: { id: number; permissions: readonly string[] };
}

/** The actor a scheduled job runs a command as, in one facility (see `Actor.system`). */
/** Who changes something, as a use case that writes no audit row of its own needs them: the facility and the user. */
export type Caller = Pick<Actor, 'facilityId' | 'userId'>;

export function systemActor(facilityId: number): Actor {
  return { userId: 0, facilityId, sessionId: 'system', deviceId: null, system: true };
}

/**
 * Everything a handler knows about the request, built once by requireAuth: who, in which
 * connection, from where, and the request's business time from the app's clock.
 */
export interface RequestContext {
  actor: Actor;
  connection: Connection;
  /** Fastify's request id: logs, audit rows and events of one request share it. */
  requestId: string;
  /** The client's address (the real one behind the configured proxies). */
  address: string;
  /** The request's business time (the app's clock, read once when the request was authenticated). */
  now: Date;
  /** When the access token expires (ms since the epoch): long-lived responses end then. */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}

/** The request's context, for handlers behind requireAuth. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw AppError.unauthenticated();
  return request.ctx;
}
