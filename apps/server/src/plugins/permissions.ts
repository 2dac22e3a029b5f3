import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '@hasp/contracts';
import type { AccessCache } from './access-cache';
import { AppError } from './app-error';
import { contextOf } from '../platform/request-context';
import { narrowToKey } from '../platform/commands/policy';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's cache of sign-ins, permissions and feature switches (buildApp decorates it). */
    accessCache: AccessCache;
  }
}

const perRequest = new WeakMap<FastifyRequest, Promise<Set<string>>>();

/**
 * The caller's permissions: their groups' grants in the signed-in facility and their connection
 * grants, from the process's AccessCache (dropped when any process commits a grant change); one
 * answer per request, also while the cache reads the database (its LISTEN client not listening).
 */
export function permissionsOf(request: FastifyRequest): Promise<Set<string>> {
  let found = perRequest.get(request);
  if (!found) {
    const auth = contextOf(request);
    found = request.server.accessCache
      .permissions(auth.connection, auth.actor)
      .then((held) => narrowToKey(auth.actor, held));
    perRequest.set(request, found);
  }
  return found;
}

/** Whether the facility switches a right-nav feature on (security lists); a feature with no row is off. */
function featureEnabled(request: FastifyRequest, feature: string): Promise<boolean> {
  const auth = contextOf(request);
  return request.server.accessCache.featureEnabled(auth.connection, auth.actor.facilityId, feature);
}

/**
 * A preHandler that answers 403 unless the caller holds the permission and, for a right-nav
 * permission, the facility has that feature switched on (the web only hides; this enforces).
 */
export function requirePermission(permission: Permission) {
  const feature = permission.startsWith('rightnav:') ? permission.slice('rightnav:'.length) : null;
  return async function checkPermission(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    await assertPermission(request, permission);
    if (feature && !(await featureEnabled(request, feature))) {
      throw new AppError('FORBIDDEN', 403, 'This feature is switched off for this facility');
    }
  };
}

/** Answers 403 unless the caller holds the permission (for checks that depend on the request's content). */
export async function assertPermission(request: FastifyRequest, permission: Permission): Promise<void> {
  if (!(await permissionsOf(request)).has(permission)) {
    throw new AppError('FORBIDDEN', 403, 'You do not have permission to do this');
  }
}
