import * as z from 'zod/mini';
import { commandRoute } from './command-routes';
import { idParamSchema, idSchema } from './ids';
import { planNextStepCaptions as planWords } from './captions/rules';
import { say, saidSchema } from './said';
import { permitStatuses, type PermitStatus } from './permit-lifecycle';
import { tagStates } from './tags';
/**
 * A permit's isolation plan (module `isolation-plan`): the ordered points to isolate and the
 * OSHA 1910.147 (d) steps. Tables `permit_isolation_plans` and `permit_isolation_points` (migration
 * 2026-11-26T0900-loto).
 */

/**
 * A plan point's state. Pending → Isolated → Verified → Restored, with Verified ⇄ Test released for
 * live-for-test. Released: this permit let go of a point other permits still hold (shared isolation
 * point); the last permit holding it restores it.
 */
export const planPointStates = ['pending', 'isolated', 'verified', 'test_released', 'released', 'restored'] as const;
export type PlanPointState = (typeof planPointStates)[number];
export const planPointStateLabels: Record<PlanPointState, string> = {
  pending: 'Pending',
  isolated: 'Isolated',
  verified: 'Verified',
  test_released: 'Test released',
  released: 'Released',
  restored: 'Restored',
};
/** States in which a plan point holds its isolation point isolated ("held by permits X, Y"). */
export const holdingPlanPointStates: readonly PlanPointState[] = ['isolated', 'verified', 'test_released'];

/**
 * The plan's commands (`POST /api/permits/:permitId/isolation-plan/commands/<verb>`), kebab-case.
 * Plan edits (before the equipment is shut down), the OSHA 1910.147 (d) steps in order, live-for-test
 * release and re-verification, and the (e)(1)–(2) release steps during de-isolation.
 */
export const isolationPlanVerbs = [
  'fill',
  'add-point',
  'remove-point',
  'reorder',
  'notify',
  'shut-down',
  'isolate-point',
  'release-stored-energy',
  'verify-point',
  'test-release',
  're-verify',
  'inspect-area',
  'clear-people',
  'restore-point',
  'release-point',
  'notify-release',
] as const;
export type IsolationPlanVerb = (typeof isolationPlanVerbs)[number];

export const isolationPlanVerbLabels: Record<IsolationPlanVerb, string> = {
  fill: 'Fill from the assets',
  'add-point': 'Add point',
  'remove-point': 'Remove',
  reorder: 'Reorder',
  notify: 'Affected employees notified',
  'shut-down': 'Equipment shut down',
  'isolate-point': 'Isolate',
  'release-stored-energy': 'Stored energy released',
  'verify-point': 'Verify',
  'test-release': 'Release for test',
  're-verify': 'Re-verify',
  'inspect-area': 'Work area inspected',
  'clear-people': 'People clear',
  'restore-point': 'Restore',
  'release-point': 'Release',
  'notify-release': 'Affected employees notified of release',
};

/** Permit statuses in which the plan is edited (a plan edit is not a core permit edit: approvals stay). */
export const planEditStatuses: readonly PermitStatus[] = ['draft', 'requested', 'approved'];

const pointRef = { planPointId: idSchema };

/** A try-out's outcome: the energy stayed off (pass), or the equipment moved or read live (fail). */
export const tryOutOutcomes = ['pass', 'fail'] as const;
export type TryOutOutcome = (typeof tryOutOutcomes)[number];

/**
 * A try-out (verify-point, re-verify): the method (the plan's prefills it) and its outcome, both
 * required; a note of what was seen is optional. A fail is recorded too (the point stays unverified):
 * a safety record never stays silent.
 */
const verification = z
  .object({
    planPointId: idSchema,
    method: z.string().check(z.trim(), z.minLength(1, 'Verification method is required'), z.maxLength(500)),
    outcome: z.optional(z.enum(tryOutOutcomes, { error: 'Try-out outcome: pass or fail' })),
    result: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  })
  .check(
    // A try-out written before outcomes existed (queued offline by an earlier version of the app)
    // carries only its typed result: it was recorded as verified, and is taken as a pass.
    z.refine((v) => v.outcome !== undefined || !!v.result?.trim(), {
      error: 'Try-out outcome: pass or fail',
      path: ['outcome'],
    }),
  );

/** A try-out's outcome: as sent, or a pass for one that carries only a typed result (see above). */
export const tryOutOutcomeOf = (input: { outcome?: TryOutOutcome }): TryOutOutcome => input.outcome ?? 'pass';

/** What a try-out records as its result: the note when there is one, else the outcome in words. */
export const tryOutResultText = (outcome: TryOutOutcome, note?: string | null) =>
  note?.trim() || (outcome === 'pass' ? 'Pass: zero energy' : 'Fail: energy not isolated');

