import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GasConfig, GasTestsView, Permit, PermitCommand, PermitStatus } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';
import { grantAsLoto, permitGroupIdOf } from './support/permit-type-fixtures';
import { signedBody } from './support/signing';

/**
 * Gas tests over the real server and PostgreSQL: the facility's parameters and instruments, tests
 * recorded on a permit through the command runner, and the guards on issue, accept and revalidate
 * (limits low and high, a failing reading standing until a passing re-test measured and recorded
 * after it, staleness on the server's clock, no test), the active permit suspended by a failing
 * reading, the measured time's clock allowance, the tester being the caller with gas:test, the
 * calibration date, the issuer told of an out-of-limit reading, facility scoping, bad input named,
 * a replayed send applied once.
 * Permits are of a type made here with only the gas tests section, so no other section's guard applies.
 * The demo seed gives North Plant O2 19.5–23.5 %, LEL ≤ 10 %, H2S ≤ 10 ppm, CO ≤ 35 ppm.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let typeId: number;
let config: GasConfig;
let instrumentId: number;
let title = 0;

type Response = Awaited<ReturnType<typeof t.app.inject>>;
const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const ok = <T>(response: Response): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const refused = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ message: string; details?: { field: string; message: string }[] }>();
};
const param = (code: string) => config.parameters.find((p) => p.code === code)!.ID;
/** When a reading was measured, as a refusal names it: "2026-12-05 14:02 UTC". */
const measured = (testedAt: string) => `${testedAt.slice(0, 16).replace('T', ' ')} UTC`;
const clearIt = (verb: string) =>
  `A passing re-test measured and recorded after it must clear it before the permit is ${verb}.`;
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Readings of the four demo parameters; override by code. */
const readings = (values: Partial<Record<'O2' | 'LEL' | 'H2S' | 'CO', number>> = {}) =>
  Object.entries({ O2: 20.9, LEL: 0, H2S: 0, CO: 1, ...values }).map(([code, value]) => ({
    parameterId: param(code),
    value,
  }));
const record = (as: string, permitId: number, body: object = {}, headers: object = {}) =>
  call(
    as,
    'POST',
    `/api/permits/${permitId}/gas-tests/commands/record`,
    { readings: readings(), instrumentId, location: 'Tank T-3 manway', ...body },
    headers,
  );
const gasView = (as: string, permitId: number) => call(as, 'GET', `/api/permits/${permitId}/gas-tests`);
// Approving is an electronic signature: the approver's password signs the stage.
const permitCommand = (as: string, permitId: number, verb: PermitCommand, body: object = {}) =>
  call(as, 'POST', `/api/permits/${permitId}/commands/${verb}`, signedBody(verb, body));

const toIsolated: [string, PermitCommand][] = [
  ['worker', 'request'],
  ['supervisor', 'approve'],
  ['supervisor', 'isolate'],
];

/** A gas permit by the worker, held by the contractor, walked to `status` through its commands. */
async function permitIn(status: PermitStatus): Promise<Permit> {
  // Begun five minutes ago: its holder may accept it at once (accept waits for the start).
  const start = new Date(Date.now() - 5 * 60_000);
  const created = await call('worker', 'POST', '/api/permits', {
    permitTypeId: typeId,
    title: `Tank T-3 entry ${++title}`,
    description: '',
    workMethod: '',
    areaId: null,
    assetIds: [],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
    holderId: ids.contractor,
    // Medium: one approval stage (high adds a safety officer; signatures.test.ts walks that).
    riskLevel: 'medium',
  });
  let permit = ok<Permit>(created);
  const path = status === 'draft' ? [] : status === 'approved' ? toIsolated.slice(0, 2) : toIsolated;
  for (const [as, verb] of path) permit = ok<Permit>(await permitCommand(as, permit.ID, verb));
  expect(permit.status).toBe(status);
  return permit;
}

async function signInAll() {
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
}

