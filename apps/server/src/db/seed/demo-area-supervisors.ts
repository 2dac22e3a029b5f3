import type { Kysely } from 'kysely';
import type { Connection } from '../connections';
import type { Database } from '../schema';
import { EventBus, runCommand, type RequestContext } from '../../platform';
import { editArea, getArea } from '../../modules/assets';

/** The step that gives the demo areas their supervisor (test templates leave it out, like the stories). */
export const DEMO_AREA_SUPERVISORS_STEP = 'demo-2026-12-03-area-supervisors';

/**
 * Sam Supervisor supervises each top area of the demo facilities (decision 0080), set by the demo
 * admin through the area edit the Asset Manage screen sends: the sub-areas inherit them, so a
 * template sending to "area supervisors" reaches Sam for every demo permit with an area.
 */
export async function seedDemoAreaSupervisors(db: Kysely<Database>, facilityIds: number[]): Promise<void> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where('user_name', 'in', ['admin', 'supervisor'])
    .execute();
  const admin = people.find((p) => p.user_name === 'admin');
  const supervisor = people.find((p) => p.user_name === 'supervisor');
  if (!admin || !supervisor) return;
  const connection: Connection = { name: 'demo-seed', db, url: '' };
  const events = new EventBus(() => {});
  for (const facilityId of facilityIds) {
    const ctx: RequestContext = {
      actor: { userId: admin.id, facilityId, sessionId: 'demo-seed', deviceId: null },
      connection,
      requestId: `demo-seed-area-supervisors-${facilityId}`,
      address: '',
      now: new Date(Date.now()),
      expiresAt: Number.POSITIVE_INFINITY,
    };
    const tops = await db
      .selectFrom('areas')
      .select('id')
      .where('facility_id', '=', facilityId)
      .where('parent_area_id', 'is', null)
      .orderBy('number')
      .execute();
    for (const { id } of tops) {
      const area = await getArea(db, facilityId, id);
      await runCommand(events, ctx, editArea, {
        name: editArea.name,
        targetId: id,
        input: {
          number: area.number,
          name: area.name,
          description: area.description,
          supervisorIds: [supervisor.id],
          version: area.version,
        },
        expectedVersion: area.version,
      });
    }
  }
}
