import * as z from 'zod/mini';
import { idSchema } from './ids';

/**
 * Energy control procedures (OSHA 1910.147 (c)(4)): one per piece of equipment (an asset or a
 * component; one may cover several identical machines), written by a safety author, approved by
 * someone else, published as numbered revisions, posted at the machine as a placard, and the
 * source of every isolation plan filled from the equipment. This file is the procedure's shape,
 * the rules that refuse to publish an incomplete one, and its lifecycle, shared by the server
 * (which decides) and the web app (which shows the same reasons before anyone presses a button).
 */

/** The lifecycle: a revision is written, reviewed, approved (signed), then published; the next revision supersedes it. */
export const procedureStatuses = ['draft', 'in-review', 'approved', 'published', 'superseded', 'retired'] as const;
export type ProcedureStatus = (typeof procedureStatuses)[number];

export const procedureStatusLabels: Record<ProcedureStatus, string> = {
  draft: 'Draft',
  'in-review': 'In review',
  approved: 'Approved',
  published: 'Published',
  superseded: 'Superseded',
  retired: 'Retired',
};

/**
 * The steps for each energy source, in the order (d) gives them: prepare and shut down, isolate,
 * apply the lock and tag, release or restrain stored energy, verify the isolation.
 */
export const sourceStepKinds = ['shut-down', 'isolate', 'lock-and-tag', 'release-stored-energy', 'verify'] as const;
export type SourceStepKind = (typeof sourceStepKinds)[number];

/** The release from lockout ((e)): the machine and the area checked, people told, devices off, energy back. */
export const releaseStepKinds = [
  'inspect-machine',
  'clear-people',
  'remove-devices',
  'notify',
  'restore-energy',
] as const;
export type ReleaseStepKind = (typeof releaseStepKinds)[number];

export const procedureStepKindLabels: Record<SourceStepKind | ReleaseStepKind, string> = {
  'shut-down': 'Shut down',
  isolate: 'Isolate',
  'lock-and-tag': 'Apply lock and tag',
  'release-stored-energy': 'Release or restrain stored energy',
  verify: 'Verify isolation',
  'inspect-machine': 'Inspect the machine and the area',
  'clear-people': 'Clear and count the people',
  'remove-devices': 'Remove locks and tags',
  notify: 'Notify the affected employees',
  'restore-energy': 'Restore energy',
};

const text = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `${label}: at most ${max} characters`));

/** One step: what to do, in words a worker reads at the machine, and what it names. */
export const procedureStepSchema = z.object({
  kind: z.enum([...sourceStepKinds, ...releaseStepKinds]),
  text: text('Step', 2000),
  /** The isolation point the step acts on (isolate, lock and tag, verify). */
  isolationPointId: z.optional(z.nullable(idSchema)),
  /** The device that isolates or holds it (a breaker lockout, a valve cover). */
  device: z.optional(text('Device', 200)),
  normalPosition: z.optional(text('Normal position', 100)),
  isolatedPosition: z.optional(text('Isolated position', 100)),
  /** Locks to apply at the point (lock and tag). */
  lockCount: z.optional(z.int().check(z.minimum(1), z.maximum(20))),
  /** How the isolation is proved (verify): the method and what is expected (zero energy, no movement). */
  verificationMethod: z.optional(text('Verification method', 500)),
  expectedResult: z.optional(text('Expected result', 500)),
  ppe: z.optional(text('PPE', 500)),
  notes: z.optional(text('Notes', 2000)),
  /** Photos of the step (taken on a phone, annotated), by their stored ID. */
  photoIds: z.optional(z.array(idSchema).check(z.maxLength(10, 'At most 10 photos a step'))),
});
export type ProcedureStep = z.infer<typeof procedureStepSchema>;

/** An energy source of the equipment as the procedure lists it, with its steps in (d) order. */
export const procedureSourceSchema = z.object({
  energySourceId: idSchema,
  steps: z.array(procedureStepSchema).check(z.maxLength(50, 'At most 50 steps a source')),
});
export type ProcedureSource = z.infer<typeof procedureSourceSchema>;

/** The (c)(4)(ii) header: what the procedure is for and the rules around it (facility defaults an author may keep). */
export const procedureHeaderSchema = z.object({
  purpose: text('Purpose and scope', 4000),
  intendedUse: text('Intended use', 4000),
  authorization: text('Authorization', 4000),
  rulesAndTechniques: text('Rules and techniques', 4000),
  enforcement: text('Enforcement', 4000),
  /** Shift or personnel change ((f)(4)): how protection is handed over without a gap. */
  transferRules: text('Transfer rules', 4000),
});
export type ProcedureHeader = z.infer<typeof procedureHeaderSchema>;

/** A revision's content: what the author writes and the approver signs. */
export const procedureContentSchema = z.object({
  header: procedureHeaderSchema,
  sources: z.array(procedureSourceSchema).check(z.maxLength(50, 'At most 50 energy sources')),
  releaseSteps: z.array(procedureStepSchema).check(z.maxLength(50, 'At most 50 release steps')),
});
export type ProcedureContent = z.infer<typeof procedureContentSchema>;

/** The equipment as it is now: its energy sources and the isolation points it still has. */
export interface ProcedureEquipment {
  sources: ReadonlyArray<{ ID: number; name: string; stored: boolean }>;
  pointIds: ReadonlySet<number>;
  /** How each point is named, for the reasons (its code). */
  pointName(id: number): string;
}

/** Why a revision may not be published: each problem names the source, step or point. */
export interface ProcedureProblem {
  code:
    | 'source-missing'
    | 'source-unknown'
    | 'no-isolation-step'
    | 'no-verification-step'
    | 'no-stored-energy-step'
    | 'point-gone'
    | 'steps-out-of-order'
    | 'empty-step'
    | 'no-release-steps';
  message: string;
}

