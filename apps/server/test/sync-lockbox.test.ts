import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockboxMessages, type LockboxView, type Permit, type PermitCommand } from '@hasp/contracts';
import { deviceOf } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { grantAsLoto, permitGroupIdOf } from './support/permit-type-fixtures';
import { signedBody } from './support/signing';

/**
 * Crew sign-on and sign-off queued offline (decision 0067) over the real server and PostgreSQL: a
 * sign-on carries a local id for the lock application it makes, a sign-off queued after it names
 * that id and the push maps it; replays change nothing; two crew members' sign-ons made offline on
 * two devices against the same downloaded lockbox both apply (they are decided by the lockbox's
 * rules, not its version); the rules still refuse at sync what they refuse (the last member signing
 * off while the work is under way), with the reason.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let typeId: number;
let serialNo = 0;

const call = (as: string, url: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload ? { payload } : {}),
  });
const ok = <T>(response: Awaited<ReturnType<typeof call>>): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const device = (username: string) => deviceOf(t.app, username, DEMO_PASSWORD);
const local = () => `local:${randomUUID()}`;

async function personalLock(owner: string) {
  const { id } = await db()
    .insertInto('locks')
    .values({
      facility_id: 1,
      serial: `SYC-${++serialNo}-${randomUUID().slice(0, 4)}`,
      kind: 'padlock',
      owner_id: ids[owner]!,
      status: 'issued',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An active crew permit with an open lockbox (primary: the supervisor), keys deposited: its lockbox version. */
async function activeWithLockbox(): Promise<{ permitId: number; version: number }> {
  let permit = ok<Permit>(
    await call('worker', '/api/permits', {
      permitTypeId: typeId,
      title: `Offline crew ${randomUUID()}`,
      description: '',
      workMethod: '',
      areaId: null,
      assetIds: [],
      // Begun five minutes ago: the contractor may accept it once issued (accept waits for the start).
      plannedStart: new Date(Date.now() - 5 * 60_000).toISOString(),
      plannedEnd: new Date(Date.now() + 7 * 3_600_000).toISOString(),
      holderId: ids.contractor!,
      riskLevel: 'medium',
    }),
  );
  const steps: [string, PermitCommand][] = [
    ['worker', 'request'],
    ['supervisor', 'approve'],
    ['supervisor', 'isolate'],
    ['admin', 'issue'],
    ['contractor', 'accept'],
  ];
  for (const [as, verb] of steps)
    permit = ok<Permit>(await call(as, `/api/permits/${permit.ID}/commands/${verb}`, signedBody(verb)));
  const box = `/api/permits/${permit.ID}/lockbox/commands`;
  ok(await call('supervisor', `${box}/open`, { primaryUserId: ids.supervisor!, lockId: null }));
  const view = ok<LockboxView>(await call('supervisor', `${box}/deposit-keys`, {}));
  return { permitId: permit.ID, version: view.lockbox!.version };
}

const applications = (permitId: number) =>
  db()
    .selectFrom('lock_applications')
    .select(['id', 'applied_by', 'removed_by', 'lockbox_id'])
    .where('permit_id', '=', permitId)
    .where('lockbox_id', 'is not', null)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker', 'contractor'])
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) ids[row.user_name] = row.id;
  const lotoGroupId = await permitGroupIdOf(db(), 'LOTO');
  ok(
    await call('admin', '/api/permit-types', {
      code: 'CRWO',
      name: 'Crew Lockout Offline',
      icon: 'lock',
      color: '#c92a2a',
      prefix: 'CRWO-',
      sections: ['crew-sign-on'],
      maxValidityHours: 24,
      offlineEnabled: true,
      groupId: lotoGroupId,
    }),
  );
  typeId = await grantAsLoto(db(), 'CRWO');
  for (const username of ['admin', 'supervisor', 'worker', 'contractor'])
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
});
afterAll(async () => t?.close());

describe('crew sign-on and sign-off queued offline', () => {
  it('signs on once and off by the local id in one push; the same push again changes nothing', async () => {
    const { permitId, version } = await activeWithLockbox();
    const [worker, contractor] = [await device('worker'), await device('contractor')];
    // Someone else stays signed on: the last member may not sign off while the work is under way.
    contractor.queue('lockbox.sign-on', permitId, { lockId: await personalLock('contractor') }, version);
    expect((await contractor.push())!.results[0]!.outcome).toBe('applied');

    const id = local();
    worker.queue('lockbox.sign-on', permitId, { lockId: await personalLock('worker'), localId: id }, version);
    worker.queue('lockbox.sign-off', permitId, { applicationId: id }, version);
    const commands = [...worker.outbox];
    const pushed = (await worker.push())!;
    expect(pushed.results.map((r) => [r.outcome, r.error?.message])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
    ]);
    const rows = (await applications(permitId)).filter((r) => r.applied_by === ids.worker);
    expect(rows).toEqual([expect.objectContaining({ applied_by: ids.worker, removed_by: ids.worker })]);
    expect((pushed.results[0]!.result as LockboxView).mySignOn!.applicationId).toBe(rows[0]!.id);
    for (let i = 0; i < 2; i++)
      expect((await worker.send(commands)).json<{ results: unknown }>().results).toEqual(pushed.results);
    expect(await applications(permitId)).toHaveLength(2);
  });

  it("two crew members' sign-ons made offline on two devices from the same download both apply", async () => {
    const { permitId, version } = await activeWithLockbox();
    const [worker, contractor] = [await device('worker'), await device('contractor')];
    worker.queue('lockbox.sign-on', permitId, { lockId: await personalLock('worker'), localId: local() }, version);
    contractor.queue(
      'lockbox.sign-on',
      permitId,
      { lockId: await personalLock('contractor'), localId: local() },
      version,
    );
    expect((await worker.push())!.results[0]).toMatchObject({ outcome: 'applied' });
    expect((await contractor.push())!.results[0]).toMatchObject({ outcome: 'applied' });
    const view = ok<LockboxView>(await call('supervisor', `/api/permits/${permitId}/lockbox`));
    expect(view.lockbox!.members.map((m) => m.user.ID).sort()).toEqual([ids.worker, ids.contractor].sort());
  });

  it('the rules still decide at sync: the last member signing off during the work is rejected with the reason', async () => {
    const { permitId, version } = await activeWithLockbox();
    const worker = await device('worker');
    const id = local();
    worker.queue('lockbox.sign-on', permitId, { lockId: await personalLock('worker'), localId: id }, version);
    worker.queue('lockbox.sign-off', permitId, { applicationId: id }, version);
    const pushed = (await worker.push())!;
    expect(pushed.results[0]).toMatchObject({ outcome: 'applied' });
    expect(pushed.results[1]).toMatchObject({ outcome: 'rejected', error: { message: lockboxMessages.lastMember } });
    expect((await applications(permitId)).map((r) => r.removed_by)).toEqual([null]);
  });

  it('a sign-off naming a sign-on the server never recorded is rejected, with why', async () => {
    const { permitId, version } = await activeWithLockbox();
    const worker = await device('worker');
    worker.queue('lockbox.sign-off', permitId, { applicationId: local() }, version);
    const [result] = (await worker.push())!.results;
    expect(result).toMatchObject({ outcome: 'rejected', error: { code: 'NOT_FOUND' } });
  });
});
