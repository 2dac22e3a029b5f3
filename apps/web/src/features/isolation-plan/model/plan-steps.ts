import {
  isolationPlanLabels as L,
  isolationPlanRefusal,
  pointProtected,
  type IsolationPlan,
  type IsolationPlanVerb,
  type PlanPoint,
} from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import type { Translate } from '../../../lib/i18n';

export interface PlanStepLine {
  label: string;
  /** "Ann Smith, 24 Nov 14:02", or a count ("2 of 3"), or null when not done. */
  done: string | null;
  complete: boolean;
}

/** When a step or point was done, as every permit screen says it (the app's one formatter). */
export const planTime = (at: string) => formatDateTime(at);
const when = planTime;

/** The plan's steps in OSHA 1910.147 (d) order, then the (e) steps once de-isolation has begun. */
export function planSteps(plan: IsolationPlan, t: Translate): PlanStepLine[] {
  const by = (step: { by: { displayName: string }; at: string } | null) =>
    step ? t(L.doneBy, { name: step.by.displayName, at: when(step.at) }) : null;
  const n = plan.points.length;
  const count = (test: (p: PlanPoint) => boolean) => plan.points.filter(test).length;
  const ratio = (k: number) => ({ done: n ? t(L.ratio, { done: k, total: n }) : null, complete: n > 0 && k === n });
  const isolated = count((p) => p.state !== 'pending');
  const verified = count((p) => p.verified !== null);
  const lines: PlanStepLine[] = [
    { label: t(L.stepNotify), done: by(plan.notified), complete: !!plan.notified },
    { label: t(L.stepShutDown), done: by(plan.shutDown), complete: !!plan.shutDown },
    { label: t(L.stepIsolate), ...ratio(isolated) },
    {
      label: t(L.stepLockTag),
      ...ratio(count((p) => pointProtected(p) || p.restored !== null || p.released !== null)),
    },
    { label: t(L.stepStoredEnergy), done: by(plan.storedEnergyReleased), complete: !!plan.storedEnergyReleased },
    { label: t(L.stepVerify), ...ratio(verified) },
  ];
  if (plan.permitStatus !== 'de_isolation' && plan.permitStatus !== 'closed') return lines;
  return [
    ...lines,
    { label: t(L.stepInspect), done: by(plan.areaInspected), complete: !!plan.areaInspected },
    { label: t(L.stepPeopleClear), done: by(plan.peopleClear), complete: !!plan.peopleClear },
    {
      label: t(L.stepRestore),
      ...ratio(count((p) => p.state === 'restored' || p.state === 'released')),
    },
    { label: t(L.stepNotifyRelease), done: by(plan.releaseNotified), complete: !!plan.releaseNotified },
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
export const heldByText = (point: PlanPoint, t: Translate): string | null =>
  point.heldBy.length ? t(L.heldBy, { numbers: point.heldBy.map((h) => h.number).join(', ') }) : null;
