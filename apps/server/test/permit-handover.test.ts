import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTimeWithOffset, type Permit, type PermitCommand, type PermitHandover } from '@hasp/contracts';
import { applyLock } from '../src/modules/locks';
import { permitCore } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

/**
 * Shift change (1910.147 (f)(4)) through the real routes: the hand-over takes the outgoing holder's
 * notes (required) and the locks that stay on (each checked to be on the permit); the incoming
 * holder's signed acceptance is refused until they acknowledge the notes, and then completes the
 * handover; the log (GET /handovers), the history and the PDF (pdftotext) show each one with who
 * and when; the written notes never change.
 */
const run = promisify(execFile);
let t: TestApp;
let dir: string;
let lotoId: number;
let timeZone: string;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const db = () => t.connections[0]!.db;

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const command = (as: string, id: number, verb: PermitCommand, body: object = {}) =>
  call(as, 'POST', `/api/permits/${id}/commands/${verb}`, body);
const expectOk = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as Permit;
};
const signed = { password: DEMO_PASSWORD };
const handovers = async (id: number) =>
  (await call('worker', 'GET', `/api/permits/${id}/handovers`)).json<PermitHandover[]>();

// Begun ten minutes ago: the holder may accept at once (accept waits for the start).
const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000).toISOString();

/** A worker's LOTO permit held by the contractor, active. */
async function active(): Promise<Permit> {
  const core = permitCore({ plannedStart: start, holderId: ids.contractor!, title: 'Replace the conveyor drive belt' });
  const created = expectOk(await call('worker', 'POST', '/api/permits', { permitTypeId: lotoId, ...core }));
  const id = created.ID;
  expectOk(await command('worker', id, 'request'));
  expectOk(await command('supervisor', id, 'approve', signed));
  expectOk(await command('supervisor', id, 'isolate'));
  expectOk(await command('admin', id, 'issue', signed));
  return expectOk(await command('contractor', id, 'accept', signed));
}

/**
 * A lock applied through the locks module at a plan point of its own (a fixture: the isolation
 * plan's routes are tested in isolation-plan.test.ts, and this permit type runs without a plan here).
 */
