import {
  gasInstrumentProblem,
  gasReadingsOf,
  gasTestCommandProblem,
  gasTestRecordSchema,
  gasTestRefusal,
  type GasTest,
  type GasTestsView,
  type OfflinePermit,
} from '@hasp/contracts';
import { localAlias, refuse, type LocalActor, type LocalOutcome, type NameBook } from './local-apply';

/**
 * A gas test recorded offline (decision 0064) on the device's copy of the permit, by the rules the
 * server records with (contracts `gasTestCommandProblem`, `gasReadingsOf`, `gasInstrumentProblem`,
 * `gasTestRefusal`) against the parameters and instruments downloaded with the permit. The test
 * keeps the device's time (`testedAt`, sent in the input, so the server records when it was taken,
 * not when it synced); the server checks the readings again at sync against its limits then.
 */

export type GasOutcome =
  Extract<LocalOutcome, { ok: false }> | (Extract<LocalOutcome, { ok: true }> & { input: Record<string, unknown> });

/** A device clock may run a little ahead of the server's (the server's slack). */
const FUTURE_SLACK_MS = 5 * 60_000;

export function recordGasTestOffline(
  data: OfflinePermit,
  body: unknown,
  actor: LocalActor,
  names: NameBook,
  now: Date,
  localUuid: string,
): GasOutcome {
  const view = data.sections['gas-tests'] as GasTestsView | undefined;
  if (!view)
    return refuse(409, 'The gas tests are not stored on this device: record the test when you are back online.');
  const permit = data.permit;
  const problem = gasTestCommandProblem(
    { typeCode: permit.permitType.code, sections: permit.permitType.sections, status: permit.status },
    actor.permissions,
    actor.userId,
    'record',
  );
  if (problem) return refuse(problem.status === 404 ? 409 : problem.status, problem.message);
  const parsed = gasTestRecordSchema.safeParse(body);
  if (!parsed.success) return refuse(422, parsed.error.issues[0]?.message ?? 'The gas test is not valid.');
  const input = parsed.data;
  const testedAt = input.testedAt ? new Date(input.testedAt) : now;
  if (testedAt.getTime() > now.getTime() + FUTURE_SLACK_MS) return refuse(422, 'Tested at: cannot be in the future');
  const checked = gasReadingsOf(
    view.parameters.filter((p) => p.isActive),
    input.readings,
  );
  if (!checked.ok) return refuse(422, checked.message);
  const instrument = view.instruments.find((i) => i.ID === input.instrumentId && i.isActive);
  if (!instrument) return refuse(422, 'Instrument: no active gas instrument of this facility has that ID');
  const calibration = gasInstrumentProblem(instrument, testedAt);
  if (calibration) return refuse(422, calibration);

  const testerId = input.testerName ? null : (input.testerId ?? actor.userId);
  const tester = {
    ID: testerId,
    name:
      input.testerName ??
      (testerId === actor.userId ? actor.displayName : (names.person(testerId!) ?? `User ${testerId}`)),
  };
  const test: GasTest = {
    ID: localAlias(localUuid),
    testedAt: testedAt.toISOString(),
    location: input.location,
    instrument: {
      ID: instrument.ID,
      name: instrument.name,
      serial: instrument.serial,
      calibrationDue: instrument.calibrationDue,
    },
    tester,
    recordedBy: { ID: actor.userId, name: actor.displayName },
    readings: checked.readings,
    inLimits: checked.readings.every((r) => r.inLimits),
    voided: null,
  };
  // Newest first, as the server lists them.
  const tests = [test, ...view.tests].sort((a, b) => Date.parse(b.testedAt) - Date.parse(a.testedAt));
  const next: GasTestsView = {
    ...view,
    tests,
    refusal: gasTestRefusal({
      latest: tests.find((t) => !t.voided) ?? null,
      retestMinutes: view.retestMinutes,
      now,
      verb: permit.status === 'suspended' ? 'revalidated' : 'issued',
    }),
    // Voiding is not queued offline (it needs the network).
    canVoid: false,
  };
  return {
    ok: true,
    data: { ...data, sections: { ...data.sections, 'gas-tests': next } },
    answer: next,
    appliedHere: true,
    // The device's time goes with the test: the server records when it was taken.
    input: { ...(body as Record<string, unknown>), testedAt: testedAt.toISOString() },
  };
}
