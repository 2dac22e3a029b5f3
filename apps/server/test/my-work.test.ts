import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myWorkSchema, type MyWork, type PermitStatus } from '@hasp/contracts';
import * as z from 'zod/mini';
import { newLock, putLock } from './support/loto-fixtures';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * "My work today" over real PostgreSQL: the permits a person holds, the crews they are on, their
 * locks still on, each with its next step; another facility's never, even for someone signed in to both.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const types: Record<string, number> = {};
let counter = 0;

const myWork = async (as: string): Promise<MyWork> => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/my-work',
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return z.parse(myWorkSchema, response.json());
};

async function permit(status: PermitStatus, holder: string | null, facility = 1): Promise<number> {
  const start = new Date(Date.now() - 3_600_000);
  const { id } = await db()
    .insertInto('permits')
    .values({
      facility_id: facility,
      permit_type_id: types[`${facility}:LOTO`]!,
      number: `MW-${facility}-${++counter}`,
      status,
      title: `My work ${counter}`,
      planned_start: start,
      planned_end: new Date(start.getTime() + 8 * 3_600_000),
      requester_id: users.supervisor!,
      holder_id: holder ? users[holder]! : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function lockbox(permitId: number, primary: string, deposited: boolean, facility = 1): Promise<number> {
  const { id } = await db()
    .insertInto('lockboxes')
    .values({
      facility_id: facility,
      permit_id: permitId,
      number: `LB-MW-${permitId}`,
      primary_user_id: users[primary]!,
      ...(deposited ? { keys_deposited_at: new Date(), keys_deposited_by: users[primary]! } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    users[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  for (const row of await db().selectFrom('permit_types').select(['id', 'code', 'facility_id']).execute())
    types[`${row.facility_id}:${row.code}`] = row.id;
});
afterAll(async () => t?.close());

describe('my work today', () => {
  it('gives each permit held, crew and lock still on its next step, and opens it on the tab where it is taken', async () => {
    const toAccept = await permit('issued', 'worker');
    const active = await permit('active', 'worker');
    const complete = await permit('work_complete', null);
    const notMine = await permit('active', 'supervisor');
    const closed = await permit('closed', 'worker');
    // The worker is signed on to the complete permit's lockbox, and leads an active one whose keys are not in.
    const box = await lockbox(complete, 'supervisor', true);
    await putLock(
      db(),
      { permitId: complete, lockboxId: box },
      await newLock(db(), `MW-C-${complete}`, complete),
      users.worker!,
    );
    await lockbox(notMine, 'worker', false);
    // A lock of the worker's on an isolation point of the complete permit.
    const point = await db()
      .selectFrom('isolation_points')
      .select(['id', 'code'])
      .where('facility_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const planPoint = await db()
      .insertInto('permit_isolation_points')
      .values({ facility_id: 1, permit_id: complete, isolation_point_id: point.id, position: 0, state: 'isolated' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const serial = `MW-P-${complete}`;
    await putLock(
      db(),
      { permitId: complete, planPointId: planPoint.id },
      await newLock(db(), serial, complete),
      users.worker!,
    );

    const work = await myWork('worker');
    const mine = new Set([toAccept, active, complete, notMine, closed]);
    const cards = work.items
      .filter((i) => mine.has(i.permitId))
      .map((i) => [i.permitId, i.kind, i.step, i.tab, i.lock?.serial ?? null, i.lock?.on ?? null]);
    expect(cards).toEqual(
      expect.arrayContaining([
        [toAccept, 'held', 'accept', 'permit', null, null],
        [active, 'held', 'hand-over', 'permit', null, null],
        [complete, 'crew', 'sign-off-done', 'crew-sign-on', null, null],
        [notMine, 'crew', 'deposit-keys', 'crew-sign-on', null, null],
        [complete, 'lock', 'remove-lock', 'isolation-plan', serial, point.code],
        [complete, 'lock', 'remove-lock', 'crew-sign-on', `MW-C-${complete}`, `LB-MW-${complete}`],
      ]),
    );
    expect(cards).toHaveLength(6);
    // A closed permit asks nothing more of its holder; a worker has no worklists of approval or issue.
    expect(work.items.some((i) => i.permitId === closed)).toBe(false);
    expect(work.worklists).toEqual([]);
  });

  it('asks the holder to sign on when the keys are in and they are not on the crew yet', async () => {
    const active = await permit('active', 'worker');
    await lockbox(active, 'supervisor', true);
    const cards = (await myWork('worker')).items.filter((i) => i.permitId === active);
    expect(cards.map((i) => [i.kind, i.step, i.tab])).toEqual([['held', 'sign-on', 'crew-sign-on']]);
  });

  it("never shows another facility's permits or locks, to someone signed in to both", async () => {
    const riverside = await permit('issued', 'admin', 2);
    const box = await lockbox(riverside, 'admin', true, 2);
    const lockId = await db()
      .insertInto('locks')
      .values({ facility_id: 2, serial: `MW-R-${riverside}`, kind: 'padlock' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('lock_applications')
      .values({
        facility_id: 2,
        lock_id: lockId.id,
        permit_id: riverside,
        lockbox_id: box,
        applied_by: users.admin!,
        applied_at: new Date(),
      })
      .execute();
    const north = await permit('issued', 'admin');
    const ids = (await myWork('admin')).items.map((i) => i.permitId);
    expect(ids).toContain(north);
    expect(ids).not.toContain(riverside);
  });

  it('gives those who approve and issue their worklists with counts that match the index', async () => {
    const work = await myWork('supervisor');
    expect(work.worklists.map((w) => w.view)).toEqual(['awaiting-approval', 'awaiting-issue']);
    for (const list of work.worklists) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/permits?view=${list.view}&pageSize=1`,
        headers: { authorization: `Bearer ${tokens.supervisor}` },
      });
      expect(response.json<{ total: number }>().total).toBe(list.count);
    }
  });
});
