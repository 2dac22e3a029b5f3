import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { hashPassword } from '../../modules/auth/password';

/** The password of every demo user (shown in the README). */
export const DEMO_PASSWORD = 'hasp-demo-2026';

export const demoFacilities = [
  { name: 'North Plant', timeZone: 'America/Chicago' },
  { name: 'Riverside Chemical Processing Complex', timeZone: 'America/New_York' },
] as const;

const demoGroups = [
  { name: 'Administrators', description: 'Configure the facility: users, groups, settings, master lists' },
  { name: 'Supervisors', description: 'Approve and issue permits; review isolations' },
  { name: 'Authorized Workers', description: 'Apply and remove their own locks and tags; request permits' },
  { name: 'Contractors', description: 'Outside crews: sign on to group lockboxes under a permit' },
] as const;

export const demoUsers = [
  {
    userName: 'admin',
    displayName: 'Alex Admin',
    email: 'admin@hasp.example',
    group: 'Administrators',
    facilities: 'all',
  },
  {
    userName: 'supervisor',
    displayName: 'Sam Supervisor',
    email: 'supervisor@hasp.example',
    group: 'Supervisors',
    facilities: 'all',
  },
  {
    userName: 'worker',
    displayName: 'Wren Worker',
    email: 'worker@hasp.example',
    group: 'Authorized Workers',
    facilities: 'first',
  },
  { userName: 'contractor', displayName: 'Casey Contractor', email: null, group: 'Contractors', facilities: 'first' },
] as const;

/**
 * Seeds the demo facilities, groups and users. Idempotent: rows are matched by name, and an
 * existing user's password is never reset.
 */
export async function seedDemo(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const facilityIds: number[] = [];
    for (const facility of demoFacilities) {
      const existing = await trx
        .selectFrom('facilities')
        .select('id')
        .where('name', '=', facility.name)
        .executeTakeFirst();
      const id =
        existing?.id ??
        (
          await trx
            .insertInto('facilities')
            .values({ name: facility.name, parent_id: null, time_zone: facility.timeZone })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      facilityIds.push(id);
      await trx
        .insertInto('groups')
        .values(demoGroups.map((g) => ({ facility_id: id, name: g.name, description: g.description })))
        .onConflict((oc) => oc.columns(['facility_id', 'name']).doNothing())
        .execute();
    }
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const user of demoUsers) {
      let row = await trx.selectFrom('users').select('id').where('user_name', '=', user.userName).executeTakeFirst();
      row ??= await trx
        .insertInto('users')
        .values({
          user_name: user.userName,
          display_name: user.displayName,
          email: user.email,
          password_hash: passwordHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const userFacilities = user.facilities === 'all' ? facilityIds : facilityIds.slice(0, 1);
      await trx
        .insertInto('user_facilities')
        .values(userFacilities.map((facilityId) => ({ user_id: row.id, facility_id: facilityId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      const groups = await trx
        .selectFrom('groups')
        .select('id')
        .where('name', '=', user.group)
        .where('facility_id', 'in', userFacilities)
        .execute();
      await trx
        .insertInto('user_groups')
        .values(groups.map((g) => ({ user_id: row.id, group_id: g.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}
