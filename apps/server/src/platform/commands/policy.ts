import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { listFacilityAndConnectionPermissions } from '../../modules/permissions';
import { AppError } from '../../plugins/app-error';
import type { Actor } from '../request-context';
import type { PolicyRule } from './command';

/**
 * A module's policy: one row per command (read it as a table: command → permission, refused states).
 * @example export const settingsPolicy = policyTable<FacilityConfig>()({ 'settings.update': { permissions: [TABLE] } });
 */
export function policyTable<S>() {
  return <T extends Record<string, PolicyRule<S, never>>>(rules: T): T => rules;
}

/** The actor's permissions (facility groups and connection grants), read in the command's transaction. */
export async function actorPermissions(trx: Transaction<Database>, actor: Actor): Promise<Set<string>> {
  // The system (a scheduled job) is no member of any group: it holds no permission.
  if (actor.system) return new Set();
  return listFacilityAndConnectionPermissions(trx, actor);
}

/**
 * Checks a rule inside the command's transaction, after the record is locked: the permission
 * (read in the same transaction, so a grant revoked a moment ago counts) and the record's state.
 */
export async function checkPolicy<S, I>(
  trx: Transaction<Database>,
  actor: Actor,
  rule: PolicyRule<S, I>,
  state: S,
  input: I,
): Promise<void> {
  const needed = typeof rule.permissions === 'function' ? rule.permissions(input, state) : rule.permissions;
  if (needed.length) {
    const held = await actorPermissions(trx, actor);
    if (!needed.every((p) => held.has(p)))
      throw new AppError('FORBIDDEN', 403, 'You do not have permission to do this');
  }
  const refusal = rule.refuse?.(state, actor, input);
  if (refusal) throw refusal;
}
