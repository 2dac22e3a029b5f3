import { sql } from 'kysely';
import { rightNavPermission, type ConnectionPermission } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { listAllUserGrants, listUserPermissions } from '../permissions';

/**
 * What a user administrator may do to other users. Users belong to the connection, facilities are
 * administered one by one, and nobody hands out what they could not hold or administer themselves:
 * - a group only if it grants nothing the caller lacks in the signed-in facility (Group Manage's rule);
 * - access to (or removal from) a facility only where the caller administers users;
 * - account-wide changes (sign-in name and method, deactivation, password reset, unlock) only to a
 *   user who is wholly within the caller's reach: every facility of theirs administered by the
 *   caller, and no permission (in any facility, or of the connection) the caller lacks there.
 * - nobody changes their own password, sign-in name or method, groups or facilities here (a token
 *   thief would keep the account): the own password is changed in the profile, after the current one;
 * - handing someone else's sign-in over (a password reset, a new sign-in name or method) of an
 *   administrator-level account needs the connection permission too: a fellow administrator of
 *   the same facilities may not take it over alone (`signIn` of {@link reachRefusals}).
 * User Manage, NEW User Management's bulk actions and its CSV import all go through these checks.
 */

export interface Actor {
  facilityId: number;
  userId: number;
}

/** The permissions that make someone an administrator of a facility's users. */
export const userAdminPermissions = [rightNavPermission('user-manage'), rightNavPermission('user-management')];

const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);
const listed = (items: string[]) => (items.length > 8 ? `${items.slice(0, 8).join(', ')}, …` : items.join(', '));

/**
 * Facilities where the caller administers users: they may sign in there, hold User Manage or NEW
 * User Management there, and that feature is switched on there.
 */
export async function listAdministeredFacilities(db: Db, userId: number): Promise<Set<number>> {
  const { rows } = await sql<{ facility_id: number }>`
    select distinct uf.facility_id
    from user_facilities uf
    join groups g on g.facility_id = uf.facility_id
    join user_groups ug on ug.group_id = g.id and ug.user_id = uf.user_id
    join group_permissions gp on gp.group_id = g.id
    join facility_security_settings fs
      on fs.facility_id = uf.facility_id and fs.enabled and 'rightnav:' || fs.feature = gp.permission
    where uf.user_id = ${userId} and gp.permission in (${sql.join(userAdminPermissions)})`.execute(db);
  return new Set(rows.map((r) => r.facility_id));
}

/** These facilities, by name (an unknown ID by itself, last). */
async function namedFacilities(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('facilities')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .orderBy('name')
    .execute();
  const named = new Set(rows.map((r) => r.id));
  return [...rows, ...ids.filter((id) => !named.has(id)).map((id) => ({ id, name: String(id) }))];
}

/** For each of these groups of the caller's facility that grants something the caller lacks: its name and what. */
export async function listUngrantableGroups(
  db: Db,
  caller: Actor,
  groupIds: number[],
): Promise<{ id: number; name: string; lacking: string[] }[]> {
  if (!groupIds.length) return [];
  const [held, rows] = await Promise.all([
    listUserPermissions(db, caller).then((list) => new Set(list)),
    db
      .selectFrom('groups')
      .innerJoin('group_permissions', 'group_permissions.group_id', 'groups.id')
      .select(['groups.id', 'groups.name', 'group_permissions.permission'])
      .where('groups.id', 'in', groupIds)
      .orderBy('group_permissions.permission')
      .execute(),
  ]);
  const byGroup = new Map<number, { id: number; name: string; lacking: string[] }>();
  for (const row of rows.filter((r) => !held.has(r.permission))) {
    const entry = byGroup.get(row.id) ?? { id: row.id, name: row.name, lacking: [] };
    entry.lacking.push(row.permission);
    byGroup.set(row.id, entry);
  }
  return [...byGroup.values()];
}

export const ungrantableGroupMessage = (group: { name: string; lacking: string[] }) =>
  `You cannot give anyone the group ${group.name}: it grants permissions you do not hold yourself: ${listed(group.lacking)}`;

/** 403 unless every one of these groups grants only permissions the caller holds here. */
export async function assertMayGrantGroups(db: Db, caller: Actor, groupIds: number[]): Promise<void> {
  const [first] = await listUngrantableGroups(db, caller, groupIds);
  if (first) throw forbidden(ungrantableGroupMessage(first));
}

