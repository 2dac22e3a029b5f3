import { describe, expect, it } from 'vitest';
import {
  procedurePublishProblems,
  procedureRefusal,
  type ProcedureContent,
  type ProcedureEquipment,
  type ProcedureStep,
} from './procedures';

/** A press with three sources: electrical, pneumatic (stored: the accumulator) and gravity (stored: the ram). */
const equipment: ProcedureEquipment = {
  sources: [
    { ID: 1, name: 'Electrical 480 V', stored: false },
    { ID: 2, name: 'Pneumatic 90 psi', stored: true },
    { ID: 3, name: 'Gravity (ram)', stored: true },
  ],
  pointIds: new Set([11, 12, 13]),
  pointName: (id) => `EV-${id}`,
};

const step = (kind: ProcedureStep['kind'], over: Partial<ProcedureStep> = {}): ProcedureStep => ({
  kind,
  text: `Do the ${kind} step`,
  ...over,
});

const complete = (): ProcedureContent => ({
  header: {
    purpose: 'Die change on press PR-001',
    intendedUse: 'Maintenance and die change',
    authorization: 'Authorized employees trained on PR-001',
    rulesAndTechniques: 'Lock every point, verify before work',
    enforcement: 'Per the plant energy control program',
    transferRules: 'Incoming lock on before outgoing lock off',
  },
  sources: [
    {
      energySourceId: 1,
      steps: [
        step('shut-down'),
        step('isolate', { isolationPointId: 11 }),
        step('lock-and-tag', { isolationPointId: 11, lockCount: 1 }),
        step('verify', {
          isolationPointId: 11,
          verificationMethod: 'Try the start button',
          expectedResult: 'Nothing moves',
        }),
      ],
    },
    {
      energySourceId: 2,
      steps: [
        step('isolate', { isolationPointId: 12 }),
        step('lock-and-tag', { isolationPointId: 12 }),
        step('release-stored-energy'),
        step('verify', { isolationPointId: 12 }),
      ],
    },
    {
      energySourceId: 3,
      steps: [
        step('isolate', { isolationPointId: 13 }),
        step('release-stored-energy', { text: 'Block the ram' }),
        step('verify'),
      ],
    },
  ],
  releaseSteps: [
    step('inspect-machine'),
    step('clear-people'),
    step('remove-devices'),
    step('notify'),
    step('restore-energy'),
  ],
});

describe('the validator that refuses to publish', () => {
  it('passes a complete procedure', () => {
    expect(procedurePublishProblems(complete(), equipment)).toEqual([]);
  });

  it('names each source missing its isolation, its verification or its stored-energy step', () => {
    const content = complete();
    content.sources[0]!.steps = content.sources[0]!.steps.filter((s) => s.kind !== 'verify');
    content.sources[1]!.steps = content.sources[1]!.steps.filter((s) => s.kind !== 'release-stored-energy');
    content.sources[2]!.steps = content.sources[2]!.steps.filter((s) => s.kind !== 'isolate');
    expect(procedurePublishProblems(content, equipment).map((p) => p.message)).toEqual([
      'Electrical 480 V: no verification step.',
      'Pneumatic 90 psi: stored energy with no step that releases or restrains it.',
      'Gravity (ram): no isolation step.',
    ]);
  });

  it('names a source the procedure leaves out, a point the equipment no longer has, and a step out of order', () => {
    const content = complete();
    content.sources.splice(2, 1);
    const now = { ...equipment, pointIds: new Set([11, 13]) };
    content.sources[0]!.steps.reverse();
    expect(procedurePublishProblems(content, now).map((p) => p.code)).toEqual([
      'source-missing',
      'steps-out-of-order',
      // Each step that names the point: isolate, lock and tag, verify.
      'point-gone',
      'point-gone',
      'point-gone',
    ]);
    expect(procedurePublishProblems(content, now).find((p) => p.code === 'point-gone')?.message).toBe(
      'Pneumatic 90 psi, step 1 (Isolate): point EV-12 is no longer on the equipment.',
    );
  });

  it('asks for the release from lockout and for words in every step', () => {
    const content = complete();
    content.releaseSteps = [];
    content.sources[0]!.steps[0] = step('shut-down', { text: '  ' });
    expect(procedurePublishProblems(content, equipment).map((p) => p.message)).toEqual([
      'Electrical 480 V, step 1 (Shut down): say what to do.',
      'The release from lockout has no steps.',
    ]);
  });
});

describe('the lifecycle', () => {
  const author = { userId: 1, canAuthor: true, canApprove: true };
  const approver = { userId: 2, canAuthor: false, canApprove: true };
  const revision = (status: Parameters<typeof procedureRefusal>[0]['status'], problems = []) => ({
    status,
    authorId: 1,
    problems,
  });

  it('is approved by someone other than its author, and only from review', () => {
    expect(procedureRefusal(revision('in-review'), author, 'approve')).toBe(
      'The author of a revision may not approve it: another approver signs.',
    );
    expect(procedureRefusal(revision('in-review'), approver, 'approve')).toBeNull();
    expect(procedureRefusal(revision('draft'), approver, 'approve')).toBe(
      'This revision is Draft; only a revision that is In review can be approved.',
    );
  });

  it('is not submitted, approved or published while the validator finds problems', () => {
    const problems = [{ code: 'no-release-steps' as const, message: 'The release from lockout has no steps.' }];
    expect(procedureRefusal({ status: 'draft', authorId: 1, problems }, author, 'submit')).toBe(
      'Not complete: The release from lockout has no steps.',
    );
    expect(procedureRefusal(revision('approved'), approver, 'publish')).toBeNull();
    expect(procedureRefusal(revision('published'), approver, 'retire')).toBe(
      'You need the permission to write energy control procedures.',
    );
  });
});
