import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '@hasp/contracts';
import { listUserPermissions } from '../modules/permissions/permission.repository';
import { AppError } from './app-error';
import { authOf } from './auth';

const cache = new WeakMap<FastifyRequest, Promise<Set<string>>>();

/** The caller's permissions in the signed-in facility, loaded at most once per request. */
export function permissionsOf(request: FastifyRequest): Promise<Set<string>> {
  let found = cache.get(request);
  if (!found) {
    const auth = authOf(request);
    found = listUserPermissions(auth.connection.db, auth).then((list) => new Set(list));
    cache.set(request, found);
  }
  return found;
}

/** A preHandler that answers 403 unless the caller holds the permission (the web only hides; this enforces). */
export function requirePermission(permission: Permission) {
  return async function checkPermission(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!(await permissionsOf(request)).has(permission)) {
      throw new AppError('FORBIDDEN', 403, 'You do not have permission to do this');
    }
  };
}
