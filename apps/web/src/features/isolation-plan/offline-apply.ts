import {
  isolationPlanInputSchemas,
  isolationPlanRefusalSaid,
  tryOutResultText,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type OfflinePermit,
} from '@hasp/contracts';
import { finishPlan, refuse, type LocalActor, type LocalOutcome, type OfflineApplier } from '../../lib/offline-apply';

const done = (actor: LocalActor, now: Date) => ({
  by: { ID: actor.userId, displayName: actor.displayName },
  at: now.toISOString(),
});

/**
 * The plan with one step applied (the OSHA steps: notify, shut down, isolate, release stored energy,
 * verify, test release, re-verify, the release steps), or the plan's own refusal. Plan edits that
 * need the server's asset data (fill, add a point) are queued but shown only after sync.
 */
export function applyPlanCommand(
  data: OfflinePermit,
  verb: IsolationPlanVerb,
  input: IsolationPlanInput,
  actor: LocalActor,
  now: Date,
): LocalOutcome {
  const plan = data.sections['isolation-plan'] as IsolationPlan | undefined;
  if (!plan) return refuse(409, 'The isolation plan is not stored on this device: go online to change it.');
  // A try-out's body is checked as the server checks it (a method and a pass or fail, always).
  if (verb === 'verify-point' || verb === 're-verify') {
    const body = isolationPlanInputSchemas[verb].safeParse(input);
    if (!body.success) return refuse(422, body.error.issues[0]?.message ?? 'Try-out: method and outcome');
  }
  const refusal = isolationPlanRefusalSaid(plan, verb, input)?.();
  if (refusal) return refuse(409, refusal.message, refusal.said);
  const stamp = done(actor, now);
  const point = (change: Partial<IsolationPlan['points'][number]>) =>
    plan.points.map((p) => (p.ID === input.planPointId ? { ...p, ...change } : p));
  let next: IsolationPlan = plan;
  let appliedHere = true;
  switch (verb) {
    case 'notify':
      next = { ...plan, notified: stamp };
      break;
    case 'shut-down':
      next = { ...plan, shutDown: stamp };
      break;
    case 'release-stored-energy':
      next = { ...plan, storedEnergyReleased: stamp };
      break;
    case 'inspect-area':
      next = { ...plan, areaInspected: stamp };
      break;
    case 'clear-people':
      next = { ...plan, peopleClear: stamp };
      break;
    case 'notify-release':
      next = { ...plan, releaseNotified: stamp };
      break;
    case 'isolate-point':
      next = { ...plan, points: point({ state: 'isolated', isolated: stamp }) };
      break;
    case 'verify-point':
    case 're-verify':
      // As on the server: a failed try-out is recorded and the point stays unverified.
      next = {
        ...plan,
        points:
          input.outcome === 'fail'
            ? point({ tryOutFailed: stamp })
            : point({
                state: 'verified',
                verified: stamp,
                verifyMethod: input.method?.trim() ?? null,
                verifyResult: tryOutResultText(input.outcome ?? 'pass', input.result),
                tryOutFailed: null,
              }),
      };
      break;
    case 'test-release':
      next = { ...plan, points: point({ state: 'test_released', testReleased: stamp }) };
      break;
    case 'restore-point':
      next = { ...plan, points: point({ state: 'restored', restored: stamp }) };
      break;
    case 'release-point':
      next = { ...plan, points: point({ state: 'released', released: stamp }) };
      break;
    case 'remove-point':
      next = { ...plan, points: plan.points.filter((p) => p.ID !== input.planPointId) };
      break;
    case 'reorder': {
      const order = input.planPointIds ?? [];
      const points = [...plan.points].sort((a, b) => order.indexOf(a.ID) - order.indexOf(b.ID));
      next = { ...plan, points: points.map((p, i) => ({ ...p, position: i + 1 })) };
      break;
    }
    default:
      // fill, add-point: the points come from the server's asset data (queued, shown after sync).
      appliedHere = false;
  }
  next = finishPlan(next, actor, data.permit.permitType.code);
  return {
    ok: true,
    data: { ...data, sections: { ...data.sections, 'isolation-plan': next } },
    answer: next,
    appliedHere,
  };
}

/** The plan's steps offline, checked against the plan's version as downloaded. */
export const isolationPlanOfflineApplier: OfflineApplier = {
  domain: 'isolation-plan',
  apply(data, call, device) {
    const outcome = applyPlanCommand(data, call.verb as IsolationPlanVerb, call.body, device.actor, device.now);
    const plan = data.sections['isolation-plan'] as IsolationPlan | undefined;
    return outcome.ok && plan ? { ...outcome, recordVersion: plan.version } : outcome;
  },
};
