import {
  isolationPlanRefusal,
  pointProtected,
  type IsolationPlan,
  type IsolationPlanVerb,
  type PlanPoint,
} from '@hasp/contracts';

export interface PlanStepLine {
  label: string;
  /** "Ann Smith, 24 Nov 14:02", or a count ("2 of 3"), or null when not done. */
  done: string | null;
  complete: boolean;
}

const when = (at: string) =>
  new Date(at).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const by = (step: { by: { displayName: string }; at: string } | null) =>
  step ? `${step.by.displayName}, ${when(step.at)}` : null;

/** The plan's steps in OSHA 1910.147 (d) order, then the (e) steps once de-isolation has begun. */
export function planSteps(plan: IsolationPlan): PlanStepLine[] {
  const n = plan.points.length;
  const count = (test: (p: PlanPoint) => boolean) => plan.points.filter(test).length;
  const ratio = (k: number) => ({ done: n ? `${k} of ${n}` : null, complete: n > 0 && k === n });
  const isolated = count((p) => p.state !== 'pending');
  const verified = count((p) => p.verified !== null);
  const lines: PlanStepLine[] = [
    { label: 'Notify affected employees', done: by(plan.notified), complete: !!plan.notified },
    { label: 'Shut down', done: by(plan.shutDown), complete: !!plan.shutDown },
    { label: 'Isolate each point', ...ratio(isolated) },
    {
      label: 'Apply lock and tag',
      ...ratio(count((p) => pointProtected(p) || p.restored !== null || p.released !== null)),
    },
    { label: 'Release stored energy', done: by(plan.storedEnergyReleased), complete: !!plan.storedEnergyReleased },
    { label: 'Verify (try-out)', ...ratio(verified) },
  ];
  if (plan.permitStatus !== 'de_isolation' && plan.permitStatus !== 'closed') return lines;
  return [
    ...lines,
    { label: 'Inspect the work area', done: by(plan.areaInspected), complete: !!plan.areaInspected },
    { label: 'People clear', done: by(plan.peopleClear), complete: !!plan.peopleClear },
    {
      label: 'Restore or release each point',
      ...ratio(count((p) => p.state === 'restored' || p.state === 'released')),
    },
    { label: 'Notify of the release', done: by(plan.releaseNotified), complete: !!plan.releaseNotified },
  ];
}

/** Plan-wide verbs, in the order the steps come. */
export const planWideVerbs: readonly IsolationPlanVerb[] = [
  'fill',
  'notify',
  'shut-down',
  'release-stored-energy',
  'inspect-area',
  'clear-people',
  'notify-release',
];

/** The per-point buttons offered now: allowed to the caller and by the plan's rule for this point. */
export function pointVerbs(plan: IsolationPlan, point: PlanPoint): IsolationPlanVerb[] {
  const order: IsolationPlanVerb[] = [
    'isolate-point',
    'verify-point',
    're-verify',
    'test-release',
    'restore-point',
    'release-point',
    'remove-point',
  ];
  return order.filter(
    (verb) => plan.allowedVerbs.includes(verb) && isolationPlanRefusal(plan, verb, { planPointId: point.ID }) === null,
  );
}

/** "Held by permits X, Y" (other permits holding this point now), or null. */
export const heldByText = (point: PlanPoint): string | null =>
  point.heldBy.length ? `Held by permits ${point.heldBy.map((h) => h.number).join(', ')}` : null;
