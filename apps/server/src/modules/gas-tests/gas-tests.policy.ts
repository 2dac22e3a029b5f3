import {
  gasTestStatuses,
  permitPermission,
  permitStatusLabels,
  type GasTest,
  type GasTestCommand,
} from '@hasp/contracts';
import { actorPermissions, type CommandTarget, type PolicyRule } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { findGasPermit, gasTestsVersion, listGasTests, type GasPermit } from './gas-tests.repository';

/** What a gas test command reads under the permit's lock. */
export interface GasTestsState {
  version: number;
  permit: GasPermit;
  tests: GasTest[];
  permissions: Set<string>;
}

/**
 * The permit a gas test concerns, locked FOR UPDATE (a lifecycle command takes the same lock, so
 * issue and a test recorded at the same moment are ordered). The version is the permit's gas tests'
 * (one step per test recorded or voided): a record never moves the permit's own version.
 */
export const gasTestsTarget: CommandTarget<GasTestsState> = {
  noun: 'Permit',
  staleMessage:
    "Someone recorded or voided a gas test on this permit while you were looking at it. Reload the permit's gas tests and try again.",
  async lock(trx, actor, permitId) {
    const permit = await findGasPermit(trx, actor.facilityId, permitId, { lock: true });
    if (!permit) return undefined;
    const [version, tests, permissions] = await Promise.all([
      gasTestsVersion(trx, permitId),
      listGasTests(trx, actor.facilityId, permitId),
      actorPermissions(trx, actor),
    ]);
    return { version, permit, tests, permissions };
  },
  // Each use case inserted a test or voided one: exactly one step.
  bump: async (_trx, _id, state) => state.version + 1,
};

/** Why `userId` may not give the command now (null: they may); the policy and the buttons ask it. */
export function gasTestCommandRefusal(
  state: Pick<GasTestsState, 'permit' | 'tests' | 'permissions'>,
  userId: number,
  command: GasTestCommand,
  input?: { testId?: number },
): AppError | null {
  const { permit, permissions } = state;
  if (!permissions.has(permitPermission('view', permit.typeCode)))
    return new AppError(
      'FORBIDDEN',
      403,
      `You need the permission permit:view:${permit.typeCode} to record gas tests.`,
    );
  if (!permit.sections.includes('gas-tests'))
    return new AppError('CONFLICT', 409, `${permit.typeCode} permits have no gas tests.`);
  if (!gasTestStatuses.includes(permit.status))
    return new AppError(
      'CONFLICT',
      409,
      `Gas tests are recorded from approval until the work is complete; this permit is ${permitStatusLabels[permit.status]}.`,
    );
  if (command === 'void' && input?.testId !== undefined) {
    const test = state.tests.find((t) => t.ID === input.testId);
    if (!test) return AppError.notFound('Gas test');
    if (test.voided) return new AppError('CONFLICT', 409, 'This gas test is already voided.');
    const mayIssue = permissions.has(permitPermission('issue', permit.typeCode));
    if (test.recordedBy.ID !== userId && !mayIssue)
      return new AppError(
        'FORBIDDEN',
        403,
        `Only the person who recorded the test or someone who may issue ${permit.typeCode} permits can void it.`,
      );
  }
  return null;
}

/** The policy table: the refusals depend on the permit's type and status and on the test, so they are all in the rule. */
export const gasTestsPolicy: Record<GasTestCommand, PolicyRule<GasTestsState, unknown>> = {
  record: { permissions: [], refuse: (state, actor) => gasTestCommandRefusal(state, actor.userId, 'record') },
  void: {
    permissions: [],
    refuse: (state, actor, input) => gasTestCommandRefusal(state, actor.userId, 'void', input as { testId: number }),
  },
};
