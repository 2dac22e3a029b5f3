import { pointProtected, type IsolationPlan, type PlanPoint } from '@hasp/contracts';

/**
 * Where a point stands in the OSHA 1910.147 (d) order, as its card guides it: isolate it, lock and
 * tag it, release the stored energy (once, for the whole plan, after every point is locked), then
 * the try-out. `done`: nothing to do at this point now; `other`: the rest of the permit's life
 * (live for test, de-isolation), where the card offers the plan's own buttons.
 */
export type PointStep = 'isolate' | 'lock-tag' | 'release' | 'try-out' | 'done' | 'other';

/** The four phases the card shows, in order. */
export const pointPhases = ['isolate', 'lock-tag', 'release', 'try-out'] as const;

export function pointStep(plan: IsolationPlan, point: PlanPoint): PointStep {
  if (plan.permitStatus === 'live_for_test') return point.state === 'test_released' ? 'try-out' : 'other';
  if (plan.permitStatus !== 'approved' || !plan.shutDown) return 'other';
  if (point.state === 'pending') return 'isolate';
  if (point.state !== 'isolated') return 'done';
  if (!pointProtected(point)) return 'lock-tag';
  return plan.storedEnergyReleased ? 'try-out' : 'release';
}

/**
 * The point the card opens on: the first point still to isolate or to lock and tag (each point is
 * isolated and locked before the next), then the first waiting for the stored-energy release or
 * its try-out; else the first point.
 */
export function currentPoint(plan: IsolationPlan): PlanPoint | undefined {
  const first = (steps: readonly PointStep[]) => plan.points.find((p) => steps.includes(pointStep(plan, p)));
  return first(['isolate', 'lock-tag']) ?? first(['release', 'try-out']) ?? plan.points[0];
}

/** A phase is done at this point (✓ on the card's steps). */
export function phaseDone(plan: IsolationPlan, point: PlanPoint, phase: (typeof pointPhases)[number]): boolean {
  switch (phase) {
    case 'isolate':
      return point.state !== 'pending';
    case 'lock-tag':
      return pointProtected(point);
    case 'release':
      return !!plan.storedEnergyReleased;
    case 'try-out':
      return point.verified !== null && point.state !== 'isolated' && point.state !== 'test_released';
  }
}

/** The tag the point's lock hangs (or a tag-only point's tag): the first waiting to be hung. */
export const waitingTag = (point: PlanPoint) => point.tags.find((t) => t.state === 'planned' || t.state === 'printed');
