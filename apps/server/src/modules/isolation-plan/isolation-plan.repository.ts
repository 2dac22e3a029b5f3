import { sql, type Transaction } from 'kysely';
import {
  holdingPlanPointStates,
  isolationPlanClosingStep,
  isolationPlanNextStepFields,
  type IsolationPlan,
  type IsolationPointChoice,
  type PlanPoint,
} from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { itemCaptionSql } from '../master-lists';
import { findSectionPermit, type SectionPermit } from '../permits';

/** The permit a plan belongs to, as the plan's commands read it (locked FOR UPDATE by the target). */
export type PlanPermit = SectionPermit;
export { findSectionPermit as findPlanPermit };

/** The plan row's version (0 before the plan's first command created it). */
export async function planVersion(db: Db, permitId: number): Promise<number> {
  const row = await db
    .selectFrom('permit_isolation_plans')
    .select('version')
    .where('permit_id', '=', permitId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** Moves the plan on by one version (creating its row on the first command); answers the new version. */
export async function bumpPlan(trx: Transaction<Database>, facilityId: number, permitId: number) {
  const row = await trx
    .insertInto('permit_isolation_plans')
    .values({ permit_id: permitId, facility_id: facilityId, version: 1 })
    .onConflict((oc) =>
      oc.column('permit_id').doUpdateSet({ version: sql`permit_isolation_plans.version + 1`, updated_at: sql`now()` }),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

type PlanStep =
  'notified' | 'shut_down' | 'stored_energy_released' | 'area_inspected' | 'people_clear' | 'release_notified';

/** Records a plan-wide step (who and when), creating the plan row when needed. */
export async function recordPlanStep(
  trx: Transaction<Database>,
  facilityId: number,
  permitId: number,
  step: PlanStep,
  userId: number,
  at: Date,
) {
  await trx
    .insertInto('permit_isolation_plans')
    .values({ permit_id: permitId, facility_id: facilityId })
    .onConflict((oc) => oc.column('permit_id').doNothing())
    .execute();
  await trx
    .updateTable('permit_isolation_plans')
    .set({ [`${step}_by`]: userId, [`${step}_at`]: at })
    .where('permit_id', '=', permitId)
    .execute();
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The plan as the API shows it: the steps, each point with its asset point's data, the other permits
 * holding it, its open lock applications and its tags. Read in the caller's transaction (a command
 * reads it after its locks, so the rules decide on what it changes).
 */
export async function loadPlan(db: Db, permit: PlanPermit): Promise<Omit<IsolationPlan, 'allowedVerbs'>> {
  return (await loadPlansForPermits(db, [permit])).get(permit.id)!;
}

/**
 * loadPlan for many permits of one facility in the same six statements (the offline download's
 * page), by permit ID. A point's "held by" names the permits other than the plan's own, as loadPlan's.
 */
export async function loadPlansForPermits(
  db: Db,
  permits: readonly PlanPermit[],
): Promise<Map<number, Omit<IsolationPlan, 'allowedVerbs'>>> {
  const result = new Map<number, Omit<IsolationPlan, 'allowedVerbs'>>();
  if (!permits.length) return result;
  const facilityId = permits[0]!.facilityId;
  const permitIds = permits.map((p) => p.id);
  const plans = await db.selectFrom('permit_isolation_plans').selectAll().where('permit_id', 'in', permitIds).execute();
  const allRows = await db
    .selectFrom('permit_isolation_points as pp')
    .innerJoin('isolation_points as ip', 'ip.id', 'pp.isolation_point_id')
    .innerJoin('components as c', 'c.id', 'ip.component_id')
    .innerJoin('assets as a', 'a.id', 'ip.asset_id')
    .leftJoin('master_list_items as d', 'd.id', 'ip.device_type_item_id')
    .select([
      'pp.id',
      'pp.isolation_point_id',
      'pp.position',
      'pp.state',
      'pp.isolated_at',
      'pp.isolated_by',
      'pp.verified_at',
      'pp.verified_by',
      'pp.verify_method',
      'pp.verify_result',
      'pp.test_released_at',
      'pp.test_released_by',
      'pp.released_at',
      'pp.released_by',
      'pp.restored_at',
      'pp.restored_by',
      'pp.try_out_failed_at',
      'pp.try_out_failed_by',
      'ip.code',
      'ip.location',
      'ip.normal_position',
      'ip.isolated_position',
      'ip.lockable',
      'ip.tag_only_measure',
      'ip.verification_method',
      'ip.photo_id',
      'd.value as device_type',
      'a.id as asset_id',
      'a.number as asset_number',
      'c.id as component_id',
      'c.number as component_number',
      'c.name as component_name',
      'pp.permit_id',
    ])
    .where('pp.permit_id', 'in', permitIds)
    .where('pp.removed_at', 'is', null)
    .orderBy('pp.position')
    .orderBy('pp.id')
    .execute();
  const planPointIds = allRows.map((r) => r.id);
  const pointIds = [...new Set(allRows.map((r) => r.isolation_point_id))];
  const componentIds = [...new Set(allRows.map((r) => r.component_id))];
  const [allHeld, allLocks, allTags, allEnergy] = await Promise.all([
    heldBy(db, facilityId, pointIds, permits.length === 1 ? permits[0]!.id : null),
    planPointIds.length
      ? db
          .selectFrom('lock_applications as la')
          .innerJoin('locks as l', 'l.id', 'la.lock_id')
          .select(['la.id', 'la.plan_point_id', 'la.lock_id', 'l.serial', 'la.applied_by', 'la.applied_at'])
          .where('la.plan_point_id', 'in', planPointIds)
          .where('la.removed_at', 'is', null)
          .orderBy('la.id')
          .execute()
      : [],
    planPointIds.length
      ? db
          .selectFrom('tags')
          .select(['id', 'plan_point_id', 'number', 'state', 'applied_by', 'lock_serial'])
          .where('plan_point_id', 'in', planPointIds)
          .orderBy('id')
          .execute()
      : [],
    // What each point isolates: its component's active energy sources, the type by its caption.
    componentIds.length
      ? db
          .selectFrom('energy_sources as e')
          .innerJoin('master_list_items as m', 'm.id', 'e.energy_type_item_id')
          .select([
            'e.component_id',
            'e.energy_type_item_id',
            'e.magnitude',
            'e.unit',
            'e.stored_energy',
            itemCaptionSql().as('type_caption'),
          ])
          .where('e.facility_id', '=', facilityId)
          .where('e.component_id', 'in', componentIds)
          .where('e.is_active', '=', true)
          .orderBy('e.id')
          .execute()
      : [],
  ]);
  const userIds = new Set<number>();
  const add = (id: number | null | undefined) => id != null && userIds.add(id);
  for (const plan of plans) {
    for (const key of [
      'notified_by',
      'shut_down_by',
      'stored_energy_released_by',
      'area_inspected_by',
      'people_clear_by',
      'release_notified_by',
    ] as const)
      add(plan[key]);
  }
  for (const r of allRows)
    [r.isolated_by, r.verified_by, r.test_released_by, r.released_by, r.restored_by, r.try_out_failed_by].forEach(add);
  allLocks.forEach((l) => add(l.applied_by));
  allTags.forEach((t) => add(t.applied_by));
  const names = new Map(
    userIds.size
      ? (
          await db
            .selectFrom('users')
            .select(['id', 'display_name'])
            .where('id', 'in', [...userIds])
            .execute()
        ).map((u) => [u.id, u.display_name])
      : [],
  );
  const locksOf = groupBy(allLocks, (l) => l.plan_point_id);
  const tagsOf = groupBy(allTags, (t) => t.plan_point_id);
  const energyOf = groupBy(allEnergy, (e) => e.component_id);
  const rowsOf = groupBy(allRows, (r) => r.permit_id);
  const planOf = new Map(plans.map((p) => [p.permit_id, p]));
  const person = (id: number) => ({ ID: id, displayName: names.get(id) ?? '' });
  const done = (by: number | null | undefined, at: Date | null | undefined) =>
    by == null || at == null ? null : { by: person(by), at: iso(at)! };
  for (const permit of permits) {
    const plan = planOf.get(permit.id);
    const rows = rowsOf.get(permit.id) ?? [];
    // Other permits holding the point (the single-permit read left its own out in the statement).
    const held = (pointId: number) => (allHeld.get(pointId) ?? []).filter((h) => h.ID !== permit.id);
    const points: PlanPoint[] = rows.map((r) => ({
      ID: r.id,
      isolationPointId: r.isolation_point_id,
      position: r.position,
      state: r.state,
      code: r.code,
      location: r.location,
      deviceType: r.device_type ?? '',
      normalPosition: r.normal_position,
      isolatedPosition: r.isolated_position,
      lockable: r.lockable,
      tagOnlyMeasure: r.tag_only_measure,
      verificationMethod: r.verification_method,
      asset: { ID: r.asset_id, number: r.asset_number },
      component: { ID: r.component_id, number: r.component_number, name: r.component_name },
      isolated: done(r.isolated_by, r.isolated_at),
      verified: done(r.verified_by, r.verified_at),
      verifyMethod: r.verify_method,
      verifyResult: r.verify_result,
      testReleased: done(r.test_released_by, r.test_released_at),
      released: done(r.released_by, r.released_at),
      restored: done(r.restored_by, r.restored_at),
      heldBy: held(r.isolation_point_id),
      locks: (locksOf.get(r.id) ?? []).map((l) => ({
        applicationId: l.id,
        lockId: l.lock_id,
        serial: l.serial,
        appliedBy: person(l.applied_by),
        appliedAt: iso(l.applied_at)!,
      })),
      tags: (tagsOf.get(r.id) ?? []).map((t) => ({
        ID: t.id,
        number: t.number,
        state: t.state,
        appliedBy: t.applied_by === null ? null : person(t.applied_by),
        lockSerial: t.lock_serial,
      })),
      energy: (energyOf.get(r.component_id) ?? []).map((e) => ({
        type: { ID: e.energy_type_item_id, caption: e.type_caption },
        magnitude: e.magnitude === null ? null : Number(e.magnitude),
        unit: e.unit,
        storedEnergy: e.stored_energy,
      })),
      photoId: r.photo_id,
      // Shown only while the point waits for a try-out that passes (a pass clears it).
      tryOutFailed: r.state === 'verified' ? null : done(r.try_out_failed_by, r.try_out_failed_at),
    }));
    const view = {
      permitId: permit.id,
      permitNumber: permit.number,
      permitStatus: permit.status,
      version: plan?.version ?? 0,
      notified: done(plan?.notified_by, plan?.notified_at),
      shutDown: done(plan?.shut_down_by, plan?.shut_down_at),
      storedEnergyReleased: done(plan?.stored_energy_released_by, plan?.stored_energy_released_at),
      areaInspected: done(plan?.area_inspected_by, plan?.area_inspected_at),
      peopleClear: done(plan?.people_clear_by, plan?.people_clear_at),
      releaseNotified: done(plan?.release_notified_by, plan?.release_notified_at),
      points,
    };
    result.set(permit.id, { ...view, ...isolationPlanNextStepFields(view) });
  }
  // Only a plan whose next step would be to close asks who is still signed on: then the step names them.
  const closing = [...result].filter(([, plan]) => plan.nextStep === isolationPlanClosingStep).map(([id]) => id);
  const crew = await crewSignedOn(db, closing);
  for (const [id, names] of crew) {
    const plan = result.get(id)!;
    result.set(id, { ...plan, ...isolationPlanNextStepFields(plan, names) });
  }
  return result;
}

/**
 * The names of the crew still signed on to each permit's lockbox (lock applications on no plan
 * point), in sign-on order; a permit with nobody signed on is absent.
 */
export async function crewSignedOn(db: Db, permitIds: readonly number[]): Promise<Map<number, string[]>> {
  const crew = new Map<number, string[]>();
  if (!permitIds.length) return crew;
  const rows = await db
    .selectFrom('lock_applications as la')
    .innerJoin('users as u', 'u.id', 'la.applied_by')
    .select(['la.permit_id', 'u.display_name'])
    .where('la.permit_id', 'in', [...permitIds])
    .where('la.plan_point_id', 'is', null)
    .where('la.removed_at', 'is', null)
    .orderBy('la.id')
    .execute();
  for (const r of rows) {
    const names = crew.get(r.permit_id);
    if (!names) crew.set(r.permit_id, [r.display_name]);
    else if (!names.includes(r.display_name)) names.push(r.display_name);
  }
  return crew;
}

/** Rows by a key, in their order (a plan's locks and tags by plan point, without a scan per point). */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/**
 * "Held by permits X, Y": the permits other than `exceptPermitId` whose plans hold each of these
 * isolation points right now (isolated, verified or test released), by permit number.
 */
export async function heldBy(
  db: Db,
  facilityId: number,
  isolationPointIds: number[],
  exceptPermitId: number | null,
): Promise<Map<number, { ID: number; number: string }[]>> {
  const map = new Map<number, { ID: number; number: string }[]>();
  if (!isolationPointIds.length) return map;
  let query = db
    .selectFrom('permit_isolation_points as pp')
    .innerJoin('permits as p', 'p.id', 'pp.permit_id')
    .select(['pp.isolation_point_id', 'p.id', 'p.number'])
    .where('pp.facility_id', '=', facilityId)
    .where('pp.isolation_point_id', 'in', isolationPointIds)
    .where('pp.removed_at', 'is', null)
    .where('pp.state', 'in', [...holdingPlanPointStates])
    .orderBy('p.number');
  if (exceptPermitId !== null) query = query.where('pp.permit_id', '<>', exceptPermitId);
  for (const row of await query.execute()) {
    const list = map.get(row.isolation_point_id) ?? [];
    list.push({ ID: row.id, number: row.number });
    map.set(row.isolation_point_id, list);
  }
  return map;
}

/**
 * Locks the plan's asset isolation points FOR UPDATE, ascending ID (lock order step 2, after the
 * permit): a restore or release decides "held by" on rows no other permit's command can change meanwhile.
 */
export async function lockIsolationPoints(trx: Transaction<Database>, facilityId: number, permitId: number) {
  await sql`
    select id from isolation_points
    where facility_id = ${facilityId}
      and id in (select isolation_point_id from permit_isolation_points where permit_id = ${permitId} and removed_at is null)
    order by id for update`.execute(trx);
}

/** Any open lock application or applied tag on this isolation point, on any permit's plan. */
export async function pointHasAppliedLockOrTag(db: Db, isolationPointId: number): Promise<boolean> {
  const row = await sql<{ n: number }>`
    select (
      (select count(*) from lock_applications la join permit_isolation_points pp on pp.id = la.plan_point_id
        where pp.isolation_point_id = ${isolationPointId} and la.removed_at is null)
      + (select count(*) from tags t join permit_isolation_points pp on pp.id = t.plan_point_id
        where pp.isolation_point_id = ${isolationPointId} and t.state in ('applied', 'verified'))
    )::int as n`.execute(db);
  return (row.rows[0]?.n ?? 0) > 0;
}

/** The active isolation points of the permit's assets' components, in component then code order. */
export async function assetIsolationPoints(
  db: Db,
  facilityId: number,
  permitId: number,
): Promise<IsolationPointChoice[]> {
  const rows = await db
    .selectFrom('permit_assets as pa')
    .innerJoin('isolation_points as ip', (j) =>
      j.onRef('ip.asset_id', '=', 'pa.asset_id').on('ip.facility_id', '=', facilityId),
    )
    .innerJoin('components as c', 'c.id', 'ip.component_id')
    .innerJoin('assets as a', 'a.id', 'ip.asset_id')
    .select(['ip.id', 'ip.code', 'ip.location', 'a.number as asset_number', 'c.number as component_number'])
    .where('pa.permit_id', '=', permitId)
    .where('ip.is_active', '=', true)
    .where('c.is_active', '=', true)
    .orderBy('a.number')
    .orderBy('c.number')
    .orderBy('ip.code')
    .execute();
  return rows.map((r) => ({
    ID: r.id,
    code: r.code,
    location: r.location,
    assetNumber: r.asset_number,
    componentNumber: r.component_number,
  }));
}

/** An isolation point of the facility, for add-point (another facility's is "not found"). */
export async function findIsolationPoint(db: Db, facilityId: number, id: number) {
  return db
    .selectFrom('isolation_points')
    .select(['id', 'code', 'is_active'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Voids the planned or printed tags of a point taken off the plan (it was never isolated, so they
 * were never applied): a tag that is not finished would keep the permit from closing.
 */
export async function voidPlannedTags(trx: Transaction<Database>, planPointId: number, userId: number, at: Date) {
  await trx
    .updateTable('tags')
    .set({
      state: 'voided',
      voided_at: at,
      voided_by: userId,
      void_reason: 'Point taken off the isolation plan',
      version: sql`version + 1`,
    })
    .where('plan_point_id', '=', planPointId)
    .where('state', 'in', ['planned', 'printed'])
    .execute();
}