/** Each verb's body; verbs not listed take `{}`. */
export const isolationPlanInputSchemas = {
  'add-point': z.object({ isolationPointId: idSchema }),
  'remove-point': z.object(pointRef),
  reorder: z.object({ planPointIds: z.array(idSchema).check(z.minLength(1), z.maxLength(1000)) }),
  'isolate-point': z.object(pointRef),
  'verify-point': verification,
  'test-release': z.object(pointRef),
  're-verify': verification,
  'restore-point': z.object(pointRef),
  'release-point': z.object(pointRef),
} as const;
export type IsolationPlanInput = {
  isolationPointId?: number;
  planPointId?: number;
  planPointIds?: number[];
  method?: string;
  outcome?: TryOutOutcome;
  result?: string;
};

export const isolationPlanParamsSchema = z.object({ permitId: idParamSchema });

/** Each plan step's route (the plan is the permit's: the URL's permit is the target); every one is queueable offline. */
export const isolationPlanCommandRoutes = isolationPlanVerbs.map((verb) =>
  commandRoute({
    name: `isolation-plan.${verb}`,
    path: `/permits/:permitId/isolation-plan/commands/${verb}`,
    params: isolationPlanParamsSchema,
    body: (isolationPlanInputSchemas as Partial<Record<IsolationPlanVerb, z.ZodMiniType>>)[verb],
    offline: true,
  }),
);

const person = z.object({ ID: z.int(), displayName: z.string() });
const done = z.nullable(z.object({ by: person, at: z.string() }));

export const planPointSchema = z.object({
  /** The plan point's ID (commands name it as planPointId). */
  ID: z.int(),
  isolationPointId: z.int(),
  position: z.int(),
  state: z.enum(planPointStates),
  code: z.string(),
  location: z.string(),
  deviceType: z.string(),
  normalPosition: z.string(),
  isolatedPosition: z.string(),
  lockable: z.boolean(),
  tagOnlyMeasure: z.string(),
  /** The asset's verification method: the default of the try-out's method. */
  verificationMethod: z.string(),
  asset: z.object({ ID: z.int(), number: z.string() }),
  component: z.object({ ID: z.int(), number: z.string(), name: z.string() }),
  isolated: done,
  verified: done,
  verifyMethod: z.nullable(z.string()),
  verifyResult: z.nullable(z.string()),
  testReleased: done,
  released: done,
  restored: done,
  /** Other permits holding this isolation point right now (isolated, verified or test released). */
  heldBy: z.array(z.object({ ID: z.int(), number: z.string() })),
  locks: z.array(
    z.object({ applicationId: z.int(), lockId: z.int(), serial: z.string(), appliedBy: person, appliedAt: z.string() }),
  ),
  tags: z.array(
    z.object({
      ID: z.int(),
      number: z.string(),
      state: z.enum(tagStates),
      appliedBy: z.nullable(person),
      /** The lock it was hung with (applying the lock hangs the point's tag), or null. */
      lockSerial: z.optional(z.nullable(z.string())),
    }),
  ),
  /**
   * The component's energy sources (what this point isolates): type (a master-list item, shown by
   * its caption), magnitude and unit. Optional: copies stored offline before it existed lack it.
   */
  energy: z.optional(
    z.array(
      z.object({
        type: z.object({ ID: z.int(), caption: z.string() }),
        magnitude: z.nullable(z.number()),
        unit: z.string(),
        storedEnergy: z.boolean(),
      }),
    ),
  ),
  /** The point's photo (`GET /api/assets/photos/:id`), or null. */
  photoId: z.optional(z.nullable(z.int())),
  /** The last failed try-out while the point is not verified (who and when), or null. */
  tryOutFailed: z.optional(done),
});
export type PlanPoint = z.infer<typeof planPointSchema>;

export const isolationPlanSchema = z.object({
  permitId: z.int(),
  permitNumber: z.string(),
  permitStatus: z.enum(permitStatuses),
  /** The plan's version (ETag, If-Match of its commands); 0 before its first command. */
  version: z.int(),
  notified: done,
  shutDown: done,
  storedEnergyReleased: done,
  areaInspected: done,
  peopleClear: done,
  releaseNotified: done,
  points: z.array(planPointSchema),
  /** What to do next, as a sentence ("Shut down the equipment"), or null when nothing is due. */
  nextStep: z.nullable(z.string()),
  /** `nextStep` as a caption and its values (absent in pages stored before it). */
  nextStepSaid: z.optional(z.nullable(saidSchema)),
  /** The verbs the caller may give now (the buttons); per point: `pointActions`. */
  allowedVerbs: z.array(z.enum(isolationPlanVerbs)),
});
export type IsolationPlan = z.infer<typeof isolationPlanSchema>;

/** An isolation point of the permit's assets that is not on the plan yet (the add-point picker). */
export const isolationPointChoiceSchema = z.object({
  ID: z.int(),
  code: z.string(),
  location: z.string(),
  assetNumber: z.string(),
  componentNumber: z.string(),
});
export const isolationPointChoicesSchema = z.array(isolationPointChoiceSchema);
export type IsolationPointChoice = z.infer<typeof isolationPointChoiceSchema>;

/**
 * `GET /api/assets/:id/isolation-holds`: each of the asset's isolation points that permits' plans
 * hold right now (isolated, verified or test released), with those permits by number — Component
 * Manage's "Held by permits X, Y". Points nobody holds are left out.
 */