async function lockOn(permitId: number, serial: string, position: number): Promise<number> {
  const isolationPoint = await db()
    .selectFrom('isolation_points')
    .select('id')
    .where('facility_id', '=', 1)
    .orderBy('id')
    .offset(position)
    .executeTakeFirstOrThrow();
  const point = await db()
    .insertInto('permit_isolation_points')
    .values({ facility_id: 1, permit_id: permitId, isolation_point_id: isolationPoint.id, position, state: 'verified' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lock = await db()
    .insertInto('locks')
    .values({ facility_id: 1, serial, kind: 'padlock', owner_id: ids.contractor!, status: 'issued' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .transaction()
    .execute((trx) =>
      applyLock(trx, {
        facilityId: 1,
        lockId: lock.id,
        permitId,
        planPointId: point.id,
        userId: ids.contractor!,
        at: new Date(),
      }),
    );
  return lock.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await withoutIsolationPlan(db());
  await withoutQuestions(db());
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    ids[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  lotoId = await permitTypeIdOf(db(), 'LOTO');
  timeZone = (await db().selectFrom('facilities').select('time_zone').where('id', '=', 1).executeTakeFirstOrThrow())
    .time_zone;
  dir = await mkdtemp(join(tmpdir(), 'hasp-handover-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t?.close();
});

describe('shift handover', () => {
  it('takes notes, waits for the incoming holder to acknowledge them with the signed acceptance, and keeps the log', async () => {
    const permit = await active();
    const id = permit.ID;
    const staying = await lockOn(id, `HO-${id}-1`, 0);
    const coming = await lockOn(id, `HO-${id}-2`, 1);

    // The notes are required: an empty box is refused naming the field, and nothing changes.
    const empty = await command('contractor', id, 'hand-over', {
      newHolderId: ids.worker,
      abnormalConditions: ' ',
      workRemaining: 'Tension the belt',
      locksStaying: [],
      ...signed,
    });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.body).toContain('Abnormal conditions: say what is not normal, or write None');
    // A lock said to stay on must be on the permit now.
    const notOn = await command('contractor', id, 'hand-over', {
      newHolderId: ids.worker,
      abnormalConditions: 'Guard off on the tail pulley',
      workRemaining: 'Tension the belt',
      locksStaying: [staying, 987_654],
      ...signed,
    });
    expect(notOn.statusCode, notOn.body).toBe(400);
    expect(notOn.json<{ details: { field: string; message: string }[] }>().details).toEqual([
      { field: 'locksStaying', message: 'Locks staying on: lock 987654 is not on this permit now' },
    ]);
    expect((await call('worker', 'GET', `/api/permits/${id}`)).json<Permit>().version).toBe(permit.version);

    const handedOver = expectOk(
      await command('contractor', id, 'hand-over', {
        newHolderId: ids.worker,
        abnormalConditions: 'Guard off on the tail pulley',
        workRemaining: 'Tension the belt, refit the guard',
        locksStaying: [staying],
        ...signed,
      }),
    );
    expect(handedOver.status).toBe('issued');
    expect(handedOver.holder?.ID).toBe(ids.worker);
    expect(handedOver.pendingHandover).toMatchObject({
      from: { ID: ids.contractor },
      to: { ID: ids.worker },
      by: { ID: ids.contractor },
      abnormalConditions: 'Guard off on the tail pulley',
      workRemaining: 'Tension the belt, refit the guard',
      locksStaying: [{ ID: staying, serial: `HO-${id}-1` }],
      acknowledged: null,
    });
    expect(handedOver.pendingHandover!.locksStaying.map((l) => l.ID)).not.toContain(coming);

    // The incoming holder is offered Accept, but it is refused until they acknowledge the notes.
    const asWorker = (await call('worker', 'GET', `/api/permits/${id}`)).json<Permit>();
    expect(asWorker.allowedCommands).toContain('accept');
    const unread = await command('worker', id, 'accept', signed);
    expect(unread.statusCode, unread.body).toBe(422);
    expect(unread.json<{ message: string }>().message).toContain('Read the handover notes');
    const accepted = expectOk(await command('worker', id, 'accept', { ...signed, acknowledgesHandover: true }));
    expect(accepted.status).toBe('active');
    expect(accepted.pendingHandover).toBeNull();

    // The log: the notes as written, acknowledged by the worker with the acceptance.
    const [log, ...more] = await handovers(id);
    expect(more).toEqual([]);
    expect(log).toMatchObject({
      from: { ID: ids.contractor },
      to: { ID: ids.worker },
      abnormalConditions: 'Guard off on the tail pulley',
      acknowledged: { by: { ID: ids.worker } },
    });
    expect(Date.parse(log!.acknowledged!.at)).toBeGreaterThanOrEqual(Date.parse(log!.at));

    // The history, from the audit trail: the notes at the hand-over, the acknowledgment at the acceptance.
    const history = (await call('worker', 'GET', `/api/permits/${id}/history`)).json<
      { action: string; summary: string }[]
    >();
    expect(history.find((h) => h.action === 'permit.hand-over')?.summary).toBe(
      `New holder: ${asWorker.holder!.displayName}. Abnormal conditions: Guard off on the tail pulley. Work remaining: Tension the belt, refit the guard. Locks staying on: HO-${id}-1`,
    );
    expect(history.filter((h) => h.action === 'permit.accept').at(-1)?.summary).toMatch(
      /^Handover notes from .+ acknowledged$/,
    );

    // The PDF prints the log with the facility's times and their offset.
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/permits/${id}/pdf`,
      headers: { authorization: `Bearer ${tokens.worker}`, host: 'hasp.example.test' },
    });
    expect(response.statusCode).toBe(200);
    const file = join(dir, `${id}.pdf`);
    await writeFile(file, response.rawPayload);
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Shift handovers');
    expect(text).toContain(
      `${localTimeWithOffset(new Date(log!.at), timeZone)} ${log!.from!.displayName} to ${log!.to.displayName}, handed over by ${log!.by.displayName}`,
    );
    expect(text).toContain('Abnormal conditions: Guard off on the tail pulley');
    expect(text).toContain(`Locks staying on: HO-${id}-1`);
    expect(text).toContain(
      `Acknowledged by ${log!.acknowledged!.by.displayName}, ${localTimeWithOffset(new Date(log!.acknowledged!.at), timeZone)}, with the signed acceptance`,
    );

    // Written once: the notes cannot be rewritten, nor the acknowledgment given again.
    await expect(
      db().updateTable('permit_handovers').set({ work_remaining: 'Nothing' }).where('id', '=', log!.ID).execute(),
    ).rejects.toThrow(/a handover never changes/);
    await expect(db().deleteFrom('permit_handovers').where('id', '=', log!.ID).execute()).rejects.toThrow(
      /a handover never changes/,
    );
  });

  it("a handover log belongs to the permit's facility: another facility answers 404", async () => {
    const permit = await active();
    const riverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/permits/${permit.ID}/handovers`,
      headers: { authorization: `Bearer ${riverside}` },
    });
    expect(response.statusCode).toBe(404);
  });
});