const firstIndex = (steps: readonly ProcedureStep[], kind: SourceStepKind) => steps.findIndex((s) => s.kind === kind);

/**
 * The validator that refuses to publish (the server decides with it; the editor shows the same list):
 * every energy source of the equipment is in the procedure with an isolation and a verification
 * step, a stored-energy source has a release step, the steps of a source come in (d) order, every
 * step says something, every point named is still on the equipment, and the release from lockout
 * is written. An empty list: it may be published.
 */
export function procedurePublishProblems(content: ProcedureContent, equipment: ProcedureEquipment): ProcedureProblem[] {
  const problems: ProcedureProblem[] = [];
  const byId = new Map(equipment.sources.map((source) => [source.ID, source]));
  const listed = new Set(content.sources.map((s) => s.energySourceId));
  for (const source of equipment.sources) {
    if (!listed.has(source.ID))
      problems.push({ code: 'source-missing', message: `${source.name}: the equipment's energy source has no steps.` });
  }
  for (const entry of content.sources) {
    const source = byId.get(entry.energySourceId);
    if (!source) {
      problems.push({
        code: 'source-unknown',
        message: `Energy source #${entry.energySourceId} is no longer on the equipment: remove it or choose another.`,
      });
      continue;
    }
    const steps = entry.steps;
    if (firstIndex(steps, 'isolate') < 0)
      problems.push({ code: 'no-isolation-step', message: `${source.name}: no isolation step.` });
    if (firstIndex(steps, 'verify') < 0)
      problems.push({ code: 'no-verification-step', message: `${source.name}: no verification step.` });
    if (source.stored && firstIndex(steps, 'release-stored-energy') < 0)
      problems.push({
        code: 'no-stored-energy-step',
        message: `${source.name}: stored energy with no step that releases or restrains it.`,
      });
    const order = steps.map((step) => sourceStepKinds.indexOf(step.kind as SourceStepKind));
    if (order.some((rank, i) => rank < 0 || (i > 0 && rank < order[i - 1]!)))
      problems.push({
        code: 'steps-out-of-order',
        message: `${source.name}: the steps are not in lockout order (shut down, isolate, lock and tag, release stored energy, verify).`,
      });
    problems.push(...stepProblems(steps, source.name, equipment));
  }
  if (!content.releaseSteps.length)
    problems.push({ code: 'no-release-steps', message: 'The release from lockout has no steps.' });
  problems.push(...stepProblems(content.releaseSteps, 'Release', equipment));
  return problems;
}

function stepProblems(
  steps: readonly ProcedureStep[],
  where: string,
  equipment: ProcedureEquipment,
): ProcedureProblem[] {
  const problems: ProcedureProblem[] = [];
  steps.forEach((step, i) => {
    const label = `${where}, step ${i + 1} (${procedureStepKindLabels[step.kind]})`;
    if (!step.text.trim()) problems.push({ code: 'empty-step', message: `${label}: say what to do.` });
    const point = step.isolationPointId;
    if (point != null && !equipment.pointIds.has(point))
      problems.push({
        code: 'point-gone',
        message: `${label}: point ${equipment.pointName(point)} is no longer on the equipment.`,
      });
  });
  return problems;
}

/** The commands on a procedure revision, and who gives them. */
export const procedureCommands = ['submit', 'return', 'approve', 'publish', 'retire'] as const;
export type ProcedureCommand = (typeof procedureCommands)[number];

const procedureCommandDone: Record<ProcedureCommand, string> = {
  submit: 'submitted for review',
  return: 'returned to its author',
  approve: 'approved',
  publish: 'published',
  retire: 'retired',
};

export const procedureTransitions: Record<ProcedureCommand, { from: readonly ProcedureStatus[]; to: ProcedureStatus }> =
  {
    submit: { from: ['draft'], to: 'in-review' },
    return: { from: ['in-review', 'approved'], to: 'draft' },
    approve: { from: ['in-review'], to: 'approved' },
    publish: { from: ['approved'], to: 'published' },
    retire: { from: ['published'], to: 'retired' },
  };

/** Who acts on a revision: the user, whether they wrote it, and whether they hold the approve-procedures permission. */
export interface ProcedureActor {
  userId: number;
  canAuthor: boolean;
  canApprove: boolean;
}

/**
 * Why the command is refused on this revision by this person (null: allowed). Approval is a second
 * person's: the author may not approve their own revision, however many permissions they hold.
 */
export function procedureRefusal(
  revision: { status: ProcedureStatus; authorId: number; problems: readonly ProcedureProblem[] },
  actor: ProcedureActor,
  command: ProcedureCommand,
): string | null {
  const transition = procedureTransitions[command];
  if (!transition.from.includes(revision.status)) {
    const from = transition.from.map((s) => procedureStatusLabels[s]).join(' or ');
    return `This revision is ${procedureStatusLabels[revision.status]}; only a revision that is ${from} can be ${procedureCommandDone[command]}.`;
  }
  if ((command === 'submit' || command === 'retire') && !actor.canAuthor)
    return 'You need the permission to write energy control procedures.';
  if ((command === 'approve' || command === 'return' || command === 'publish') && !actor.canApprove)
    return 'You need the permission to approve energy control procedures.';
  if (command === 'approve' && revision.authorId === actor.userId)
    return 'The author of a revision may not approve it: another approver signs.';
  if ((command === 'submit' || command === 'approve' || command === 'publish') && revision.problems.length)
    return `Not complete: ${revision.problems.map((p) => p.message).join(' ')}`;
  return null;
}
