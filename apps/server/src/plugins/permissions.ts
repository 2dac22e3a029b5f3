import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '@hasp/contracts';
import { listConnectionGrants, listUserPermissions } from '../modules/permissions';
import { AppError } from './app-error';
import { contextOf } from '../platform/request-context';

const cache = new WeakMap<FastifyRequest, Promise<Set<string>>>();

/**
 * The caller's permissions: their groups' grants in the signed-in facility and their connection
 * grants, loaded at most once per request.
 */
export function permissionsOf(request: FastifyRequest): Promise<Set<string>> {
  let found = cache.get(request);
  if (!found) {
    const auth = contextOf(request);
    found = Promise.all([
      listUserPermissions(auth.connection.db, auth.actor),
      listConnectionGrants(auth.connection.db, auth.actor.userId),
    ]).then(([facility, connection]) => new Set([...facility, ...connection]));
    cache.set(request, found);
  }
  return found;
}

/** Whether the facility switches a right-nav feature on (security lists); a feature with no row is off. */
async function featureEnabled(request: FastifyRequest, feature: string): Promise<boolean> {
  const auth = contextOf(request);
  const row = await auth.connection.db
    .selectFrom('facility_security_settings')
    .select('enabled')
    .where('facility_id', '=', auth.actor.facilityId)
    .where('feature', '=', feature)
    .executeTakeFirst();
  return row?.enabled === true;
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
