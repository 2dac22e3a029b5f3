import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { listFacilityAndConnectionPermissions } from '../access/permission-lists';
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

/** Actors of one request that runs many commands (a sync push): their permissions, once read. */
const readOnce = new WeakMap<Actor, { held?: ReadonlySet<string> }>();

/**
 * The same actor, whose permissions the first command that asks reads (in its transaction) and the
 * request's later commands reuse: a sync push of up to 100 commands of one session reads them once,
 * as one REST request does (decision 0061). A grant revoked meanwhile counts from the next request.
 * @example const actor = actorForOneRequest({ ...ctx.actor, deviceId });
 */
export function actorForOneRequest(actor: Actor): Actor {
  const copy = { ...actor };
  readOnce.set(copy, {});
  return copy;
}

/** The actor's permissions (facility groups and connection grants), read in the command's transaction. */
export async function actorPermissions(trx: Transaction<Database>, actor: Actor): Promise<Set<string>> {
  // The system (a scheduled job) is no member of any group: it holds no permission.
  if (actor.system) return new Set();
  const once = readOnce.get(actor);
  if (!once) return narrowToKey(actor, await listFacilityAndConnectionPermissions(trx, actor));
  once.held ??= await listFacilityAndConnectionPermissions(trx, actor);
  return narrowToKey(actor, once.held);
}

/** What an API key's caller holds: what both the key and its creator hold (a creator's lost grant narrows the key). */
export function narrowToKey(actor: Actor, held: ReadonlySet<string>): Set<string> {
  if (!actor.apiKey) return new Set(held);
  return new Set(actor.apiKey.permissions.filter((p) => held.has(p)));
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
