import {
  gasInstrumentProblem,
  gasReadingsOf,
  gasTestCommandProblem,
  gasTestRecordSchema,
  gasTestedAtProblem,
  gasTestsRefusalFields,
  gasTestsSectionRefusalSaid,
  gasTestStanding,
  gasTestVoidSchema,
  type GasTest,
  type GasTestsView,
  type OfflinePermit,
} from '@hasp/contracts';
import { localAlias, refuse, type LocalActor, type LocalOutcome, type OfflineApplier } from '../../lib/offline-apply';

/**
 * A gas test recorded offline (decision 0064) on the device's copy of the permit, by the rules the
 * server records with (contracts `gasTestCommandProblem`, `gasReadingsOf`, `gasInstrumentProblem`,
 * `gasTestedAtProblem`, `gasTestStanding`) against the parameters and instruments downloaded with the permit. The test
 * keeps the device's time (`testedAt`, sent in the input, so the server records when it was taken,
 * not when it synced); the server checks the readings again at sync against its limits then.
 */

export type GasOutcome =
  Extract<LocalOutcome, { ok: false }> | (Extract<LocalOutcome, { ok: true }> & { input: Record<string, unknown> });

export function recordGasTestOffline(
  data: OfflinePermit,
  body: unknown,
  actor: LocalActor,
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
  const future = gasTestedAtProblem(testedAt, now);
  if (future) return refuse(422, future);
  // The tester is the signed-in person, as the server records it (naming another is refused there too).
  if ((input.testerId != null && input.testerId !== actor.userId) || input.testerName != null)
    return refuse(
      422,
      'Tester: the person who records a gas test is its tester; the one who took the readings records them, signed in as themselves.',
    );
  const checked = gasReadingsOf(
    view.parameters.filter((p) => p.isActive),
    input.readings,
  );
  if (!checked.ok) return refuse(422, checked.message);
  const instrument = view.instruments.find((i) => i.ID === input.instrumentId && i.isActive);
  if (!instrument) return refuse(422, 'Instrument: no active gas instrument of this facility has that ID');
  const calibration = gasInstrumentProblem(instrument, testedAt);
  if (calibration) return refuse(422, calibration);

  const tester = { ID: actor.userId, name: actor.displayName };
  const localId = `local:${localUuid}`;
  const test: StoredGasTest = {
    ID: localAlias(localUuid),
    localId,
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
    // Not received yet: after every test the server has, whatever this device's clock says (the
    // server stamps its own receipt time at sync).
    recordedAt: new Date(Math.max(now.getTime(), ...view.tests.map((t) => Date.parse(t.recordedAt) + 1))).toISOString(),
    readings: checked.readings,
    inLimits: checked.readings.every((r) => r.inLimits),
    voided: null,
  };
  // Newest first, as the server lists them.
  const tests = [test, ...view.tests].sort((a, b) => Date.parse(b.testedAt) - Date.parse(a.testedAt));
  const next: GasTestsView = { ...withTests(view, tests, data, now), canVoid: mayVoid(data, actor) };
  return {
    ok: true,
    data: { ...data, sections: { ...data.sections, 'gas-tests': next } },
    answer: next,
    appliedHere: true,
    // The device's time goes with the test: the server records when it was taken.
    // The local id lets a void queued later name this test (the server maps it at sync).
    input: { ...(body as Record<string, unknown>), testedAt: testedAt.toISOString(), localId },
  };
}

/** A test as the stored section keeps it: one recorded on this device also keeps its local id. */
export type StoredGasTest = GasTest & { localId?: string };

const factsOf = (data: OfflinePermit) => ({
  typeCode: data.permit.permitType.code,
  sections: data.permit.permitType.sections,
  status: data.permit.status,
});

/** The section's void buttons, as the server offers them (a test's own rule is checked when it is voided). */
const mayVoid = (data: OfflinePermit, actor: LocalActor) =>
  gasTestCommandProblem(factsOf(data), actor.permissions, actor.userId, 'void') === null;

/**
 * A test voided offline (entered in error, decision 0067): the reason is all the server asks (no
 * signature), so the rules decide on the device as on the server (`gasTestCommandProblem`: the test
 * exists and is not voided, the recorder or an issuer). A test recorded on this device is named by
 * its local id. The issue refusal is recomputed on the tests left.
 */
export function voidGasTestOffline(data: OfflinePermit, body: unknown, actor: LocalActor, now: Date): GasOutcome {
  const view = data.sections['gas-tests'] as GasTestsView | undefined;
  if (!view) return refuse(409, 'The gas tests are not stored on this device: void the test when you are back online.');
  const input = (body ?? {}) as { testId?: unknown; reason?: unknown };
  // The page's id of a test recorded here is negative: the reason is checked by the route's schema.
  const parsed = gasTestVoidSchema.safeParse({ testId: 1, reason: input.reason });
  if (!parsed.success) return refuse(422, parsed.error.issues[0]?.message ?? 'The reason is not valid.');
  const test = (view.tests as StoredGasTest[]).find((t) => t.ID === input.testId);
  const problem = gasTestCommandProblem(factsOf(data), actor.permissions, actor.userId, 'void', test ?? null);
  if (problem) return refuse(problem.status, problem.message);
  const voided = { at: now.toISOString(), by: actor.displayName, reason: parsed.data.reason };
  const tests = view.tests.map((t) => (t === test ? { ...t, voided } : t));
  const next = withTests(view, tests, data, now);
  return {
    ok: true,
    data: { ...data, sections: { ...data.sections, 'gas-tests': next } },
    answer: next,
    appliedHere: true,
    input: { testId: test!.localId ?? test!.ID, reason: parsed.data.reason },
  };
}

/** The section with these tests and its refusal (what issuing or revalidating waits for), by the server's rule. */
function withTests(view: GasTestsView, tests: GasTestsView['tests'], data: OfflinePermit, now: Date): GasTestsView {
  return {
    ...view,
    tests,
    ...gasTestsRefusalFields(
      gasTestsSectionRefusalSaid({
        permit: { sections: data.permit.permitType.sections, status: data.permit.status },
        standing: gasTestStanding(tests),
        retestMinutes: view.retestMinutes,
        now,
      }),
    ),
  };
}

/** A gas test recorded or voided offline (the readings keep the device's time). */
export const gasTestOfflineApplier: OfflineApplier = {
  domain: 'gas-test',
  apply: (data, call, device) =>
    call.verb === 'void'
      ? voidGasTestOffline(data, call.body, device.actor, device.now)
      : recordGasTestOffline(data, call.body, device.actor, device.now, device.newId()),
};
