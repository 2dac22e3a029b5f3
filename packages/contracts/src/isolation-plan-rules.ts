import { permitGuardCaptions as guardWords, pointGroupCaptions } from './captions/permit-guards';
import { planPointStateCaptions } from './captions/isolation-plan';
import { isolationPlanRuleCaptions as words } from './captions/rules';
import { permitStatusCaptions } from './captions/permits';
import {
  isolationPlanVerbs,
  planEditStatuses,
  pointProtected,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type PlanPoint,
} from './isolation-plan';
import type { PermitStatus } from './permit-lifecycle';
import { permitPermission } from './permissions';
import { say, sayTogether, type Spoken } from './said';

// ---- The plan's rules: one pure function the server decides with and the web draws buttons with ----

/**
 * A refusal's words, built only when read: the buttons of every plan of an offline download only
 * ask whether a verb is refused (as the lifecycle's guards do).
 */
type Refusal = () => Spoken;
const no =
  (...args: Parameters<typeof say>): Refusal =>
  () =>
    say(...args);

/** "E-1 is Isolated": a point and its state, a phrase of a refusal. */
const pointInState = (p: PlanPoint): Spoken =>
  say(pointGroupCaptions.one, { points: p.code }, { state: planPointStateCaptions[p.state] });

/**
 * These points grouped by their state, in plan order, each group a phrase whose state is a term:
 * "E-1 and E-2 are Isolated; H-2 is Pending" (the plan's refusals and the lifecycle's guards).
 */
export function pointGroups(points: readonly Pick<PlanPoint, 'code' | 'state'>[]): Spoken[] {
  const groups = new Map<PlanPoint['state'], string[]>();
  for (const p of points) {
    const codes = groups.get(p.state);
    if (codes) codes.push(p.code);
    else groups.set(p.state, [p.code]);
  }
  return [...groups].map(([state, codes]) =>
    say(
      codes.length > 1 ? pointGroupCaptions.many : pointGroupCaptions.one,
      { points: codes },
      { state: planPointStateCaptions[state] },
    ),
  );
}

/** The verbs that name a plan point (the rest act on the whole plan). */
export const planPointVerbs: readonly IsolationPlanVerb[] = [
  'remove-point',
  'isolate-point',
  'verify-point',
  'test-release',
  're-verify',
  'restore-point',
  'release-point',
];

/** Verbs that change the plan itself; the rest need the permit:issue permission (the isolating authority). */
export const planEditVerbs: readonly IsolationPlanVerb[] = ['fill', 'add-point', 'remove-point', 'reorder'];

/** The statuses a verb is given in: a plan edit before isolation, every other verb in one status. */
const statusFor: Record<IsolationPlanVerb, readonly PermitStatus[]> = {
  fill: planEditStatuses,
  'add-point': planEditStatuses,
  'remove-point': planEditStatuses,
  reorder: planEditStatuses,
  notify: ['approved'],
  'shut-down': ['approved'],
  'isolate-point': ['approved'],
  'release-stored-energy': ['approved'],
  'verify-point': ['approved'],
  'test-release': ['live_for_test'],
  're-verify': ['live_for_test'],
  'inspect-area': ['de_isolation'],
  'clear-people': ['de_isolation'],
  'restore-point': ['de_isolation'],
  'release-point': ['de_isolation'],
  'notify-release': ['de_isolation'],
};

function wrongStatusRefusal(verb: IsolationPlanVerb): Refusal {
  if (planEditVerbs.includes(verb)) return no(words.changeBeforeIsolation);
  return no(words.stepWhile, {}, { status: permitStatusCaptions[statusFor[verb][0]!] });
}

/** Why the lock and tag are not in place on a point (null when they are). */
function protectionMissing(p: PlanPoint): Refusal | null {
  return protectionsMissing([p]);
}

/**
 * Every point of these without its lock and tag, lockable ones apart from tag-only ones, in plan
 * order: "Apply the lock and tag on E-1 and E-2 first. Apply the tag on H-2 first." (null: all in place).
 */