/** The titles of the gas notifications each user holds for a permit, waited for (delivery is after commit). */
async function gasNotices(permit: Permit, expected: string[]) {
  const read = () =>
    db()
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['users.user_name', 'notifications.body'])
      .where('notifications.title', '=', `${permit.number} ${permit.title}: gas test out of limits`)
      .orderBy('users.user_name')
      .execute();
  const deadline = Date.now() + 15_000;
  while ((await read()).length < expected.length && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const rows = await read();
  expect(rows.map((r) => r.user_name)).toEqual(expected);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  await signInAll();
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) ids[row.user_name] = row.id;
  const lotoGroupId = await permitGroupIdOf(db(), 'LOTO');
  ok(
    await call('admin', 'POST', '/api/permit-types', {
      code: 'GASX',
      name: 'Gas Tested Entry',
      icon: 'flame',
      color: '#e8590c',
      prefix: 'GASX-',
      sections: ['gas-tests'],
      maxValidityHours: 24,
      offlineEnabled: false,
      gasRetestMinutes: 60,
      groupId: lotoGroupId,
    }),
  );
  // The demo groups hold for GASX what they hold for LOTO.
  typeId = await grantAsLoto(db(), 'GASX');
  await signInAll();
  config = ok<GasConfig>(await call('admin', 'GET', '/api/gas-tests/config'));
  instrumentId = config.instruments[0]!.ID;
});
afterAll(async () => t?.close());

describe('the facility configuration', () => {
  it("holds the demo's parameters and limits, and the type's re-test interval", async () => {
    expect(config.parameters.map((p) => [p.code, p.unit, p.lowLimit, p.highLimit])).toEqual([
      ['O2', '%', 19.5, 23.5],
      ['LEL', '%', null, 10],
      ['H2S', 'ppm', null, 10],
      ['CO', 'ppm', null, 35],
    ]);
    expect(config.instruments).toHaveLength(1);
    const types = ok<{ groups: { types: { code: string; gasRetestMinutes: number }[] }[] }>(
      await call('admin', 'GET', '/api/permit-types'),
    ).groups.flatMap((g) => g.types);
    expect(types.find((x) => x.code === 'GASX')!.gasRetestMinutes).toBe(60);
    expect(types.find((x) => x.code === 'HOT')!.gasRetestMinutes).toBe(120);
  });

  it('adds and edits parameters and instruments as audited commands; names bad input; only administrators', async () => {
    const added = ok<GasConfig>(
      await call('admin', 'POST', '/api/gas-tests/parameters', {
        code: 'NH3',
        name: 'Ammonia',
        unit: 'ppm',
        lowLimit: null,
        highLimit: 25,
      }),
    );
    const nh3 = added.parameters.find((p) => p.code === 'NH3')!;
    expect(nh3).toMatchObject({ highLimit: 25, isActive: true });
    // Deactivated again so the permit tests below read the four demo parameters.
    ok(
      await call('admin', 'PUT', `/api/gas-tests/parameters/${nh3.ID}`, {
        code: 'NH3',
        name: 'Ammonia',
        unit: 'ppm',
        lowLimit: null,
        highLimit: 25,
        isActive: false,
      }),
    );
    const audits = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'gas_parameter')
      .where('entity_id', '=', String(nh3.ID))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['gas-parameter.create', 'gas-parameter.edit']);

    const clash = refused(
      await call('admin', 'POST', '/api/gas-tests/parameters', {
        code: 'h2s',
        name: 'Again',
        unit: 'ppm',
        lowLimit: null,
        highLimit: 5,
      }),
      409,
    );
    expect(clash.message).toBe('Code: the facility already measures h2s');
    const inverted = refused(
      await call('admin', 'POST', '/api/gas-tests/parameters', {
        code: 'X',
        name: 'X',
        unit: '%',
        lowLimit: 30,
        highLimit: 20,
      }),
      400,
    );
    expect(inverted.details).toContainEqual({
      field: 'lowLimit',
      message: 'Limits: the low limit must be below the high limit',
    });
    const noDate = refused(
      await call('admin', 'POST', '/api/gas-tests/instruments', { name: 'X', serial: 'S', calibrationDue: 'soon' }),
      400,
    );
    expect(noDate.details?.[0]?.field).toBe('calibrationDue');
    refused(await call('worker', 'GET', '/api/gas-tests/config'), 403);
    refused(
      await call('worker', 'POST', '/api/gas-tests/instruments', {
        name: 'X',
        serial: 'S',
        calibrationDue: '2030-01-01',
      }),
      403,
    );
  });

  it("keeps each facility's configuration its own", async () => {
    const riverside = ok<GasConfig>(await call('adminRiverside', 'GET', '/api/gas-tests/config'));
    expect(riverside.instruments.map((i) => i.serial)).toEqual(['AX4-2077']);
    const north = config.parameters[0]!;
    refused(
      await call('adminRiverside', 'PUT', `/api/gas-tests/parameters/${north.ID}`, {
        code: 'O2',
        name: 'Oxygen',
        unit: '%',
        lowLimit: 1,
        highLimit: 99,
      }),
      404,
    );
  });
});

