import { gasTestCommandProblem, type GasTest, type GasTestCommand } from '@hasp/contracts';
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
  // The rule is contracts' (the offline page records with the same one).
  const test =
    command === 'void' && input?.testId !== undefined
      ? (state.tests.find((t) => t.ID === input.testId) ?? null)
      : undefined;
  const problem = gasTestCommandProblem(state.permit, state.permissions, userId, command, test);
  if (!problem) return null;
  if (problem.status === 404) return AppError.notFound('Gas test');
  return new AppError(problem.status === 403 ? 'FORBIDDEN' : 'CONFLICT', problem.status, problem.message);
}

/** The policy table: the refusals depend on the permit's type and status and on the test, so they are all in the rule. */
export const gasTestsPolicy: Record<GasTestCommand, PolicyRule<GasTestsState, unknown>> = {
  record: { permissions: [], refuse: (state, actor) => gasTestCommandRefusal(state, actor.userId, 'record') },
  void: {
    permissions: [],
    refuse: (state, actor, input) => gasTestCommandRefusal(state, actor.userId, 'void', input as { testId: number }),
  },
};