function protectionsMissing(points: readonly PlanPoint[]): Refusal | null {
  const open = points.filter((p) => !pointProtected(p));
  if (!open.length) return null;
  return () => {
    const locked = open.filter((p) => p.lockable).map((p) => p.code);
    const tagged = open.filter((p) => !p.lockable).map((p) => p.code);
    return sayTogether([
      ...(locked.length ? [say(words.lockAndTagOn, { points: locked })] : []),
      ...(tagged.length ? [say(words.tagOn, { points: tagged })] : []),
    ]);
  };
}

/**
 * Why this verb cannot be given now (a sentence naming the missing step, in the reader's words when
 * read), or null. Reads only the plan as the API shows it, so the server (on the plan read under the
 * command's locks) and the web (for its buttons) give the same answer. Permissions are checked apart.
 */
export function isolationPlanRefusalSaid(
  plan: Omit<IsolationPlan, 'allowedVerbs'>,
  verb: IsolationPlanVerb,
  input: IsolationPlanInput = {},
): Refusal | null {
  if (!statusFor[verb].includes(plan.permitStatus)) return wrongStatusRefusal(verb);
  const point = input.planPointId === undefined ? undefined : plan.points.find((p) => p.ID === input.planPointId);
  if (planPointVerbs.includes(verb) && !point) return no(words.notOnPlan);
  const p = point!;
  const points = plan.points;
  // The point in its state is a phrase: built with the words, only when they are read.
  const aboutPoint =
    (caption: (typeof words)[keyof typeof words]): Refusal =>
    () =>
      say(caption, {}, {}, {}, { point: [pointInState(p)] });
  const already = () => aboutPoint(words.already);
  switch (verb) {
    case 'fill':
    case 'add-point':
    case 'reorder':
    case 'remove-point':
      if (plan.shutDown) return no(words.shutDownNoChange);
      if (verb === 'remove-point' && p.state !== 'pending') return aboutPoint(words.onlyPendingRemoved);
      if (verb === 'reorder') {
        const ids = input.planPointIds ?? [];
        const same =
          ids.length === points.length && new Set(ids).size === ids.length && points.every((x) => ids.includes(x.ID));
        if (!same) return no(words.reorderEvery);
      }
      return null;
    case 'notify':
      if (!points.length) return no(guardWords.addPoints);
      return plan.notified ? no(words.alreadyNotified) : null;
    case 'shut-down':
      if (!plan.notified) return no(words.notifyFirst);
      return plan.shutDown ? no(words.alreadyShutDown) : null;
    case 'isolate-point':
      if (!plan.shutDown) return plan.notified ? no(words.shutDownFirst) : no(words.notifyFirst);
      return p.state === 'pending' ? null : already();
    case 'release-stored-energy': {
      if (plan.storedEnergyReleased) return no(words.alreadyReleased);
      if (!plan.shutDown) return no(words.shutDownFirst);
      // Every point left to isolate, and every isolated one without its lock and tag (a lock goes on
      // a point once it is isolated, so the pending ones are named once, to isolate).
      const pending = points.filter((x) => x.state === 'pending');
      const unprotected = protectionsMissing(points.filter((x) => x.state !== 'pending'));
      if (!pending.length && !unprotected) return null;
      return () =>
        sayTogether([
          ...(pending.length ? [say(words.isolateEvery, {}, {}, {}, { points: pointGroups(pending) })] : []),
          ...(unprotected ? [unprotected()] : []),
        ]);
    }
    case 'verify-point':
      if (p.state === 'pending') return no(words.isolateFirst, { point: p.code });
      if (p.state !== 'isolated') return already();
      return protectionMissing(p) ?? (plan.storedEnergyReleased ? null : no(guardWords.releaseEnergy));
    case 'test-release':
      return p.state === 'verified' ? null : aboutPoint(words.onlyVerifiedTested);
    case 're-verify':
      if (p.state !== 'test_released') return aboutPoint(words.onlyTestReleasedReverified);
      return protectionMissing(p);
    case 'inspect-area':
      return plan.areaInspected ? no(words.alreadyInspected) : null;
    case 'clear-people':
      if (!plan.areaInspected) return no(guardWords.inspect);
      return plan.peopleClear ? no(words.alreadyClear) : null;
    case 'restore-point':
    case 'release-point': {
      if (!plan.areaInspected) return no(guardWords.inspect);
      if (!plan.peopleClear) return no(guardWords.peopleClear);
      if (p.state === 'restored' || p.state === 'released') return already();
      if (verb === 'restore-point' && p.heldBy.length)
        return no(words.heldCannotRestore, { permits: p.heldBy.map((h) => h.number).join(', ') });
      if (verb === 'release-point' && !p.heldBy.length) return no(words.noOtherHolds, { point: p.code });
      // Every lock and tag still on the point, each with who to ask for a lock.
      const tags = p.tags.filter((t) => t.state === 'applied' || t.state === 'verified');
      if (!p.locks.length && !tags.length) return null;
      return () =>
        say(
          words.removeOn,
          { point: p.code },
          {},
          {},
          {
            things: [
              ...p.locks.map((l) => say(words.lockOf, { serial: l.serial, person: l.appliedBy.displayName })),
              ...tags.map((t) => say(words.tagOf, { number: t.number })),
            ],
          },
        );
    }
    case 'notify-release': {
      if (!plan.peopleClear) return plan.areaInspected ? no(guardWords.peopleClear) : no(guardWords.inspect);
      const left = points.filter((x) => x.state !== 'restored' && x.state !== 'released');
      if (left.length) return () => say(words.restoreEvery, {}, {}, {}, { points: pointGroups(left) });
      return plan.releaseNotified ? no(words.alreadyNotified) : null;
    }
  }
}

