import { sql, type Kysely, type Transaction } from 'kysely';
import {
  deny as denyFor,
  listInWords,
  permitGuardCaptions as words,
  planPointStateCaptions,
  pointGroupCaptions,
  say,
  type PermitFacts,
  type PermitGuard,
  type PlanPointState,
  type Spoken,
} from '@hasp/contracts';
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
      coalesce((select json_agg(x.line order by x.k, x.o) from (${inPlaceLines([permit.ID])}) x), '[]'::json) as in_place
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

/** The closing guard's lines of these permits, each with its permit and sort keys `k` (locks, then tags) and `o`. */
const inPlaceLines = (permitIds: readonly number[]) => sql<{ permit_id: number; k: number; o: number; line: string }>`
  select la.permit_id, 1 as k, la.id as o,
    case when la.plan_point_id is not null
      then 'Lock ' || l.serial || ' on ' || ip.code || ' (applied by ' || u.display_name || ')'
      else 'Signed on: ' || u.display_name || ' (lock ' || l.serial || ')' end as line
  from lock_applications la
  join locks l on l.id = la.lock_id
  join users u on u.id = la.applied_by
  left join permit_isolation_points pp on pp.id = la.plan_point_id
  left join isolation_points ip on ip.id = pp.isolation_point_id
  where la.permit_id = any(${[...permitIds]}::int[]) and la.removed_at is null
  union all
  select t.permit_id, 2, t.id,
    'Tag ' || t.number || ' on ' || coalesce(ip.code, 'personal lock ' || l.serial, 'the lockbox') || ' (' || t.state || ')'
  from tags t
  left join permit_isolation_points pp on pp.id = t.plan_point_id
  left join isolation_points ip on ip.id = pp.isolation_point_id
  left join lock_applications la on la.id = t.lock_application_id
  left join locks l on l.id = la.lock_id
  where t.permit_id = any(${[...permitIds]}::int[]) and t.state not in ('removed', 'voided', 'missing')`;

/** loadIsolationFacts for many permits at once (the offline download's page): three statements for all, by permit ID. */
async function loadIsolationFactsForPermits(
  db: Db,
  permits: readonly PermitRecord[],
): Promise<Map<number, Omit<IsolationFacts, keyof PermitFacts>>> {
  const ids = permits.map((p) => p.ID);
  if (!ids.length) return new Map();
  const [plans, points, inPlace] = await Promise.all([
    db
      .selectFrom('permit_isolation_plans')
      .select(['permit_id', 'stored_energy_released_at', 'area_inspected_at', 'people_clear_at', 'release_notified_at'])
      .where('permit_id', 'in', ids)
      .execute(),
    db
      .selectFrom('permit_isolation_points as pp')
      .innerJoin('isolation_points as ip', 'ip.id', 'pp.isolation_point_id')
      .select(['pp.permit_id', 'ip.code', 'pp.state'])
      .where('pp.permit_id', 'in', ids)
      .where('pp.removed_at', 'is', null)
      .orderBy('pp.position')
      .orderBy('pp.id')
      .execute(),
    stillInPlaceForPermits(db, ids),
  ]);
  const planOf = new Map(plans.map((p) => [p.permit_id, p]));
  const pointsOf = new Map<number, { code: string; state: PlanPointState }[]>();
  for (const { permit_id, ...point } of points) {
    const list = pointsOf.get(permit_id);
    if (list) list.push(point);
    else pointsOf.set(permit_id, [point]);
  }
  return new Map(
    permits.map((permit) => {
      const plan = planOf.get(permit.ID);
      return [
        permit.ID,
        {
          usesPlan: permit.permitType.sections.includes('isolation-plan'),
          planPoints: pointsOf.get(permit.ID) ?? [],
          storedEnergyReleased: !!plan?.stored_energy_released_at,
          areaInspected: !!plan?.area_inspected_at,
          peopleClear: !!plan?.people_clear_at,
          releaseNotified: !!plan?.release_notified_at,
          inPlace: inPlace.get(permit.ID) ?? [],
        },
      ];
    }),
  );
}

/**
 * The closing guard's list (issue 16 item 7), for every permit type: open lock applications (on
 * points: "Lock L-0042 on E-1 (applied by Ann Smith)"; on the lockbox: "Signed on: Bob Jones (lock P-017)") and
 * tags not yet removed, voided or missing ("Tag T-2026-00012 on E-1 (applied)"). Read from the
 * shared tables directly, in the permit command's transaction after the permit's lock.
 */
export async function stillInPlace(db: Db, permitId: number): Promise<string[]> {
  return (await stillInPlaceForPermits(db, [permitId])).get(permitId) ?? [];
}

/** stillInPlace for many permits in one statement, by permit ID (nothing in place: absent). */
async function stillInPlaceForPermits(db: Db, permitIds: readonly number[]): Promise<Map<number, string[]>> {
  const { rows } = await sql<{ permit_id: number; line: string }>`
    select permit_id, line from (${inPlaceLines(permitIds)}) x order by k, o`.execute(db);
  const byPermit = new Map<number, string[]>();
  for (const r of rows) {
    const list = byPermit.get(r.permit_id);
    if (list) list.push(r.line);
    else byPermit.set(r.permit_id, [r.line]);
  }
  return byPermit;
}

