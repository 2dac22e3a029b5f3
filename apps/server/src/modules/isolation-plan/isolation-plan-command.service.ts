import {
  isolationPlanClosingStep,
  isolationPlanNextStepFields,
  plannedTagReason,
  say,
  captionKey,
  isolationPlanRefusalSaid,
  isolationPlanRuleCaptions,
  isolationPlanVerbs,
  planEditVerbs,
  tryOutOutcomeOf,
  tryOutResultText,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type PlanPoint,
  type Spoken,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandDefinition, type CommandRun } from '../../platform';
import {
  assetIsolationPoints,
  bumpPlan,
  crewSignedOn,
  findIsolationPoint,
  loadPlan,
  lockIsolationPoints,
  pointHasAppliedLockOrTag,
  recordPlanStep,
  voidPlannedTags,
  type PlanPermit,
} from './isolation-plan.repository';
import { allowedVerbs, isolationPlanPolicy, planTarget, type PlanState } from './isolation-plan.policy';
import { planTag } from '../tags';

/** Verbs whose rule reads "held by" on other permits' plans: they lock the asset points first. */
const sharedPointVerbs: readonly IsolationPlanVerb[] = ['isolate-point', 'restore-point', 'release-point'];

const planSteps: Partial<Record<IsolationPlanVerb, Parameters<typeof recordPlanStep>[3]>> = {
  notify: 'notified',
  'shut-down': 'shut_down',
  'release-stored-energy': 'stored_energy_released',
  'inspect-area': 'area_inspected',
  'clear-people': 'people_clear',
  'notify-release': 'release_notified',
};

/** A plan step refused by the rules: its English and its words in the reader's language (`said`). */
const refused = ({ message, said }: Spoken) => new AppError('CONFLICT', 409, message, undefined, undefined, said);

/** The plan as the caller sees it now (with the buttons they may press). */
export async function planView(
  db: Parameters<typeof loadPlan>[0],
  permit: PlanPermit,
  permissions: ReadonlySet<string>,
): Promise<IsolationPlan> {
  const plan = await loadPlan(db, permit);
  return { ...plan, allowedVerbs: allowedVerbs(plan, permit.typeCode, permissions) };
}

/** What each step or point verb records, as the plan shows it (the columns the verb's update writes). */
type PlanStepField =
  'notified' | 'shutDown' | 'storedEnergyReleased' | 'areaInspected' | 'peopleClear' | 'releaseNotified';
const stepFields: Partial<Record<IsolationPlanVerb, PlanStepField>> = {
  notify: 'notified',
  'shut-down': 'shutDown',
  'release-stored-energy': 'storedEnergyReleased',
  'inspect-area': 'areaInspected',
  'clear-people': 'peopleClear',
  'notify-release': 'releaseNotified',
};
const pointChanges: Partial<
  Record<IsolationPlanVerb, [PlanPoint['state'], 'isolated' | 'verified' | 'testReleased' | 'restored' | 'released']>
> = {
  'isolate-point': ['isolated', 'isolated'],
  'verify-point': ['verified', 'verified'],
  're-verify': ['verified', 'verified'],
  'test-release': ['test_released', 'testReleased'],
  'restore-point': ['restored', 'restored'],
  'release-point': ['released', 'released'],
};

/**
 * The plan after a step or a point verb, without reading it again: `before` (read under this
 * command's locks) with what the verb wrote. Nothing else on the plan can have changed meanwhile:
 * every command that writes it (plan verbs, locks, tags) locks the permit row first, which this
 * command holds, and a point's "held by" names only other permits. Reading the whole plan again
 * (6 statements, every point) made each command's cost grow with the plan (bench/isolation-plan.ts).
 */
