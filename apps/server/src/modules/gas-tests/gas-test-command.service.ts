import {
  gasInstrumentProblem,
  gasReadingProblem,
  gasReadingsOf,
  gasTestedAtProblem,
  gasTestCommands,
  type GasReading,
  type GasTestCommand,
  type GasTestRecord,
  type GasTestsView,
  type GasTestVoid,
} from '@hasp/contracts';
import { defineCommand, type CommandDefinition, type CommandRun } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { listGasInstruments, listGasParameters } from './gas-config.repository';
import { gasTestsPolicy, gasTestsTarget, type GasTestsState } from './gas-tests.policy';
import { findFacilityUserName, insertGasTest, listGasTests, voidGasTest } from './gas-tests.repository';
import { gasTestsView } from './gas-tests-view';

type Run = CommandRun<unknown, GasTestsState>;

/** What a `gas-test.record` event carries: the notification consumer reads the out-of-limit readings. */
export interface GasTestEventPayload {
  permitId: number;
  number: string;
  title: string;
  typeCode: string;
  issuerId: number | null;
  actorId: number;
  testId: number;
  /** "H2S 12 ppm is above the limit of 10 ppm", one per reading out of limits. */
  outOfLimits: string[];
}

const invalid = (field: string, message: string) => AppError.validation([{ field, message }]);

/** The readings checked against the facility's active parameters: one for each, nothing else. */
async function readingsOf(run: Run, input: GasTestRecord): Promise<GasReading[]> {
  const parameters = await listGasParameters(run.trx, run.ctx.actor.facilityId, true);
  // The rule is contracts' (the offline page checks the readings with the same one).
  const checked = gasReadingsOf(parameters, input.readings);
  if (!checked.ok) throw invalid(checked.field, checked.message);
  return checked.readings;
}

async function record(run: Run): Promise<{ testId: number; outOfLimits: string[] }> {
  const { trx, ctx, state } = run;
  const input = run.input as GasTestRecord;
  const { facilityId, userId } = ctx.actor;
  const testedAt = input.testedAt ? new Date(input.testedAt) : ctx.now;
  const future = gasTestedAtProblem(testedAt, ctx.now);
  if (future) throw invalid('testedAt', future);
  // The tester is the signed-in person (the policy checked they hold gas:test): naming anyone else is
  // refused, so a test is never recorded in the name of someone who did not take it.
  if ((input.testerId != null && input.testerId !== userId) || input.testerName != null)
    throw invalid(
      input.testerName != null ? 'testerName' : 'testerId',
      'Tester: the person who records a gas test is its tester; the one who took the readings records them, signed in as themselves.',
    );
  const readings = await readingsOf(run, input);
  const instrument = (await listGasInstruments(trx, facilityId, true)).find((i) => i.ID === input.instrumentId);
  if (!instrument) throw invalid('instrumentId', 'Instrument: no active gas instrument of this facility has that ID');
  const calibration = gasInstrumentProblem(instrument, testedAt);
  if (calibration) throw invalid('instrumentId', calibration);
  const testerName = await findFacilityUserName(trx, facilityId, userId);
  if (!testerName) throw invalid('testerId', 'Tester: no active user of this facility is signed in as you');
  const testId = await insertGasTest(trx, {
    facilityId,
    permitId: state.permit.id,
    testedAt,
    location: input.location,
    instrumentId: instrument.ID,
    calibrationDue: instrument.calibrationDue,
    testerId: userId,
    testerName,
    recordedBy: userId,
    recordedAt: ctx.now,
    readings,
  });
  return { testId, outOfLimits: readings.map(gasReadingProblem).filter((p): p is string => p !== null) };
}

/**
 * The one use case of both commands: the policy has refused what the rules refuse on the locked
 * permit; record (or void) the test, audit `gas-test.<verb>`, raise the event (an out-of-limit
 * reading notifies the issuer), answer the section as it now is.
 */
async function applyGasTestCommand(command: GasTestCommand, run: Run): Promise<GasTestsView> {
  const { trx, ctx, state } = run;
  const { facilityId, userId } = ctx.actor;
  let testId: number;
  let outOfLimits: string[] = [];
  if (command === 'record') ({ testId, outOfLimits } = await record(run));
  else {
    const input = run.input as GasTestVoid;
    testId = input.testId;
    await voidGasTest(trx, testId, { at: ctx.now, by: userId, reason: input.reason });
  }
  const tests = await listGasTests(trx, facilityId, state.permit.id);
  const test = tests.find((t) => t.ID === testId)!;
  run.audit({
    action: `gas-test.${command}`,
    entityType: 'permit_gas_test',
    entityId: testId,
    before: command === 'void' ? { ...state.tests.find((t) => t.ID === testId), permitId: state.permit.id } : null,
    after: { ...test, permitId: state.permit.id },
  });
  const payload: GasTestEventPayload = {
    permitId: state.permit.id,
    number: state.permit.number,
    title: state.permit.title,
    typeCode: state.permit.typeCode,
    issuerId: state.permit.issuerId,
    actorId: userId,
    testId,
    outOfLimits,
  };
  run.event({ name: `gas-test.${command}`, entityType: 'permit_gas_test', entityId: testId, payload: { ...payload } });
  return gasTestsView(trx, facilityId, { ...state, tests, version: state.version + 1 }, userId, ctx.now);
}

/** One command per verb (`gas-test.record`, `gas-test.void`), both on the permit as target. */
export const gasTestCommandDefinitions = Object.fromEntries(
  gasTestCommands.map((command) => [
    command,
    defineCommand<unknown, GasTestsState, GasTestsView>({
      name: `gas-test.${command}`,
      target: gasTestsTarget,
      policy: gasTestsPolicy[command],
      apply: (run) => applyGasTestCommand(command, run),
    }),
  ]),
) as Record<GasTestCommand, CommandDefinition<unknown, GasTestsState, GasTestsView>>;