const deny = (spoken: () => Spoken) => denyFor('PRECONDITION_FAILED', spoken);

/**
 * Every point that fails `ok`, grouped by its state in plan order: "E-201 and P-201 are Isolated;
 * T-3 is Pending" (as groupedInWords), each group a phrase whose state is a term. Null when every
 * point passes; else the phrases, said only when the refusal's words are read.
 */
function pointsNot(facts: IsolationFacts, ok: (state: PlanPointState) => boolean): (() => { points: Spoken[] }) | null {
  if (facts.planPoints.every((p) => ok(p.state))) return null;
  return () => {
    const groups = new Map<PlanPointState, string[]>();
    for (const p of facts.planPoints) {
      if (ok(p.state)) continue;
      const codes = groups.get(p.state);
      if (codes) codes.push(p.code);
      else groups.set(p.state, [p.code]);
    }
    return {
      points: [...groups].map(([state, codes]) =>
        say(
          codes.length > 1 ? pointGroupCaptions.many : pointGroupCaptions.one,
          { points: listInWords(codes) },
          { state: planPointStateCaptions[state] },
        ),
      ),
    };
  };
}

// Isolate: a plan, stored energy released and every point verified (OSHA 1910.147 (d)(5)–(6)). One
// guard each, so a refusal names all that is left (the lifecycle joins them).
const planHasPoints: PermitGuard<IsolationFacts> = ({ facts }) =>
  facts.usesPlan && !facts.planPoints.length ? deny(() => say(words.addPoints)) : null;

/** Without points there is nothing to release yet: adding them is the one thing to do. */
const storedEnergyReleased: PermitGuard<IsolationFacts> = ({ facts }) =>
  facts.usesPlan && facts.planPoints.length && !facts.storedEnergyReleased
    ? deny(() => say(words.releaseEnergy))
    : null;

const pointsVerified: PermitGuard<IsolationFacts> = ({ facts }) => {
  const open = facts.usesPlan && pointsNot(facts, (state) => state === 'verified');
  return open ? deny(() => say(words.verifyPoints, {}, {}, {}, open())) : null;
};

/** End of a live test: every point released for the test is verified again. */
const testPointsReverified: PermitGuard<IsolationFacts> = ({ facts }) => {
  const open = pointsNot(facts, (state) => state !== 'test_released');
  return open ? deny(() => say(words.reVerifyPoints, {}, {}, {}, open())) : null;
};

// Close, for plan types: the (e)(1)–(2) checks, every point restored or released and the (e)(3)
// notice, one guard each (all that is left is named).
const areaInspected: PermitGuard<IsolationFacts> = ({ facts }) =>
  facts.usesPlan && !facts.areaInspected ? deny(() => say(words.inspect)) : null;

const peopleClear: PermitGuard<IsolationFacts> = ({ facts }) =>
  facts.usesPlan && !facts.peopleClear ? deny(() => say(words.peopleClear)) : null;

const pointsReleased: PermitGuard<IsolationFacts> = ({ facts }) => {
  const open = facts.usesPlan && pointsNot(facts, (state) => state === 'restored' || state === 'released');
  return open ? deny(() => say(words.restorePoints, {}, {}, {}, open())) : null;
};

const releaseNotified: PermitGuard<IsolationFacts> = ({ facts }) =>
  facts.usesPlan && !facts.releaseNotified ? deny(() => say(words.notifyRelease)) : null;

/** Close, for every type: nothing of this permit's is still on the equipment or the lockbox. */
const nothingInPlace: PermitGuard<IsolationFacts> = ({ facts }) =>
  // Each line is built by the database in English (lock, point, person, tag and its state): a value as written.
  facts.inPlace.length ? deny(() => say(words.inPlace, { things: facts.inPlace.join('; ') })) : null;

/** Registers the isolation plan's guards on the permit lifecycle (idempotent: one registration by name). */
export function registerIsolationPlanGuards(): void {
  registerPermitGuards<IsolationFacts>({
    name: 'isolation-plan',
    resolvedIn: 'isolation',
    // Its list mixes locks on points (this tab) and crew signed on (the lockbox's guard links the crew).
    onNoTab: [nothingInPlace],
    facts: loadIsolationFacts,
    // The plan, its points, locks and tags are read by the permit's ID; of the permit itself only its type's sections.
    factsKey: (p) => p.permitType.sections.join(),
    factsForPermits: loadIsolationFactsForPermits,
    guards: {
      isolate: [planHasPoints, storedEnergyReleased, pointsVerified],
      'end-test': [testPointsReverified],
      close: [areaInspected, peopleClear, pointsReleased, releaseNotified, nothingInPlace],
    },
  });
}