describe('issue and revalidate', () => {
  it('refuses to issue with no gas test', async () => {
    const permit = await permitIn('isolated');
    const view = ok<GasTestsView>(await gasView('supervisor', permit.ID));
    expect(view.refusal).toBe('Gas test: record a gas test before the permit is issued.');
    expect(view.canRecord).toBe(true);
    const refusal = refused(await permitCommand('admin', permit.ID, 'issue'), 409);
    expect(refusal.message).toBe('Gas test: record a gas test before the permit is issued.');
    // The buttons come from the same guards.
    expect(ok<Permit>(await call('admin', 'GET', `/api/permits/${permit.ID}`)).allowedCommands).not.toContain('issue');
  });

  it('refuses a reading above a high limit and below a low limit, naming parameter, value and limit', async () => {
    const permit = await permitIn('isolated');
    const high = ok<GasTestsView>(await record('supervisor', permit.ID, { readings: readings({ H2S: 12 }) }));
    const first = high.tests[0]!;
    expect(first.inLimits).toBe(false);
    expect(first.readings.find((r) => r.code === 'H2S')).toMatchObject({ value: 12, inLimits: false });
    expect(refused(await permitCommand('admin', permit.ID, 'issue'), 409).message).toBe(
      `Gas test: H2S 12 ppm is above the limit of 10 ppm (measured ${measured(first.testedAt)}). ${clearIt('issued')}`,
    );
    const second = ok<GasTestsView>(
      await record('supervisor', permit.ID, { readings: readings({ O2: 18.2, LEL: 12 }) }),
    ).tests[0]!;
    // Both still stand: a failing test is cleared only by a pass, never by another failure.
    expect(refused(await permitCommand('admin', permit.ID, 'issue'), 409).message).toBe(
      `Gas test: H2S 12 ppm is above the limit of 10 ppm (measured ${measured(first.testedAt)}); ` +
        `O2 18.2 % is below the limit of 19.5 %; LEL 12 % is above the limit of 10 % (measured ${measured(second.testedAt)}). ` +
        'A passing re-test measured and recorded after them must clear them before the permit is issued.',
    );
    // At the limits is within them.
    ok(await record('supervisor', permit.ID, { readings: readings({ O2: 19.5, LEL: 10, H2S: 10, CO: 35 }) }));
    expect(ok<Permit>(await permitCommand('admin', permit.ID, 'issue')).status).toBe('issued');
  });

  it('refuses a test older than the re-test interval, measured on the server clock', async () => {
    const permit = await permitIn('isolated');
    const old = new Date(Date.now() - 75 * 60_000).toISOString();
    ok(await record('supervisor', permit.ID, { testedAt: old }));
    expect(refused(await permitCommand('admin', permit.ID, 'issue'), 409).message).toMatch(
      /^Gas test: the latest test is 1 h 1[56] min old; this permit type needs a test within 60 minutes\. Test again\.$/,
    );
    // A newer pass counts for freshness.
    ok(await record('supervisor', permit.ID));
    // A failing reading recorded later but measured earlier (an offline test synced late) still
    // blocks: the pass before it was not recorded after it.
    ok(await record('supervisor', permit.ID, { testedAt: old, readings: readings({ CO: 99 }) }));
    expect(refused(await permitCommand('admin', permit.ID, 'issue'), 409).message).toBe(
      `Gas test: CO 99 ppm is above the limit of 35 ppm (measured ${measured(old)}). ${clearIt('issued')}`,
    );
    ok(await record('supervisor', permit.ID));
    expect(ok<Permit>(await permitCommand('admin', permit.ID, 'issue')).status).toBe('issued');
  });

  it('refuses revalidation of a suspended permit until a fresh test is in limits', async () => {
    const permit = await permitIn('isolated');
    ok(await record('supervisor', permit.ID));
    ok(await permitCommand('admin', permit.ID, 'issue'));
    ok(await permitCommand('contractor', permit.ID, 'accept'));
    ok(await permitCommand('admin', permit.ID, 'suspend', { reason: 'Gas alarm in the area; crew withdrawn' }));
    const bad = ok<GasTestsView>(await record('supervisor', permit.ID, { readings: readings({ CO: 40 }) })).tests[0]!;
    const words = `Gas test: CO 40 ppm is above the limit of 35 ppm (measured ${measured(bad.testedAt)}). ${clearIt('revalidated')}`;
    expect(refused(await permitCommand('admin', permit.ID, 'revalidate'), 409).message).toBe(words);
    expect(ok<GasTestsView>(await gasView('worker', permit.ID)).refusal).toBe(words);
    ok(await record('supervisor', permit.ID));
    expect(ok<Permit>(await permitCommand('admin', permit.ID, 'revalidate')).status).toBe('active');
  });

  it('voids a test entered in error (never deleted): the one before it decides again', async () => {
    const permit = await permitIn('isolated');
    const first = ok<GasTestsView>(await record('supervisor', permit.ID)).tests[0]!;
    refused(
      await call('supervisor', 'POST', `/api/permits/${permit.ID}/gas-tests/commands/void`, {
        testId: first.ID,
        reason: ' ',
      }),
      400,
    );
    refused(
      await call('worker', 'POST', `/api/permits/${permit.ID}/gas-tests/commands/void`, {
        testId: first.ID,
        reason: 'Wrong permit',
      }),
      403,
    );
    const voided = ok<GasTestsView>(
      await call('supervisor', 'POST', `/api/permits/${permit.ID}/gas-tests/commands/void`, {
        testId: first.ID,
        reason: 'Entered on the wrong permit',
      }),
    );
    expect(voided.tests[0]!.voided).toMatchObject({ by: 'Sam Supervisor', reason: 'Entered on the wrong permit' });
    expect(voided.refusal).toBe('Gas test: record a gas test before the permit is issued.');
    refused(
      await call('supervisor', 'POST', `/api/permits/${permit.ID}/gas-tests/commands/void`, {
        testId: first.ID,
        reason: 'Again',
      }),
      409,
    );
    await expect(db().deleteFrom('permit_gas_tests').where('id', '=', first.ID).execute()).rejects.toThrow(
      /never deleted/,
    );
  });
});

