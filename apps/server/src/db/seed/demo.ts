import { sql, type Kysely, type Transaction } from 'kysely';
import { connectionPermissions, gasTesterPermission, offlineSupervisePermission } from '@hasp/contracts';
import type { Database } from '../schema';
import { hashPassword } from '../../modules/auth';
import { seedDemoPermitTypeConfig, seedDemoPermitsAndSettings } from './demo-permits';
import { seedAssetMasterLists, seedDemoAssets } from './demo-assets';
import { DEMO_AREA_SUPERVISORS_STEP, seedDemoAreaSupervisors } from './demo-area-supervisors';
import { seedMasterLists } from './demo-master-lists';
import { seedDemoNumbering } from './demo-numbering';
import { seedDemoQuestions } from './demo-questions';
import { seedDemoPlantAssets } from './demo-permit-work';
import { DEMO_PASSWORD } from './demo-password';
import { seedDemoPermitStories } from './demo-permit-stories';
import { seedDemoSimopsRules } from './demo-simops';
import { DEMO_PRINT_LIST_STEP, seedDemoPrintList } from './demo-print-list';
import { DEMO_LOCK_LABELS_STEP, seedDemoLockLabels } from './demo-lock-labels';
import { seedDemoIsolationPoints } from './demo-isolation';
import { seedDemoLotoPermissions } from './demo-loto-permissions';
import { seedDemoLocks } from './demo-locks';
import { seedDemoGasTests } from './demo-gas-tests';
import { seedDemoApprovalStages } from './demo-signatures';
import { DEMO_HAZARD_LINES_STEP, seedDemoHazardLines, seedRiskMatrices } from './demo-hazard-analysis';

export { DEMO_PASSWORD } from './demo-password';

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
    department: 'Site safety',
    contact: '+1 555 0100',
    group: 'Administrators',
    facilities: 'all',
  },
  {
    userName: 'supervisor',
    displayName: 'Sam Supervisor',
    email: 'supervisor@hasp.example',
    department: 'Operations — Shift A',
    contact: 'Radio ch. 2 / +1 555 0142',
    group: 'Supervisors',
    facilities: 'all',
  },
  {
    userName: 'worker',
    displayName: 'Wren Worker',
    email: 'worker@hasp.example',
    department: 'Maintenance — Electrical crew',
    contact: 'Radio ch. 4 / +1 555 0177',
    group: 'Authorized Workers',
    facilities: 'first',
  },
  {
    userName: 'contractor',
    displayName: 'Casey Contractor',
    email: null,
    department: 'Acme Mechanical — Crew B',
    contact: '+1 555 0199',
    group: 'Contractors',
    facilities: 'first',
  },
] as const;

/** Facilities, groups and users (matched by name; an existing user's password is never reset). */
async function seedCore(trx: Transaction<Database>): Promise<void> {
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
    // What their tags print: given to a demo account seeded before these existed, never overwritten.
    await trx
      .updateTable('users')
      .set((eb) => ({
        department: eb.fn.coalesce('department', eb.val(user.department)),
        contact: eb.fn.coalesce('contact', eb.val(user.contact)),
      }))
      .where('id', '=', row.id)
      .execute();
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
}

/** The demo facilities' IDs, in `demoFacilities` order (a read: inside a step's transaction or not). */
async function demoFacilityIds(db: Kysely<Database> | Transaction<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('facilities')
    .select(['id', 'name'])
    .where(
      'name',
      'in',
      demoFacilities.map((f) => f.name),
    )
    .execute();
  return demoFacilities.map((f) => rows.find((r) => r.name === f.name)!.id);
}

/** One welcome notification per demo user and facility, so the inbox is not empty on first sign-in. */
async function seedWelcomeNotifications(trx: Transaction<Database>): Promise<void> {
  const rows = await trx
    .selectFrom('user_facilities')
    .innerJoin('users', 'users.id', 'user_facilities.user_id')
    .select(['user_id', 'facility_id'])
    .where(
      'users.user_name',
      'in',
      demoUsers.map((u) => u.userName),
    )
    .execute();
  if (!rows.length) return;
  await trx
    .insertInto('notifications')
    .values(
      rows.map((r) => ({
        user_id: r.user_id,
        facility_id: r.facility_id,
        title: 'Welcome to Hasp',
        body: 'Permits, locks and tags for this facility are managed here. Your notifications arrive in this panel.',
        link: null,
      })),
    )
    .execute();
}

/** Addresses and the default language of the demo facilities (Facility Settings). */
async function seedFacilityProfiles(trx: Transaction<Database>): Promise<void> {
  const addresses = ['1200 Foundry Road, Peoria, IL 61602', '45 Riverside Drive, Wilmington, DE 19801'];
  const english = await trx.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirst();
  const ids = await demoFacilityIds(trx);
  for (const [index, id] of ids.entries()) {
    await trx
      .updateTable('facilities')
      .set({ address: addresses[index] ?? '', default_language_id: english?.id ?? null })
      .where('id', '=', id)
      .execute();
  }
}

