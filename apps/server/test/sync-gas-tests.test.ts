import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GasConfig, GasTestsView, Permit, PermitCommand } from '@hasp/contracts';
import { deviceOf, type SyncDevice } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { permitGroupIdOf, permitTypeIdOf, withGrantRevoked } from './support/permit-type-fixtures';
import { signedBody } from './support/signing';

/**
 * Gas tests recorded offline (decision 0064) over the real server and PostgreSQL: the push records
 * the readings once with the device's time, checks them against the limits in force at sync, applies
 * a second device's test recorded meanwhile too (readings over time are append-only, decision 0067),
 * and rejects a test whose author lost the permit while offline, with the reason.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
let typeId: number;
let config: GasConfig;
let n = 0;

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const ok = <T>(response: Awaited<ReturnType<typeof call>>): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const param = (code: string) => config.parameters.find((p) => p.code === code)!;
const body = (values: Partial<Record<'O2' | 'LEL' | 'H2S' | 'CO', number>> = {}, testedAt?: Date) => ({
  readings: Object.entries({ O2: 20.9, LEL: 0, H2S: 0, CO: 1, ...values }).map(([code, value]) => ({
    parameterId: param(code).ID,
    value,
  })),
  instrumentId: config.instruments[0]!.ID,
  location: 'Tank T-3 manway',
  ...(testedAt ? { testedAt: testedAt.toISOString() } : {}),
});
const device = (username: string) => deviceOf(t.app, username, DEMO_PASSWORD);
const testsOf = (permitId: number) =>
  db().selectFrom('permit_gas_tests').selectAll().where('permit_id', '=', permitId).orderBy('id').execute();

async function signInAll() {
  for (const username of ['admin', 'supervisor', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
}

/** A permit of a type with only the gas tests section, approved (tests are recorded from approval on). */
async function approvedPermit(): Promise<{ permit: Permit; version: number }> {
  const start = Date.now();
  let permit = ok<Permit>(
    await call('worker', 'POST', '/api/permits', {
      permitTypeId: typeId,
      title: `Offline gas ${++n}`,
      description: '',
      workMethod: '',
      areaId: null,
      assetIds: [],
      plannedStart: new Date(start + 3_600_000).toISOString(),
      plannedEnd: new Date(start + 9 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: 'medium',
    }),
  );
  for (const [as, verb] of [
    ['worker', 'request'],
    ['supervisor', 'approve'],
  ] as [string, PermitCommand][])
    permit = ok<Permit>(await call(as, 'POST', `/api/permits/${permit.ID}/commands/${verb}`, signedBody(verb)));
  const view = ok<GasTestsView>(await call('worker', 'GET', `/api/permits/${permit.ID}/gas-tests`));
  return { permit, version: view.version };
}

beforeAll(async () => {
  t = await createTestApp();
  await signInAll();
  const lotoGroupId = await permitGroupIdOf(db(), 'LOTO');
  ok(
    await call('admin', 'POST', '/api/permit-types', {
      code: 'GASO',
      name: 'Gas Tested Offline',
      icon: 'flame',
      color: '#e8590c',
      prefix: 'GASO-',
      sections: ['gas-tests'],
      maxValidityHours: 24,
      offlineEnabled: true,
      gasRetestMinutes: 60,
      groupId: lotoGroupId,
    }),
  );
  typeId = await permitTypeIdOf(db(), 'GASO');
  // The demo groups hold for GASO what they hold for LOTO.
  const grants = await db()
    .selectFrom('group_permissions as gp')
    .innerJoin('groups as g', 'g.id', 'gp.group_id')
    .select(['gp.group_id', 'gp.permission'])
    .where('g.facility_id', '=', 1)
    .where('gp.permission', 'like', 'permit:%:LOTO')
    .execute();
  await db()
    .insertInto('group_permissions')
    .values(grants.map((g) => ({ group_id: g.group_id, permission: g.permission.replace(/:LOTO$/, ':GASO') })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await signInAll();
  config = ok<GasConfig>(await call('admin', 'GET', '/api/gas-tests/config'));
});
afterAll(async () => t?.close());

describe('gas tests recorded offline', () => {
  it('records the test once, taken at the device time; two tests queued one after another are a chain; replays change nothing', async () => {
    const { permit, version } = await approvedPermit();
    const d = await device('worker');
    const takenAt = new Date(Date.now() - 40 * 60_000);
    d.queue('gas-test.record', permit.ID, body({}, takenAt), version, takenAt);
    d.queue('gas-test.record', permit.ID, body({ O2: 20.5 }, new Date(takenAt.getTime() + 60_000)), version);
    const commands = [...d.outbox];
    const pushed = (await d.push())!;
    expect(pushed.results.map((r) => [r.outcome, r.error?.message])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
    ]);
    const rows = await testsOf(permit.ID);
    expect(rows.map((r) => r.tested_at)).toEqual([takenAt, new Date(takenAt.getTime() + 60_000)]);
    for (let i = 0; i < 3; i++)
      expect((await d.send(commands)).json<{ results: unknown }>().results).toEqual(pushed.results);
    expect(await testsOf(permit.ID)).toHaveLength(2);
  });

  it('the server checks the readings against its limits at sync, whatever the device showed', async () => {
    const { permit, version } = await approvedPermit();
    const d = await device('worker');
    // The device had H2S ≤ 10 ppm; the facility tightened it to 5 before the test synced.
    d.queue('gas-test.record', permit.ID, body({ H2S: 8 }), version);
    const h2s = param('H2S');
    ok(
      await call('admin', 'PUT', `/api/gas-tests/parameters/${h2s.ID}`, {
        code: h2s.code,
        name: h2s.name,
        unit: h2s.unit,
        lowLimit: null,
        highLimit: 5,
      }),
    );
    try {
      const [result] = (await d.push())!.results;
      expect(result).toMatchObject({ outcome: 'applied' });
      const view = result!.result as GasTestsView;
      expect(view.tests[0]).toMatchObject({ inLimits: false });
      const measured = `${view.tests[0]!.testedAt.slice(0, 16).replace('T', ' ')} UTC`;
      expect(view.refusal).toBe(
        `Gas test: H2S 8 ppm is above the limit of 5 ppm (measured ${measured}). ` +
          'A passing re-test measured and recorded after it must clear it before the permit is issued.',
      );
    } finally {
      ok(
        await call('admin', 'PUT', `/api/gas-tests/parameters/${h2s.ID}`, {
          code: h2s.code,
          name: h2s.name,
          unit: h2s.unit,
          lowLimit: null,
          highLimit: 10,
        }),
      );
    }
  });

  it('a pass measured offline before a failing reading the server received first does not clear it at sync; a later pass does', async () => {
    const { permit } = await approvedPermit();
    const d = await device('worker');
    const offlineAt = new Date(Date.now() - 10 * 60_000);
    const bad = ok<GasTestsView>(
      await call('supervisor', 'POST', `/api/permits/${permit.ID}/gas-tests/commands/record`, body({ O2: 12 })),
    ).tests[0]!;
    // Queued on the device before the failure was known (no version: both tests apply, decision 0067).
    d.queue('gas-test.record', permit.ID, body({}, offlineAt), null);
    const [result] = (await d.push())!.results;
    expect(result).toMatchObject({ outcome: 'applied' });
    const measured = `${bad.testedAt.slice(0, 16).replace('T', ' ')} UTC`;
    expect((result!.result as GasTestsView).refusal).toBe(
      `Gas test: O2 12 % is below the limit of 19.5 % (measured ${measured}). ` +
        'A passing re-test measured and recorded after it must clear it before the permit is issued.',
    );
    const cleared = ok<GasTestsView>(
      await call('worker', 'POST', `/api/permits/${permit.ID}/gas-tests/commands/record`, body()),
    );
    expect(cleared.refusal).toBeNull();
  });

  it("two devices' tests on one permit both apply (decision 0067), listed by when they were taken, not when they synced", async () => {
    const { permit, version } = await approvedPermit();
    const [first, second] = [await device('worker'), await device('supervisor')];
    const earlier = new Date(Date.now() - 30 * 60_000);
    const later = new Date(Date.now() - 10 * 60_000);
    // The later test reaches the server first; the earlier one, taken on the other device, after it.
    first.queue('gas-test.record', permit.ID, body({ O2: 20.7 }, later), version);
    second.queue('gas-test.record', permit.ID, body({ O2: 20.1 }, earlier), version);
    expect((await first.push())!.results[0]!.outcome).toBe('applied');
    const [result] = (await second.push())!.results;
    expect(result).toMatchObject({ outcome: 'applied' });
    const view = result!.result as GasTestsView;
    expect(view.tests.map((x) => x.testedAt)).toEqual([later.toISOString(), earlier.toISOString()]);
    expect(await testsOf(permit.ID)).toHaveLength(2);
  });

  it('a test recorded offline is voided offline by its local id in the same push (decision 0067)', async () => {
    const { permit, version } = await approvedPermit();
    const d = await device('worker');
    const localId = `local:${randomUUID()}`;
    d.queue('gas-test.record', permit.ID, { ...body(), localId }, version);
    d.queue('gas-test.void', permit.ID, { testId: localId, reason: 'Wrong manway' }, version);
    const pushed = (await d.push())!;
    expect(pushed.results.map((r) => [r.outcome, r.error?.message])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
    ]);
    const rows = await testsOf(permit.ID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ void_reason: 'Wrong manway', voided_by: expect.any(Number) });
    // A void naming a test the server never recorded: rejected, with why.
    d.queue('gas-test.void', permit.ID, { testId: `local:${randomUUID()}`, reason: 'Wrong manway' }, version);
    expect((await d.push())!.results[0]).toMatchObject({ outcome: 'rejected', error: { code: 'NOT_FOUND' } });
  });

  it('R30: the permit type taken from the user while offline: the test is rejected with the reason', async () => {
    const { permit, version } = await approvedPermit();
    const d: SyncDevice = await device('worker');
    d.queue('gas-test.record', permit.ID, body(), version);
    await withGrantRevoked(db(), { group: 'Authorized Workers', permission: 'permit:view:GASO' }, async () => {
      const [result] = (await d.push())!.results;
      expect(result).toMatchObject({ outcome: 'rejected', error: { code: 'FORBIDDEN' } });
      expect(result!.error!.message.length).toBeGreaterThan(0);
      expect(await testsOf(permit.ID)).toHaveLength(0);
    });
  });
});
