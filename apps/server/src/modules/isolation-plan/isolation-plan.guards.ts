import { sql, type Kysely, type Transaction } from 'kysely';
import { planPointStateLabels, type PermitFacts, type PermitGuard, type PlanPointState } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { registerPermitGuards, type PermitRecord } from '../permits';

type Db = Kysely<Database> | Transaction<Database>;

/** What the isolation guards read about a permit, loaded with its lifecycle facts. */
export interface IsolationFacts extends PermitFacts {
  /** The permit's type uses an isolation plan. */
  usesPlan: boolean;
  planPoints: { code: string; state: PlanPointState }[];
  storedEnergyReleased: boolean;
  areaInspected: boolean;
  peopleClear: boolean;
  releaseNotified: boolean;
  /** What is still on the equipment or the lockbox, as the close refusal lists it. */
  inPlace: string[];
}

/** The isolation facts in one statement (one round trip per permit command; decision 0061). */
async function loadIsolationFacts(db: Db, permit: PermitRecord): Promise<Omit<IsolationFacts, keyof PermitFacts>> {
  const usesPlan = permit.permitType.sections.includes('isolation-plan');
  const { rows } = await sql<{
    released: boolean | null;
    inspected: boolean | null;
    clear: boolean | null;
    notified: boolean | null;
    points: { code: string; state: PlanPointState }[];
    in_place: string[];
  }>`
    select plan.stored_energy_released_at is not null as released,
      plan.area_inspected_at is not null as inspected,
      plan.people_clear_at is not null as clear,
      plan.release_notified_at is not null as notified,
      coalesce((
        select json_agg(json_build_object('code', ip.code, 'state', pp.state) order by pp.position, pp.id)
        from permit_isolation_points pp
        join isolation_points ip on ip.id = pp.isolation_point_id
        where pp.permit_id = ${permit.ID} and pp.removed_at is null
      ), '[]'::json) as points,
      coalesce((select json_agg(x.line order by x.k, x.o) from (${inPlaceLines(permit.ID)}) x), '[]'::json) as in_place
    from (select 1) one
    left join permit_isolation_plans plan on plan.permit_id = ${permit.ID}`.execute(db);
  const row = rows[0]!;
  return {
    usesPlan,
    planPoints: row.points,
    storedEnergyReleased: !!row.released,
    areaInspected: !!row.inspected,
    peopleClear: !!row.clear,
    releaseNotified: !!row.notified,
    inPlace: row.in_place,
  };
}

/** The closing guard's lines of a permit, each with its sort keys `k` (locks, then tags) and `o`. */
const inPlaceLines = (permitId: number) => sql<{ k: number; o: number; line: string }>`
  select 1 as k, la.id as o,
    case when la.plan_point_id is not null
      then 'Lock ' || l.serial || ' on ' || ip.code || ' (applied by ' || u.display_name || ')'
      else 'Signed on: ' || u.display_name || ' (lock ' || l.serial || ')' end as line
  from lock_applications la
  join locks l on l.id = la.lock_id
  join users u on u.id = la.applied_by
  left join permit_isolation_points pp on pp.id = la.plan_point_id
  left join isolation_points ip on ip.id = pp.isolation_point_id
  where la.permit_id = ${permitId} and la.removed_at is null
  union all
  select 2, t.id,
    'Tag ' || t.number || ' on ' || coalesce(ip.code, 'personal lock ' || l.serial, 'the lockbox') || ' (' || t.state || ')'
  from tags t
  left join permit_isolation_points pp on pp.id = t.plan_point_id
  left join isolation_points ip on ip.id = pp.isolation_point_id
  left join lock_applications la on la.id = t.lock_application_id
  left join locks l on l.id = la.lock_id
  where t.permit_id = ${permitId} and t.state not in ('removed', 'voided', 'missing')`;

/**
 * The closing guard's list (issue 16 item 7), for every permit type: open lock applications (on
 * points: "Lock L-0042 on E-1 (applied by Ann Smith)"; on the lockbox: "Signed on: Bob Jones (lock P-017)") and
 * tags not yet removed, voided or missing ("Tag T-2026-00012 on E-1 (applied)"). Read from the
 * shared tables directly, in the permit command's transaction after the permit's lock.
 */
export async function stillInPlace(db: Db, permitId: number): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select line from (${inPlaceLines(permitId)}) x order by k, o`.execute(db);
  return rows.map((r) => r.line);
}

const deny = (reason: string) => ({ code: 'PRECONDITION_FAILED' as const, reason });
const describe = (p: { code: string; state: PlanPointState }) => `${p.code} is ${planPointStateLabels[p.state]}`;

/** Isolate: a plan, stored energy released and every point verified (OSHA 1910.147 (d)(5)–(6)). */
const planVerified: PermitGuard<IsolationFacts> = ({ facts }) => {
  if (!facts.usesPlan) return null;
  if (!facts.planPoints.length) return deny('Add the isolation points to the plan first.');
  if (!facts.storedEnergyReleased) return deny('Release stored energy first.');
  const open = facts.planPoints.find((p) => p.state !== 'verified');
  return open ? deny(`Verify every isolation point first: ${describe(open)}.`) : null;
};

/** End of a live test: every point released for the test is verified again. */
const testPointsReverified: PermitGuard<IsolationFacts> = ({ facts }) => {
  const open = facts.planPoints.find((p) => p.state === 'test_released');
  return open ? deny(`Re-verify every point released for the test first: ${describe(open)}.`) : null;
};

/** Close, for plan types: the (e)(1)–(2) checks and every point restored or released. */
const planReleased: PermitGuard<IsolationFacts> = ({ facts }) => {
  if (!facts.usesPlan) return null;
  if (!facts.areaInspected) return deny('Inspect the work area first.');
  if (!facts.peopleClear) return deny('Make sure everyone is clear first.');
  const open = facts.planPoints.find((p) => p.state !== 'restored' && p.state !== 'released');
  if (open) return deny(`Restore or release every isolation point first: ${describe(open)}.`);
  return facts.releaseNotified ? null : deny('Notify the affected employees that the isolation is removed first.');
};

/** Close, for every type: nothing of this permit's is still on the equipment or the lockbox. */
const nothingInPlace: PermitGuard<IsolationFacts> = ({ facts }) =>
  facts.inPlace.length ? deny(`The permit cannot close while these are in place: ${facts.inPlace.join('; ')}.`) : null;

/** Registers the isolation plan's guards on the permit lifecycle (idempotent: one registration by name). */
export function registerIsolationPlanGuards(): void {
  registerPermitGuards<IsolationFacts>({
    name: 'isolation-plan',
    facts: loadIsolationFacts,
    // The plan, its points, locks and tags are read by the permit's ID; of the permit itself only its type's sections.
    factsKey: (p) => p.permitType.sections.join(),
    guards: { isolate: [planVerified], 'end-test': [testPointsReverified], close: [planReleased, nothingInPlace] },
  });
}