export const isolationHoldSchema = z.object({
  isolationPointId: z.int(),
  permits: z.array(z.object({ ID: z.int(), number: z.string() })),
});
export const isolationHoldsSchema = z.array(isolationHoldSchema);
export type IsolationHold = z.infer<typeof isolationHoldSchema>;

// ---- The plan's rules: one pure function the server decides with and the web draws buttons with ----

/** A point's isolation is protected: a lockable point has a lock and an applied tag; a tag-only point its tag. */
export function pointProtected(point: PlanPoint): boolean {
  const tagged = point.tags.some((t) => t.state === 'applied' || t.state === 'verified');
  return tagged && (!point.lockable || point.locks.length > 0);
}

/** The last step of de-isolation, when nothing on the plan is left. */
export const isolationPlanClosingStep = planWords.close.defaultCaption;

/**
 * The closing step while crew are still signed on to the lockbox: they sign off, each removing their
 * own lock, so the step names them (never a pointer to the (e)(3) removal of someone else's lock).
 * @example crewSignOffStep(['Ana Diaz', 'Ben Ode']) === 'Ana Diaz and Ben Ode are still signed on: they sign off before the permit can be closed'
 */
export function crewSignOffStep(names: readonly string[]): string {
  return crewSignOffSaid(names).message;
}

function crewSignOffSaid(names: readonly string[]) {
  return names.length === 1
    ? say(planWords.crewOneSignedOn, { names: names[0] ?? '' })
    : say(planWords.crewSignedOn, { names });
}

/**
 * What to do next on the plan, as a sentence for the big card (null when nothing is due), with its
 * caption and values (`said`) so the card says it in the reader's language.
 * `crewSignedOn`: the names of the crew signed on to the permit's lockbox (the closing step names them).
 */
export function isolationPlanNextStepSaid(
  plan: Omit<IsolationPlan, 'nextStep' | 'nextStepSaid' | 'allowedVerbs'>,
  crewSignedOn: readonly string[] = [],
): ReturnType<typeof say> | null {
  const points = plan.points;
  const first = (test: (p: PlanPoint) => boolean) => points.find(test);
  switch (plan.permitStatus) {
    case 'draft':
    case 'requested':
      return points.length ? null : say(planWords.addPoints);
    case 'approved': {
      if (!points.length) return say(planWords.addPoints);
      if (!plan.notified) return say(planWords.notify);
      if (!plan.shutDown) return say(planWords.shutDown);
      const pending = first((p) => p.state === 'pending');
      if (pending) return say(planWords.isolate, { point: pending.code });
      const open = first((p) => !pointProtected(p));
      if (open) return say(open.lockable ? planWords.lockAndTag : planWords.tag, { point: open.code });
      if (!plan.storedEnergyReleased) return say(planWords.releaseEnergy);
      const unverified = first((p) => p.state === 'isolated');
      if (unverified?.tryOutFailed) return say(planWords.tryOutFailed, { point: unverified.code });
      if (unverified) return say(planWords.verify, { point: unverified.code });
      return say(planWords.allVerified);
    }
    case 'live_for_test': {
      const released = first((p) => p.state === 'test_released');
      return released ? say(planWords.reVerify, { point: released.code }) : null;
    }
    case 'de_isolation': {
      if (!plan.areaInspected) return say(planWords.inspect);
      if (!plan.peopleClear) return say(planWords.peopleClear);
      const left = first((p) => p.state !== 'restored' && p.state !== 'released');
      if (left) {
        if (left.locks[0] || left.tags.some((t) => t.state === 'applied' || t.state === 'verified'))
          return say(planWords.removeLocks, { point: left.code });
        return left.heldBy.length
          ? say(planWords.release, { point: left.code, permits: left.heldBy.map((h) => h.number).join(', ') })
          : say(planWords.restore, { point: left.code });
      }
      if (!plan.releaseNotified) return say(planWords.notifyRelease);
      return crewSignedOn.length ? crewSignOffSaid(crewSignedOn) : say(planWords.close);
    }
    default:
      return null;
  }
}

/** The plan's `nextStep` and `nextStepSaid`: the next step's English words and its caption. */
export function isolationPlanNextStepFields(
  plan: Omit<IsolationPlan, 'nextStep' | 'nextStepSaid' | 'allowedVerbs'>,
  crewSignedOn: readonly string[] = [],
): Pick<IsolationPlan, 'nextStep' | 'nextStepSaid'> {
  const next = isolationPlanNextStepSaid(plan, crewSignedOn);
  return { nextStep: next?.message ?? null, nextStepSaid: next?.said ?? null };
}

/** The next step's English words. */
export function isolationPlanNextStep(
  plan: Omit<IsolationPlan, 'nextStep' | 'nextStepSaid' | 'allowedVerbs'>,
  crewSignedOn: readonly string[] = [],
): string | null {
  return isolationPlanNextStepSaid(plan, crewSignedOn)?.message ?? null;
}
