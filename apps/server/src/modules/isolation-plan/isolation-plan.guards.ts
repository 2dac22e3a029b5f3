import { sql } from 'kysely';
import {
  deny as denyFor,
  inPlaceCaptions as inPlaceWords,
  permitGuardCaptions as words,
  pointGroups,
  say,
  tagStateCaptions,
  type PermitFacts,
  type PermitGuard,
  type PlanPointState,
  type Spoken,
  type TagState,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { lifecycleGuards, type PermitLifecyclePart, type PermitRecord } from '../permits';

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
  inPlace: InPlace[];
}

/**
 * One thing of the permit's still on the equipment or the lockbox: a lock on a point, a crew
 * member's lock on the lockbox, or a tag (on a point, a personal lock or the lockbox) with its
 * state. Facts, not English: the refusal says each in the reader's words.
 */
export interface InPlace {
  kind: 'lock' | 'signed-on' | 'tag';
  serial: string | null;
  point: string | null;
  person: string | null;
  tag: string | null;
  tagState: TagState | null;
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
    in_place: InPlace[];
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
      coalesce((
        select json_agg(json_build_object('kind', x.kind, 'serial', x.serial, 'point', x.point,
          'person', x.person, 'tag', x.tag, 'tagState', x.tag_state) order by x.k, x.o)
        from (${inPlaceRows([permit.ID])}) x
      ), '[]'::json) as in_place
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

/** The closing guard's things of these permits, each with its permit and sort keys `k` (locks, then tags) and `o`. */
const inPlaceRows = (permitIds: readonly number[]) => sql<{
  permit_id: number;
  k: number;
  o: number;
  kind: InPlace['kind'];
  serial: string | null;
  point: string | null;
  person: string | null;
  tag: string | null;
  tag_state: TagState | null;
}>`
  select la.permit_id, 1 as k, la.id as o,
    case when la.plan_point_id is not null then 'lock' else 'signed-on' end as kind,
    l.serial, ip.code as point, u.display_name as person, null::text as tag, null::text as tag_state
  from lock_applications la
  join locks l on l.id = la.lock_id
  join users u on u.id = la.applied_by
  left join permit_isolation_points pp on pp.id = la.plan_point_id
  left join isolation_points ip on ip.id = pp.isolation_point_id
  where la.permit_id = any(${[...permitIds]}::int[]) and la.removed_at is null
  union all
  select t.permit_id, 2, t.id, 'tag', l.serial, ip.code, null, t.number, t.state::text
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
 * The closing guard's list for many permits in one statement, by permit ID (nothing in place:
 * absent), for every permit type: open lock applications (on points: "Lock L-0042 on E-1 (applied
 * by Ann Smith)"; on the lockbox: "Signed on: Bob Jones (lock P-017)") and tags not yet removed,
 * voided or missing ("Tag T-2026-00012 on E-1 (Applied)"). Read from the shared tables directly.
 */
async function stillInPlaceForPermits(db: Db, permitIds: readonly number[]): Promise<Map<number, InPlace[]>> {
  const { rows } = await sql<{ permit_id: number } & Omit<InPlace, 'tagState'> & { tag_state: TagState | null }>`
    select permit_id, kind, serial, point, person, tag, tag_state from (${inPlaceRows(permitIds)}) x
    order by k, o`.execute(db);
  const byPermit = new Map<number, InPlace[]>();
  for (const { permit_id, tag_state, ...thing } of rows) {
    const list = byPermit.get(permit_id);
    const item = { ...thing, tagState: tag_state };
    if (list) list.push(item);
    else byPermit.set(permit_id, [item]);
  }
  return byPermit;
}

/** One thing in place in the reader's words (the close refusal's phrases). */
function inPlaceSaid({ kind, serial, point, person, tag, tagState }: InPlace): Spoken {
  if (kind === 'lock')
    return say(inPlaceWords.lockOnPoint, { serial: serial ?? '', point: point ?? '', person: person ?? '' });
  if (kind === 'signed-on') return say(inPlaceWords.signedOn, { serial: serial ?? '', person: person ?? '' });
  const state = { state: tagStateCaptions[tagState ?? 'planned'] };
  if (point) return say(inPlaceWords.tagOnPoint, { tag: tag ?? '', point }, state);
  if (serial) return say(inPlaceWords.tagOnLock, { tag: tag ?? '', serial }, state);
  return say(inPlaceWords.tagOnLockbox, { tag: tag ?? '' }, state);
}

const deny = (spoken: () => Spoken) => denyFor('PRECONDITION_FAILED', spoken);

/**
 * Every point that fails `ok`, grouped by its state in plan order ("E-201 and P-201 are Isolated;
 * T-3 is Pending"). Null when every point passes; else the phrases, said only when the refusal's
 * words are read.
 */
function pointsNot(facts: IsolationFacts, ok: (state: PlanPointState) => boolean): (() => { points: Spoken[] }) | null {
  if (facts.planPoints.every((p) => ok(p.state))) return null;
  return () => ({ points: pointGroups(facts.planPoints.filter((p) => !ok(p.state))) });
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
  facts.inPlace.length ? deny(() => say(words.inPlace, {}, {}, {}, { things: facts.inPlace.map(inPlaceSaid) })) : null;

/** The isolation plan's guards on the permit lifecycle. */
export const isolationPlanLifecycle: PermitLifecyclePart = {
  guards: lifecycleGuards<IsolationFacts>({
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
  }),
};