/** The demo `admin` administers the whole connection: it holds every connection permission. */
async function seedConnectionGrants(trx: Transaction<Database>): Promise<void> {
  const admin = await trx.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  await trx
    .insertInto('connection_grants')
    .values(connectionPermissions.map((permission) => ({ user_id: admin.id, permission, granted_by: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The step that walks the demo permits through the lifecycle (test templates leave it out). */
export const DEMO_PERMIT_STORIES_STEP = 'demo-2026-11-25-permits';
/** Seeded after the stories, whose hot work and confined space entries it would otherwise block. */
export const DEMO_SIMOPS_RULES_STEP = 'demo-2026-12-09-simops-rules';

/**
 * Demo seed steps, applied once each and in order, like migrations. A step that gives commands
 * (`runOutside`) works on the database itself, each command its own transaction, while the step's
 * transaction holds the seed lock and records the step when they are done.
 */
const steps: {
  name: string;
  run?: (trx: Transaction<Database>) => Promise<void>;
  runOutside?: (db: Kysely<Database>) => Promise<void>;
}[] = [
  { name: 'demo-2026-11-22-core', run: seedCore },
  {
    name: 'demo-2026-11-22-permits-settings',
    run: async (trx) => seedDemoPermitsAndSettings(trx, await demoFacilityIds(trx)),
  },
  { name: 'demo-2026-11-22-welcome-notifications', run: seedWelcomeNotifications },
  { name: 'demo-2026-11-22-facility-profiles', run: seedFacilityProfiles },
  {
    name: 'demo-2026-11-22-assets',
    run: async (trx) => {
      const ids = await demoFacilityIds(trx);
      await seedAssetMasterLists(trx, ids);
      if (ids[0] !== undefined) await seedDemoAssets(trx, ids[0]);
    },
  },
  {
    name: 'demo-2026-11-22-master-lists',
    run: async (trx) => seedMasterLists(trx, await demoFacilityIds(trx)),
  },
  {
    name: 'demo-2026-11-22-permit-type-config',
    run: async (trx) => seedDemoPermitTypeConfig(trx, await demoFacilityIds(trx)),
  },
  {
    name: 'demo-2026-11-22-numbering-tag-report-links',
    run: async (trx) => seedDemoNumbering(trx, await demoFacilityIds(trx)),
  },
  {
    name: 'demo-2026-11-22-questions',
    run: async (trx) => seedDemoQuestions(trx, await demoFacilityIds(trx)),
  },
  { name: 'demo-2026-11-22-connection-grants', run: seedConnectionGrants },
  {
    name: 'demo-2026-11-25-plant-assets',
    run: async (trx) => {
      const [north] = await demoFacilityIds(trx);
      if (north !== undefined) await seedDemoPlantAssets(trx, north);
    },
  },
  {
    name: 'demo-2026-11-26-isolation-points',
    run: async (trx) => {
      const [north] = await demoFacilityIds(trx);
      if (north !== undefined) await seedDemoIsolationPoints(trx, north);
    },
  },
  {
    name: 'demo-2026-11-26-abandoned-removal-permission',
    run: async (trx) => seedDemoLotoPermissions(trx, await demoFacilityIds(trx)),
  },
  {
    name: 'demo-2026-11-26-locks',
    run: async (trx) => {
      const [north] = await demoFacilityIds(trx);
      if (north !== undefined) await seedDemoLocks(trx, north);
    },
  },
  { name: 'demo-2026-11-27-gas-tests', run: async (trx) => seedDemoGasTests(trx, await demoFacilityIds(trx)) },
  {
    name: 'demo-2026-11-27-approval-stages',
    run: async (trx) => seedDemoApprovalStages(trx, await demoFacilityIds(trx)),
  },
  {
    name: 'demo-2026-11-28-offline-supervise-permission',
    run: async (trx) => seedDemoLotoPermissions(trx, await demoFacilityIds(trx), offlineSupervisePermission),
  },
  {
    // Before the stories: their issuers record the gas tests that let them issue.
    name: 'demo-2026-12-07-gas-tester-permission',
    run: async (trx) =>
      seedDemoLotoPermissions(trx, await demoFacilityIds(trx), gasTesterPermission, [
        'Supervisors',
        'Administrators',
        'Authorized Workers',
      ]),
  },
  {
    name: DEMO_PERMIT_STORIES_STEP,
    runOutside: async (db) => seedDemoPermitStories(db, await demoFacilityIds(db)),
  },
  {
    // After the stories: they put hot work and confined space entries in the same area at the same
    // time, which the block refuses; seeded after, the demo permit pages show those conflicts
    // and a further Approve or Issue among them asks for an override.
    name: DEMO_SIMOPS_RULES_STEP,
    run: async (trx) => seedDemoSimopsRules(trx, await demoFacilityIds(trx)),
  },
  { name: 'demo-2026-11-27-risk-matrices', run: async (trx) => seedRiskMatrices(trx, await demoFacilityIds(trx)) },
  {
    name: DEMO_HAZARD_LINES_STEP,
    runOutside: async (db) => seedDemoHazardLines(db, await demoFacilityIds(db)),
  },
  {
    name: DEMO_PRINT_LIST_STEP,
    runOutside: async (db) => seedDemoPrintList(db, await demoFacilityIds(db)),
  },
  {
    name: DEMO_AREA_SUPERVISORS_STEP,
    runOutside: async (db) => seedDemoAreaSupervisors(db, await demoFacilityIds(db)),
  },
  {
    name: DEMO_LOCK_LABELS_STEP,
    runOutside: async (db) => seedDemoLockLabels(db, await demoFacilityIds(db)),
  },
];

/**
 * Seeds the demo data. Idempotent: each step runs once (recorded in seed_steps, under an advisory
 * lock so two starting processes do not both run it). `without` leaves steps out (not recorded, so a
 * later full seed still runs them): the server tests' template has no demo permits, so each test
 * file's permits are its own.
 */
export async function seedDemo(db: Kysely<Database>, options: { without?: string[] } = {}): Promise<void> {
  for (const step of steps) {
    if (options.without?.includes(step.name)) continue;
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('hasp-demo-seed'))`.execute(trx);
      const done = await trx.selectFrom('seed_steps').select('name').where('name', '=', step.name).executeTakeFirst();
      if (done) return;
      await step.run?.(trx);
      await step.runOutside?.(db);
      await trx.insertInto('seed_steps').values({ name: step.name }).execute();
    });
  }
}
