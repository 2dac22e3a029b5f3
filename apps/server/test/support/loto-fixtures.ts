import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { applyLock, removeLock } from '../../src/modules/locks';

/**
 * Locks and tags on plan points for the isolation plan's tests, through the locks module's own
 * functions (each in its transaction, the permit row locked first as its routes do) and, for tags,
 * the rows the tags module writes.
 */
/** A pool padlock of facility 1, handed to `assignedPermitId` when given (only that permit's people apply it). */
export async function newLock(db: Kysely<Database>, serial: string, assignedPermitId?: number): Promise<number> {
  const row = await db
    .insertInto('locks')
    .values({ facility_id: 1, serial, kind: 'padlock', assigned_permit_id: assignedPermitId ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function putLock(
  db: Kysely<Database>,
  place: { permitId: number; planPointId?: number; lockboxId?: number },
  lockId: number,
  userId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select id from permits where id = ${place.permitId} for update`.execute(trx);
    const where =
      place.planPointId !== undefined ? { planPointId: place.planPointId } : { lockboxId: place.lockboxId! };
    return applyLock(trx, { facilityId: 1, lockId, permitId: place.permitId, userId, at: new Date(), ...where });
  });
}

export async function takeLock(db: Kysely<Database>, permitId: number, applicationId: number, userId: number) {
  await db.transaction().execute(async (trx) => {
    await sql`select id from permits where id = ${permitId} for update`.execute(trx);
    await removeLock(trx, { facilityId: 1, applicationId, userId, at: new Date(), removal: 'removed' });
  });
}

let tagCounter = 0;
export async function putTag(
  db: Kysely<Database>,
  permitId: number,
  planPointId: number,
  userId: number,
  state: 'planned' | 'applied' = 'applied',
): Promise<{ id: number; number: string }> {
  const number = `T-TEST-${process.pid}-${++tagCounter}`;
  const row = await db
    .insertInto('tags')
    .values({
      facility_id: 1,
      number,
      permit_id: permitId,
      plan_point_id: planPointId,
      state,
      ...(state === 'applied' ? { applied_by: userId, applied_at: new Date() } : {}),
      status_token: randomBytes(16).toString('base64url'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, number };
}

export async function setTagState(db: Kysely<Database>, tagId: number, state: 'removed' | 'voided', userId: number) {
  await db
    .updateTable('tags')
    .set(
      state === 'removed'
        ? { state, removed_at: new Date(), removed_by: userId }
        : { state, voided_at: new Date(), voided_by: userId },
    )
    .where('id', '=', tagId)
    .execute();
}

/**
 * For tests of the permit lifecycle itself: LOTO permits without the isolation plan section (a
 * type's sections are its facility's choice), so `isolate` and `close` answer the lifecycle's
 * table alone. The plan's guards are isolation-plan.test.ts's.
 */
export async function withoutIsolationPlan(db: Kysely<Database>, code = 'LOTO'): Promise<void> {
  await sql`update permit_types set sections = array_remove(sections, 'isolation-plan') where code = ${code}`.execute(
    db,
  );
}

type App = { inject: (options: object) => Promise<{ statusCode: number; body: string; json: <T>() => T }> };

/** Applies the point's planned tag through the tags module's command (as that user); answers its ID. */
export async function applyPointTag(app: App, token: string, permitId: number, planPointId: number): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const plan = (await app.inject({ url: `/api/permits/${permitId}/isolation-plan`, headers })).json<{
    points: { ID: number; tags: { ID: number; state: string }[] }[];
  }>();
  const tag = plan.points
    .find((p) => p.ID === planPointId)
    ?.tags.find((x) => x.state === 'planned' || x.state === 'printed');
  if (!tag) throw new Error(`no planned tag on plan point ${planPointId}`);
  const applied = await app.inject({
    method: 'POST',
    url: `/api/permits/${permitId}/tags/commands/apply`,
    headers,
    payload: { tagId: tag.ID },
  });
  if (applied.statusCode !== 200) throw new Error(`tag apply: ${applied.statusCode} ${applied.body}`);
  return tag.ID;
}

/** Removes a tag through the tags module's command (only its applier may). */
export async function removeTag(app: App, token: string, permitId: number, tagId: number) {
  return app.inject({
    method: 'POST',
    url: `/api/permits/${permitId}/tags/commands/remove`,
    headers: { authorization: `Bearer ${token}` },
    payload: { tagId },
  });
}

/**
 * Hands a pool lock to a permit as a supervisor does from the lock cabinet (the `lock.assign`
 * command's write, for tests that are about something else): only that permit's people apply it.
 */
export async function assignLock(db: Kysely<Database>, lockId: number, permitId: number): Promise<void> {
  await db.updateTable('locks').set({ assigned_permit_id: permitId }).where('id', '=', lockId).execute();
}