/** `isolationPlanRefusalSaid`'s English sentence, or null: the verb may be given. */
export function isolationPlanRefusal(
  plan: Omit<IsolationPlan, 'allowedVerbs'>,
  verb: IsolationPlanVerb,
  input: IsolationPlanInput = {},
): string | null {
  return isolationPlanRefusalSaid(plan, verb, input)?.().message ?? null;
}

/** The two permission names a type's plan verbs need, built once a type (the download asks 10,000 times: decision 0082). */
const planPermissions = new Map<string, { issue: string; create: string }>();
function planPermissionsOf(typeCode: string) {
  let found = planPermissions.get(typeCode);
  if (!found) {
    found = { issue: permitPermission('issue', typeCode), create: permitPermission('create', typeCode) };
    planPermissions.set(typeCode, found);
  }
  return found;
}

/**
 * Who may give a plan verb: plan edits the permit's requester side or its issuing authority
 * (`permit:create:<CODE>` or `permit:issue:<CODE>`); every isolation and release step the
 * isolating authority (`permit:issue:<CODE>`, as the lifecycle's `isolate`).
 */
export function mayGiveIsolationPlanVerb(
  verb: IsolationPlanVerb,
  typeCode: string,
  permissions: ReadonlySet<string>,
): boolean {
  const { issue, create } = planPermissionsOf(typeCode);
  if (permissions.has(issue)) return true;
  return planEditVerbs.includes(verb) && permissions.has(create);
}

/**
 * The verbs to offer as buttons (the plan's `allowedVerbs`): permitted, and allowed by the rules
 * now — a point verb when some point allows it. The server's plan view and the offline flags
 * (offline-flags.ts) decide with it.
 */
export function allowedIsolationPlanVerbs(
  plan: Omit<IsolationPlan, 'allowedVerbs'>,
  typeCode: string,
  permissions: ReadonlySet<string>,
): IsolationPlanVerb[] {
  return isolationPlanVerbs.filter((verb) => {
    if (!mayGiveIsolationPlanVerb(verb, typeCode, permissions)) return false;
    if (planPointVerbs.includes(verb))
      return plan.points.some((p) => isolationPlanRefusalSaid(plan, verb, { planPointId: p.ID }) === null);
    if (verb === 'reorder')
      return (
        plan.points.length > 1 &&
        isolationPlanRefusalSaid(plan, verb, { planPointIds: plan.points.map((p) => p.ID) }) === null
      );
    return isolationPlanRefusalSaid(plan, verb) === null;
  });
}
