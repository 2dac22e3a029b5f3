import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { demoCommandContext } from './demo-command-context';
import { EventBus, runCommand } from '../../platform';
import { isolationPlanCommands } from '../../modules/isolation-plan';
import { lockboxCommandDefinitions } from '../../modules/lockboxes';

/** The step that leaves the demo print list something to print (test templates leave it out, like the stories). */
export const DEMO_PRINT_LIST_STEP = 'demo-2026-12-02-print-list';

/**
 * North Plant's print list for a supervisor signing in (decision 0074): the issued and active
 * demo permits already wait to print (none was printed); here the supervisor fills the isolation
 * plans of the two latest approved permits with isolation points (the plan's `fill` plans a tag per
 * point: Planned tags) and opens a group lockbox on the latest active permit with crew sign-on (a
 * lockbox label waiting), each through its module's command as the app's routes do.
 */
export async function seedDemoPrintList(db: Kysely<Database>, facilityIds: number[]): Promise<void> {
  const facilityId = facilityIds[0];
  if (facilityId === undefined) return;
  const supervisor = await db.selectFrom('users').select('id').where('user_name', '=', 'supervisor').executeTakeFirst();
  if (!supervisor) return;
  const ctx = demoCommandContext(db, { userId: supervisor.id, facilityId, requestId: 'demo-seed-print-list' });
  const events = new EventBus(() => {});

  const approved = await permitsWith(db, facilityId, 'approved', 'isolation-plan', 2);
  for (const permit of approved) {
    const fill = isolationPlanCommands.fill;
    await runCommand(events, ctx, fill, { name: fill.name, targetId: permit.id, input: {} });
  }
  const [active] = await permitsWith(db, facilityId, 'active', 'crew-sign-on', 1);
  if (active) {
    const open = lockboxCommandDefinitions.open;
    await runCommand(events, ctx, open, {
      name: open.name,
      targetId: active.id,
      input: { primaryUserId: active.holder_id ?? supervisor.id, lockId: null },
    });
  }
}

/** The facility's latest permits in `status` of a type with `section`, on assets with isolation points. */
function permitsWith(
  db: Kysely<Database>,
  facilityId: number,
  status: 'approved' | 'active',
  section: string,
  n: number,
) {
  return db
    .selectFrom('permits as p')
    .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
    .select(['p.id', 'p.holder_id'])
    .where('p.facility_id', '=', facilityId)
    .where('p.status', '=', status)
    .where(sql<boolean>`${section} = any(t.sections)`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('permit_assets as pa')
          .innerJoin('isolation_points as ip', 'ip.asset_id', 'pa.asset_id')
          .select('ip.id')
          .whereRef('pa.permit_id', '=', 'p.id'),
      ),
    )
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('lockboxes as b').select('b.id').whereRef('b.permit_id', '=', 'p.id'))),
    )
    .orderBy('p.id', 'desc')
    .limit(n)
    .execute();
}