describe('recording a test', () => {
  it('records the caller as tester, the measured and the received time, place and instrument; audits; a replayed send records once', async () => {
    const permit = await permitIn('approved');
    const headers = { 'idempotency-key': `gas-${permit.ID}` };
    const before = Date.now();
    const first = await record('worker', permit.ID, {}, headers);
    const view = ok<GasTestsView>(first);
    const again = await record('worker', permit.ID, {}, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(ok<GasTestsView>(await gasView('worker', permit.ID)).tests).toHaveLength(1);
    expect(view.tests[0]).toMatchObject({
      location: 'Tank T-3 manway',
      tester: { ID: ids.worker, name: 'Wren Worker' },
      recordedBy: { ID: ids.worker, name: 'Wren Worker' },
      instrument: { ID: instrumentId, serial: 'AX4-1042' },
      inLimits: true,
    });
    // The server's receipt time is kept beside the measured time (here both are the server's now).
    const recordedAt = Date.parse(view.tests[0]!.recordedAt);
    expect(recordedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(recordedAt).toBeLessThanOrEqual(Date.now() + 1000);
    const measuredEarlier = minutesFromNow(-20);
    const taken = ok<GasTestsView>(await record('worker', permit.ID, { testedAt: measuredEarlier }));
    const earlier = taken.tests.find((x) => x.testedAt === measuredEarlier)!;
    expect(Date.parse(earlier.recordedAt)).toBeGreaterThan(Date.parse(earlier.testedAt) + 19 * 60_000);
    const audits = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('action', '=', 'gas-test.record')
      .where('entity_id', 'in', [String(view.tests[0]!.ID), String(earlier.ID)])
      .execute();
    expect(audits).toEqual([
      { action: 'gas-test.record', user_id: ids.worker },
      { action: 'gas-test.record', user_id: ids.worker },
    ]);
    // A stale If-Match is refused.
    refused(await record('worker', permit.ID, {}, { 'if-match': `"${view.version}"` }), 409);
  });

  it('the tester is the signed-in person: naming anyone else, a user or a name, is refused', async () => {
    const permit = await permitIn('approved');
    const tester =
      'Tester: the person who records a gas test is its tester; the one who took the readings records them, signed in as themselves.';
    expect(refused(await record('worker', permit.ID, { testerId: ids.supervisor }), 400).details).toEqual([
      { field: 'testerId', message: tester },
    ]);
    expect(refused(await record('worker', permit.ID, { testerName: 'Pat Gas-Tester (Acme)' }), 400).details).toEqual([
      { field: 'testerName', message: tester },
    ]);
    // Naming oneself is what omitting it says.
    const mine = ok<GasTestsView>(await record('worker', permit.ID, { testerId: ids.worker }));
    expect(mine.tests.map((x) => x.tester)).toEqual([{ ID: ids.worker, name: 'Wren Worker' }]);
  });

  it('recording needs gas:test besides seeing the permit: a contractor without it is refused (403)', async () => {
    const permit = await permitIn('isolated');
    // The contractor holds the permit and sees its tests, but does not test gas.
    expect(ok<GasTestsView>(await gasView('contractor', permit.ID)).canRecord).toBe(false);
    expect(refused(await record('contractor', permit.ID), 403).message).toBe(
      'You need the permission gas:test (Test gas) to record a gas test: the tester is the person who records it.',
    );
    expect(ok<GasTestsView>(await gasView('supervisor', permit.ID)).tests).toHaveLength(0);
  });

  it('refuses an instrument past its calibration date, naming it', async () => {
    const permit = await permitIn('isolated');
    const yesterday = new Date(Date.now() - 36 * 3_600_000).toISOString().slice(0, 10);
    const withOld = ok<GasConfig>(
      await call('admin', 'POST', '/api/gas-tests/instruments', {
        name: 'BW GasAlert Quad',
        serial: 'QD-7781',
        calibrationDue: yesterday,
      }),
    );
    const old = withOld.instruments.find((i) => i.serial === 'QD-7781')!;
    const refusal = refused(await record('supervisor', permit.ID, { instrumentId: old.ID }), 400);
    expect(refusal.details).toEqual([
      {
        field: 'instrumentId',
        message: `Instrument: BW GasAlert Quad (serial QD-7781) was due for calibration on ${yesterday}. Use a calibrated instrument.`,
      },
    ]);
    expect(ok<GasTestsView>(await gasView('supervisor', permit.ID)).tests).toHaveLength(0);
  });

  it('names bad input: a missing reading, an unknown parameter, a time in the future, a tester of no account', async () => {
    const permit = await permitIn('isolated');
    const [o2, lel, h2s] = readings();
    const missing = refused(await record('supervisor', permit.ID, { readings: [o2, lel, h2s] }), 400);
    expect(missing.details).toEqual([{ field: 'readings', message: 'Readings: no reading for CO (Carbon monoxide)' }]);
    const unknown = refused(
      await record('supervisor', permit.ID, { readings: [...readings(), { parameterId: 999999, value: 1 }] }),
      400,
    );
    expect(unknown.details?.[0]?.field).toBe('readings.4.parameterId');
    const future = refused(
      await record('supervisor', permit.ID, { testedAt: new Date(Date.now() + 3 * 3_600_000).toISOString() }),
      400,
    );
    expect(future.details?.[0]).toMatchObject({ field: 'testedAt' });
    expect(future.details?.[0]?.message).toMatch(
      /^Tested at: .* UTC is in the future; a device clock may run at most 5 minutes ahead of the server's\. /,
    );
    const text = refused(
      await record('supervisor', permit.ID, { readings: [{ parameterId: param('O2'), value: 'a' }] }),
      400,
    );
    expect(text.details?.[0]?.field).toMatch(/^readings\.0\.value/);
    const tester = refused(await record('supervisor', permit.ID, { testerId: 2_000_000_000 }), 400);
    expect(tester.details?.[0]?.field).toBe('testerId');
    const draft = await permitIn('draft');
    expect(refused(await record('worker', draft.ID), 409).message).toBe(
      'Gas tests are recorded from approval until the work is complete; this permit is Draft.',
    );
  });

  it('keeps other facilities out: their permits are not found, their instruments unknown', async () => {
    const permit = await permitIn('isolated');
    refused(await gasView('adminRiverside', permit.ID), 404);
    refused(await record('adminRiverside', permit.ID), 404);
    const riverside = ok<GasConfig>(await call('adminRiverside', 'GET', '/api/gas-tests/config'));
    const theirs = refused(await record('supervisor', permit.ID, { instrumentId: riverside.instruments[0]!.ID }), 400);
    expect(theirs.details?.[0]?.field).toBe('instrumentId');
    refused(await gasView('worker', 999_999), 404);
  });
});

describe('notifying the issuer', () => {
  it('tells whoever may issue the type before issue, and the issuer after, never the tester', async () => {
    const permit = await permitIn('isolated');
    ok(await record('supervisor', permit.ID, { readings: readings({ H2S: 14 }) }));
    const before = await gasNotices(permit, ['admin']);
    expect(before[0]!.body).toBe(
      'Gas test out of limits: H2S 14 ppm is above the limit of 10 ppm. Recorded by Sam Supervisor.',
    );
    // A passing test tells nobody.
    ok(await record('supervisor', permit.ID));
    ok(await permitCommand('admin', permit.ID, 'issue'));
    ok(await record('worker', permit.ID, { readings: readings({ O2: 17 }) }));
    // Now only the issuer (admin) hears it: the supervisor, who may issue too, is not told.
    const after = await gasNotices(permit, ['admin', 'admin']);
    expect(after.map((r) => r.body)).toContain(
      'Gas test out of limits: O2 17 % is below the limit of 19.5 %. Recorded by Wren Worker.',
    );
  });
});

describe('a failing reading cannot be hidden', () => {
  it('a pass dated 4 minutes ahead, then a failing reading measured now: issue is refused, naming the failing reading', async () => {
    const permit = await permitIn('isolated');
    // Within the device clock allowance: accepted as measured then.
    ok(await record('worker', permit.ID, { testedAt: minutesFromNow(4) }));
    const failing = ok<GasTestsView>(await record('supervisor', permit.ID, { readings: readings({ O2: 12 }) }));
    const bad = failing.tests.find((x) => !x.inLimits)!;
    const words = `Gas test: O2 12 % is below the limit of 19.5 % (measured ${measured(bad.testedAt)}). ${clearIt('issued')}`;
    // The newest by measured time is the pass; it was received before the failure, so it clears nothing.
    expect(failing.tests[0]!.inLimits).toBe(true);
    expect(failing.refusal).toBe(words);
    expect(refused(await permitCommand('admin', permit.ID, 'issue'), 409).message).toBe(words);
    expect(ok<Permit>(await call('admin', 'GET', `/api/permits/${permit.ID}`)).allowedCommands).not.toContain('issue');
  });

  it('a pass recorded after a failure but measured before it (back-dated) does not clear it', async () => {
    const permit = await permitIn('isolated');
    const bad = ok<GasTestsView>(await record('supervisor', permit.ID, { readings: readings({ H2S: 15 }) })).tests[0]!;
    ok(await record('worker', permit.ID, { testedAt: new Date(Date.parse(bad.testedAt) - 60_000).toISOString() }));
    expect(refused(await permitCommand('admin', permit.ID, 'issue'), 409).message).toBe(
      `Gas test: H2S 15 ppm is above the limit of 10 ppm (measured ${measured(bad.testedAt)}). ${clearIt('issued')}`,
    );
  });

  it('a pass measured after the failure and recorded after it clears it: issue is allowed', async () => {
    const permit = await permitIn('isolated');
    const bad = ok<GasTestsView>(await record('supervisor', permit.ID, { readings: readings({ LEL: 14 }) })).tests[0]!;
    const cleared = ok<GasTestsView>(
      await record('worker', permit.ID, { testedAt: new Date(Date.parse(bad.testedAt) + 1000).toISOString() }),
    );
    expect(cleared.refusal).toBeNull();
    expect(ok<Permit>(await permitCommand('admin', permit.ID, 'issue')).status).toBe('issued');
  });

  it('refuses a measured time beyond the 5-minute device clock allowance, naming it; nothing is recorded', async () => {
    const permit = await permitIn('isolated');
    const ahead = minutesFromNow(6);
    const refusal = refused(await record('worker', permit.ID, { testedAt: ahead }), 400);
    expect(refusal.details).toEqual([
      {
        field: 'testedAt',
        message: `Tested at: ${measured(ahead)} is in the future; a device clock may run at most 5 minutes ahead of the server's. Check the time (and the device's clock).`,
      },
    ]);
    expect(ok<GasTestsView>(await gasView('worker', permit.ID)).tests).toHaveLength(0);
  });

  it('a failing reading on an active permit suspends it (the system, with the reading as reason); accept and revalidate wait for a clearing pass', async () => {
    const permit = await permitIn('isolated');
    ok(await record('supervisor', permit.ID));
    ok(await permitCommand('admin', permit.ID, 'issue'));
    // Between issue and acceptance: a failing reading stops the holder accepting.
    const early = ok<GasTestsView>(await record('worker', permit.ID, { readings: readings({ CO: 50 }) })).tests[0]!;
    expect(refused(await permitCommand('contractor', permit.ID, 'accept'), 409).message).toBe(
      `Gas test: CO 50 ppm is above the limit of 35 ppm (measured ${measured(early.testedAt)}). ${clearIt('accepted')}`,
    );
    ok(await record('worker', permit.ID));
    expect(ok<Permit>(await permitCommand('contractor', permit.ID, 'accept')).status).toBe('active');

    const bad = ok<GasTestsView>(await record('worker', permit.ID, { readings: readings({ O2: 12 }) })).tests[0]!;
    const status = async () =>
      (await db().selectFrom('permits').select('status').where('id', '=', permit.ID).executeTakeFirstOrThrow()).status;
    const deadline = Date.now() + 15_000;
    while ((await status()) !== 'suspended' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status()).toBe('suspended');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'reason'])
      .where('action', '=', 'permit.suspend')
      .where('entity_id', '=', String(permit.ID))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      user_id: null,
      reason: 'Gas test out of limits: O2 12 % is below the limit of 19.5 %. Work stopped until a passing re-test.',
    });
    expect(refused(await permitCommand('admin', permit.ID, 'revalidate'), 409).message).toBe(
      `Gas test: O2 12 % is below the limit of 19.5 % (measured ${measured(bad.testedAt)}). ${clearIt('revalidated')}`,
    );
    ok(await record('worker', permit.ID));
    expect(ok<Permit>(await permitCommand('admin', permit.ID, 'revalidate')).status).toBe('active');
  });
});

// Last: it moves the app's clock for the rest of the file.
describe('the server clock', () => {
  it('stays fresh for the interval on the moving server clock, then refuses', async () => {
    const permit = await permitIn('isolated');
    ok(await record('supervisor', permit.ID));
    t.advanceClock(61 * 60_000);
    // Tokens issued before the move have expired on the new clock.
    await signInAll();
    expect(refused(await permitCommand('admin', permit.ID, 'issue'), 409).message).toBe(
      'Gas test: the latest test is 1 h 1 min old; this permit type needs a test within 60 minutes. Test again.',
    );
    ok(await record('supervisor', permit.ID));
    expect(ok<Permit>(await permitCommand('admin', permit.ID, 'issue')).status).toBe('issued');
  });
});
