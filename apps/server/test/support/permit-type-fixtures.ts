import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/** The id of North Plant's permit type with this code. */
export async function permitTypeIdOf(db: Kysely<Database>, code: string): Promise<number> {
  const { id } = await db
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', 1)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return id;
}

/** The permit group North Plant's permit type with this code is in (a test's own type joins it). */
export async function permitGroupIdOf(db: Kysely<Database>, code: string): Promise<number> {
  const { permit_group_id } = await db
    .selectFrom('permit_types')
    .select('permit_group_id')
    .where('facility_id', '=', 1)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return permit_group_id;
}

/**
 * A test's own permit type made usable by the demo people: its id, and for each demo group of North
 * Plant the same `permit:<action>:<CODE>` grants the group holds for LOTO. Permissions are read at
 * sign-in, so sign in again after granting.
 */
export async function grantAsLoto(db: Kysely<Database>, code: string): Promise<number> {
  const id = await permitTypeIdOf(db, code);
  const grants = await db
    .selectFrom('group_permissions as gp')
    .innerJoin('groups as g', 'g.id', 'gp.group_id')
    .select(['gp.group_id', 'gp.permission'])
    .where('g.facility_id', '=', 1)
    .where('gp.permission', 'like', 'permit:%:LOTO')
    .execute();
  await db
    .insertInto('group_permissions')
    .values(grants.map((g) => ({ group_id: g.group_id, permission: g.permission.replace(/:LOTO$/, `:${code}`) })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return id;
}

/**
 * Runs `check` with `permission` taken from the demo group of North Plant named `group` (as an
 * administrator would while a device is offline), and gives it back afterwards whatever happens.
 */
export async function withGrantRevoked(
  db: Kysely<Database>,
  grant: { group: string; permission: string },
  check: () => Promise<void>,
): Promise<void> {
  const { id } = await db
    .selectFrom('groups')
    .select('id')
    .where('facility_id', '=', 1)
    .where('name', '=', grant.group)
    .executeTakeFirstOrThrow();
  const removed = await db
    .deleteFrom('group_permissions')
    .where('group_id', '=', id)
    .where('permission', '=', grant.permission)
    .returningAll()
    .execute();
  if (removed.length !== 1) throw new Error(`${grant.group} did not hold ${grant.permission}`);
  try {
    await check();
  } finally {
    await db.insertInto('group_permissions').values(removed).execute();
  }
}