async function planAfterStep(
  trx: Parameters<typeof loadPlan>[0],
  permit: PlanPermit,
  before: Omit<IsolationPlan, 'allowedVerbs'>,
  change: {
    verb: IsolationPlanVerb;
    planPointId?: number;
    userId: number;
    at: Date;
    version: number;
    input: IsolationPlanInput;
  },
  permissions: ReadonlySet<string>,
): Promise<IsolationPlan> {
  // The actor's name as the plan shows people: from the plan when they appear on it, else read once.
  const people = [
    ...Object.values(stepFields).map((key) => before[key]),
    ...before.points.flatMap((p) => [p.isolated, p.verified, p.testReleased, p.released, p.restored]),
  ].flatMap((d) => (d ? [d.by] : []));
  const by = people.find((x) => x.ID === change.userId) ??
    (await trx
      .selectFrom('users')
      .select(['id as ID', 'display_name as displayName'])
      .where('id', '=', change.userId)
      .executeTakeFirst()) ?? { ID: change.userId, displayName: '' };
  const done = { by: { ID: by.ID, displayName: by.displayName }, at: change.at.toISOString() };
  const step = stepFields[change.verb];
  const pointChange = pointChanges[change.verb];
  const { method, result } = change.input;
  const outcome = tryOutOutcomeOf(change.input);
  const points = before.points.map((p) => {
    if (p.ID !== change.planPointId || !pointChange) return p;
    // A failed try-out changes nothing but its record: the point stays as it was.
    if (outcome === 'fail') return { ...p, tryOutFailed: done };
    const [state, field] = pointChange;
    const verified =
      state === 'verified'
        ? { verifyMethod: method!.trim(), verifyResult: tryOutResultText(outcome, result), tryOutFailed: null }
        : {};
    return { ...p, state, [field]: done, ...verified };
  });
  const view = { ...before, ...(step ? { [step]: done } : {}), version: change.version, points };
  const { nextStep: _stale, nextStepSaid: _staleSaid, ...rest } = view;
  let next = isolationPlanNextStepFields(rest);
  // The last plan step done: the crew still signed on are named instead of "Close the permit".
  if (next.nextStep === isolationPlanClosingStep)
    next = isolationPlanNextStepFields(rest, (await crewSignedOn(trx, [permit.id])).get(permit.id));
  const plan = { ...view, ...next };
  return { ...plan, allowedVerbs: allowedVerbs(plan, permit.typeCode, permissions) };
}

/**
 * The one use case of every plan verb: lock what the rule reads (the permit is locked by the
 * target; shared-point verbs lock the asset points next), read the plan, ask the contracts' rule
 * (the same the buttons ask), apply, audit `isolation-plan.<verb>` and record the event.
 */
