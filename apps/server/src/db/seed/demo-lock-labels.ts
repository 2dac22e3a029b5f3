import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { demoCommandContext } from './demo-command-context';
import { EventBus } from '../../platform';
import { recordLockLabelsPrinted } from '../../modules/printing';

/** The step that records the demo locks' labels printed (test templates leave it out, like the print list's). */
export const DEMO_LOCK_LABELS_STEP = 'demo-2026-12-13-lock-labels';

/**
 * The spare green padlocks stand for locks just registered: their labels wait on the print list;
 * every other demo lock in use was labelled when it was registered.
 */
const DEMO_NEW_LOCK_SERIALS = sql`l.serial like 'GRN-%'`;

/**
 * North Plant's lock labels (decision 0115): the supervisor (who manages locks) records every demo
 * lock's label printed through the lock-label command, as Lock Manage's print does, except the spare
 * green padlocks: a supervisor signing in sees a few lock labels waiting, and the rest under Printed.
 */
export async function seedDemoLockLabels(db: Kysely<Database>, facilityIds: number[]): Promise<void> {
  const facilityId = facilityIds[0];
  if (facilityId === undefined) return;
  const supervisor = await db.selectFrom('users').select('id').where('user_name', '=', 'supervisor').executeTakeFirst();
  if (!supervisor) return;
  const ctx = demoCommandContext(db, { userId: supervisor.id, facilityId, requestId: 'demo-seed-lock-labels' });
  const { rows: locks } = await sql<{ ID: number; serial: string; status: string }>`
    select l.id as "ID", l.serial, l.status from locks l
    where l.facility_id = ${facilityId} and not ${DEMO_NEW_LOCK_SERIALS}
    order by l.id`.execute(db);
  await recordLockLabelsPrinted(new EventBus(() => {}), ctx, locks);
}