/** 403 unless the caller administers every facility the user gains or loses going from `before` to `after`. */
export async function assertMayChangeFacilities(db: Db, caller: Actor, before: number[], after: number[]) {
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (!changed.length) return;
  const mine = await listAdministeredFacilities(db, caller.userId);
  const outside = changed.filter((id) => !mine.has(id));
  if (!outside.length) return;
  const names = (await namedFacilities(db, outside)).map((f) => f.name);
  throw forbidden(`You cannot give or take away access to facilities you do not administer: ${listed(names)}`);
}

/** An administrator-level account: Administrator in some facility. */
const administratorPermission = rightNavPermission('administrator');
/** Who may hand over an administrator-level account's sign-in (decision 0088). */
const takeoverPermission: ConnectionPermission = 'connection:settings';

export interface ReachOptions {
  /** The facilities the caller administers, when already read. */
  administered?: Set<number>;
  /**
   * The users whose sign-in the change hands to someone (a password reset, a new sign-in name or
   * method): all of them (`true`) or these. An administrator-level one is then within reach only of
   * a holder of the connection permission, so one facility's administrator cannot take over another
   * administrator's account.
   */
  signIn?: true | ReadonlySet<number>;
}

/**
 * For each of these users beyond the caller's reach for account-wide changes: why. Users within
 * reach are absent. A fixed number of queries however many users (bulk actions, imports).
 */
export async function reachRefusals(
  db: Db,
  caller: Actor,
  targetIds: number[],
  { administered, signIn }: ReachOptions = {},
): Promise<Map<number, string>> {
  const refusals = new Map<number, string>();
  if (!targetIds.length) return refusals;
  const [mine, memberships, grants] = await Promise.all([
    administered ?? listAdministeredFacilities(db, caller.userId),
    db.selectFrom('user_facilities').select(['user_id', 'facility_id']).where('user_id', 'in', targetIds).execute(),
    listAllUserGrants(db, [caller.userId, ...targetIds]),
  ]);
  const outsideOf = new Map<number, number[]>();
  for (const { user_id, facility_id } of memberships) {
    if (!mine.has(facility_id)) outsideOf.set(user_id, [...(outsideOf.get(user_id) ?? []), facility_id]);
  }
  const named = await namedFacilities(db, [...new Set([...outsideOf.values()].flat())]);
  const held = grants.get(caller.userId)!;
  const mayTakeOver = held.connection.has(takeoverPermission);
  for (const targetId of targetIds) {
    const outside = outsideOf.get(targetId);
    if (outside) {
      const names = named.filter((f) => outside.includes(f.id)).map((f) => f.name);
      refusals.set(
        targetId,
        `This user also signs in to facilities you do not administer (${listed(names)}); ask an administrator of those facilities`,
      );
      continue;
    }
    const target = grants.get(targetId)!;
    const lacking = [...target.connection].filter((p) => !held.connection.has(p));
    for (const [facilityId, permissions] of target.byFacility) {
      const callerHas = held.byFacility.get(facilityId) ?? new Set<string>();
      for (const p of permissions) if (!callerHas.has(p)) lacking.push(p);
    }
    if (lacking.length) {
      refusals.set(
        targetId,
        `This user holds permissions you do not hold yourself (${listed([...new Set(lacking)].sort())}); ask an administrator who holds them`,
      );
      continue;
    }
    // Only Administrator is tested: a user holding the connection permission is within reach only
    // of a caller who holds it too.
    const handedOver = signIn === true || (signIn?.has(targetId) ?? false);
    if (handedOver && !mayTakeOver && [...target.byFacility.values()].some((p) => p.has(administratorPermission))) {
      refusals.set(
        targetId,
        `This user is an administrator: only someone holding the connection permission ${takeoverPermission} may reset their password or change how they sign in`,
      );
    }
  }
  return refusals;
}

/** 403 unless the user is wholly within the caller's reach (see the top of this file). */
export async function assertUserWithinReach(
  db: Db,
  caller: Actor,
  targetId: number,
  options: ReachOptions = {},
): Promise<void> {
  const refusal = (await reachRefusals(db, caller, [targetId], options)).get(targetId);
  if (refusal) throw forbidden(refusal);
}