async function applyPlanCommand(
  verb: IsolationPlanVerb,
  { trx, ctx, input, state, ...run }: CommandRun<IsolationPlanInput, PlanState>,
): Promise<IsolationPlan> {
  const { permit } = state;
  const { facilityId, userId } = ctx.actor;
  const now = ctx.now;
  if (sharedPointVerbs.includes(verb)) await lockIsolationPoints(trx, facilityId, permit.id);
  const before = await loadPlan(trx, permit);
  const refusal = isolationPlanRefusalSaid(before, verb, input)?.();
  if (refusal) {
    if (verb === 'reorder' && refusal.said.caption === captionKey(isolationPlanRuleCaptions.reorderEvery))
      throw AppError.validation([{ field: 'planPointIds', message: refusal.message }]);
    throw refused(refusal);
  }
  const point = before.points.find((p) => p.ID === input.planPointId);
  const pointUpdate = (set: Record<string, unknown>) =>
    trx
      .updateTable('permit_isolation_points')
      .set({ ...set, version: (eb) => eb('version', '+', 1) })
      .where('id', '=', point!.ID)
      .execute();
  let details: Record<string, unknown> = {};

  switch (verb) {
    case 'fill':
    case 'add-point': {
      let candidates: { ID: number; code: string }[];
      if (verb === 'fill') {
        candidates = await assetIsolationPoints(trx, facilityId, permit.id);
      } else {
        const found = await findIsolationPoint(trx, facilityId, input.isolationPointId!);
        if (!found) throw AppError.notFound('Isolation point');
        if (!found.is_active) throw refused(say(isolationPlanRuleCaptions.pointRetired, { point: found.code }));
        if (before.points.some((p) => p.isolationPointId === found.id))
          throw refused(say(isolationPlanRuleCaptions.alreadyOnPlan, { point: found.code }));
        candidates = [{ ID: found.id, code: found.code }];
      }
      const onPlan = new Set(before.points.map((p) => p.isolationPointId));
      const added = candidates.filter((c) => !onPlan.has(c.ID));
      if (!added.length) {
        // Every point of the assets is on the plan already: nothing changes, no audit row.
        run.unchanged();
        return planView(trx, permit, state.permissions);
      }
      let position = before.points.reduce((max, p) => Math.max(max, p.position + 1), 0);
      const rows = await trx
        .insertInto('permit_isolation_points')
        .values(
          added.map((c) => ({
            facility_id: facilityId,
            permit_id: permit.id,
            isolation_point_id: c.ID,
            position: position++,
          })),
        )
        .returning('id')
        .execute();
      // Each point's tag is planned with it (the tags module numbers it; it waits for printing).
      for (const row of rows)
        await planTag(trx, {
          facilityId,
          permitId: permit.id,
          planPointId: row.id,
          reason: plannedTagReason(permit.number).message,
          userId,
          at: now,
        });
      details = { added: added.map((c) => c.code) };
      break;
    }
    case 'remove-point':
      await pointUpdate({ removed_at: now, removed_by: userId });
      // Its planned (never applied) tag goes with it, or the permit could never close.
      await voidPlannedTags(trx, point!.ID, userId, now);
      details = { code: point!.code };
      break;
    case 'reorder':
      for (const [position, id] of input.planPointIds!.entries()) {
        await trx.updateTable('permit_isolation_points').set({ position }).where('id', '=', id).execute();
      }
      details = { order: input.planPointIds!.map((id) => before.points.find((p) => p.ID === id)!.code) };
      break;
    case 'isolate-point':
      await pointUpdate({ state: 'isolated', isolated_at: now, isolated_by: userId });
      break;
    case 'verify-point':
    case 're-verify': {
      const method = input.method!.trim();
      const outcome = tryOutOutcomeOf(input);
      const result = tryOutResultText(outcome, input.result);
      details = { outcome, method, result };
      // A failed try-out is recorded (here and in the audit row) and leaves the point unverified:
      // the energy is still there, so the isolation is checked and the try-out done again.
      if (outcome === 'fail') {
        await pointUpdate({ try_out_failed_at: now, try_out_failed_by: userId });
        break;
      }
      await pointUpdate({
        state: 'verified',
        verified_at: now,
        verified_by: userId,
        verify_method: method,
        verify_result: result,
        try_out_failed_at: null,
        try_out_failed_by: null,
      });
      break;
    }
    case 'test-release':
      await pointUpdate({ state: 'test_released', test_released_at: now, test_released_by: userId });
      break;
    case 'restore-point':
      // Any permit's lock or tag still on the point keeps it isolated (read under the point's lock).
      if (await pointHasAppliedLockOrTag(trx, point!.isolationPointId))
        throw refused(say(isolationPlanRuleCaptions.stillApplied, { point: point!.code }));
      await pointUpdate({ state: 'restored', restored_at: now, restored_by: userId });
      break;
    case 'release-point':
      await pointUpdate({ state: 'released', released_at: now, released_by: userId });
      details = { heldBy: point!.heldBy.map((h) => h.number) };
      break;
    default:
      await recordPlanStep(trx, facilityId, permit.id, planSteps[verb]!, userId, now);
  }

  // The plan's new version now, so the answer carries it (the target's bump reads it back).
  const version = await bumpPlan(trx, facilityId, permit.id);
  const after = planEditVerbs.includes(verb)
    ? await planView(trx, permit, state.permissions)
    : await planAfterStep(
        trx,
        permit,
        before,
        { verb, planPointId: point?.ID, userId, at: now, version, input },
        state.permissions,
      );
  const pointAfter = after.points.find((p) => p.ID === point?.ID);
  run.audit({
    action: `isolation-plan.${verb}`,
    entityType: 'isolation-plan',
    entityId: permit.id,
    before: point ? { code: point.code, state: point.state } : { points: before.points.length },
    after: {
      ...(pointAfter ? { code: pointAfter.code, state: pointAfter.state } : { points: after.points.length }),
      ...details,
    },
  });
  run.event({
    name: `isolation-plan.${verb}`,
    entityType: 'permit',
    entityId: permit.id,
    payload: {
      permitId: permit.id,
      number: permit.number,
      ...(point ? { planPointId: point.ID, isolationPointId: point.isolationPointId, code: point.code } : {}),
      ...details,
    },
  });
  return after;
}

/** One command per verb (`isolation-plan.<verb>`), all through the permit target and the plan's rules. */
export const isolationPlanCommands = Object.fromEntries(
  isolationPlanVerbs.map((verb) => [
    verb,
    defineCommand<IsolationPlanInput, PlanState, IsolationPlan>({
      name: `isolation-plan.${verb}`,
      target: planTarget,
      policy: isolationPlanPolicy[verb],
      apply: (run) => applyPlanCommand(verb, run),
    }),
  ]),
) as Record<IsolationPlanVerb, CommandDefinition<IsolationPlanInput, PlanState, IsolationPlan>>;
