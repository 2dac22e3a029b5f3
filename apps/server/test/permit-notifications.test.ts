import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../src/platform/events/event-bus';
import { recordEvent } from '../src/platform/events/record-event';
import {
  registerPermitNotifications,
  type PermitEventPayload,
} from '../src/modules/permits/permit-notifications.consumer';
import { openStream } from './support/event-stream';
import { startSecondInstance } from './support/second-instance';
import { permitDraft } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { signedBody } from './support/signing';

/**
 * Permit events become inbox notifications for exactly the people `permitCommandNotifies` names
 * (never the actor), once per event however often the outbox delivers it.
 */
let t: TestApp;
const users: Record<string, number> = {};
const db = () => t.connections[0]!.db;
const connection = () => t.connections[0]!;
const bus = new EventBus(() => {});
registerPermitNotifications(bus);

beforeAll(async () => {
  t = await createTestApp();
  // The lifecycle alone: the isolation plan's guards are tested in isolation-plan.test.ts.
  await withoutIsolationPlan(t.connections[0]!.db);
  // The bare lifecycle: the checklist questions' guards are tested in permit-questions.test.ts.
  await withoutQuestions(t.connections[0]!.db);
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
});
afterAll(() => t.close());

let serial = 0;
/** Records a permit event in the outbox (as the lifecycle command does), delivers it, returns who got what. */
async function raise(name: string, people: Partial<Record<keyof PermitEventPayload, unknown>>, facilityId = 1) {
  serial += 1;
  const number = `LOTO-9${String(serial).padStart(5, '0')}`;
  const permitId = 1000 + serial;
  const payload = {
    permitId,
    number,
    title: 'Replace pump seal',
    typeCode: 'LOTO',
    command: name.slice('permit.'.length),
    holderId: null,
    issuerId: null,
    approverIds: [],
    ...people,
  };
  const id = await db()
    .transaction()
    .execute((trx) => recordEvent(trx, { name, facilityId, entityType: 'permit', entityId: permitId, payload }));
  await bus.deliver(connection(), id);
  const rows = await db()
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select(['users.user_name', 'title', 'body', 'link', 'facility_id'])
    .where('title', 'like', `${number} %`)
    .orderBy('users.user_name')
    .execute();
  return { id, number, rows, to: rows.map((r) => r.user_name) };
}

describe('permit notifications', () => {
  it('tells everyone who may approve the type when a permit is requested, not the requester, naming number and title', async () => {
    const { number, rows, to } = await raise('permit.request', {
      actorId: users.worker,
      requesterId: users.worker,
    });
    // Administrators and Supervisors hold permit:approve:LOTO in North Plant; workers and contractors do not.
    expect(to).toEqual(['admin', 'supervisor']);
    expect(rows[0]).toMatchObject({
      title: `${number} Replace pump seal: approval requested`,
      body: 'Approval requested by Wren Worker.',
      link: '/Permit/Edit/' + String(1000 + serial),
      facility_id: 1,
    });
  });

  it('leaves out an approver who requested the permit, and deactivated approvers', async () => {
    await db().updateTable('users').set({ is_active: false }).where('id', '=', users.admin!).execute();
    try {
      const { to } = await raise('permit.request', { actorId: users.supervisor, requesterId: users.supervisor });
      expect(to).toEqual([]);
    } finally {
      await db().updateTable('users').set({ is_active: true }).where('id', '=', users.admin!).execute();
    }
  });

  it.each([
    [
      'permit.approve',
      { actorId: 'supervisor', requesterId: 'worker', holderId: 'contractor' },
      ['worker'],
      'approved',
    ],
    [
      'permit.issue',
      { actorId: 'supervisor', requesterId: 'admin', holderId: 'worker' },
      ['admin', 'worker'],
      'issued',
    ],
    ['permit.issue', { actorId: 'supervisor', requesterId: 'supervisor', holderId: 'worker' }, ['worker'], 'issued'],
    [
      'permit.suspend',
      { actorId: 'admin', requesterId: 'supervisor', holderId: 'worker', issuerId: 'admin' },
      ['supervisor', 'worker'],
      'suspended',
    ],
    [
      'permit.hand-over',
      {
        actorId: 'supervisor',
        requesterId: 'admin',
        holderId: 'worker',
        issuerId: 'supervisor',
        newHolderId: 'contractor',
      },
      ['contractor', 'worker'],
      'handed over',
    ],
    [
      'permit.hand-over',
      {
        actorId: 'worker',
        requesterId: 'admin',
        holderId: 'worker',
        issuerId: 'supervisor',
        newHolderId: 'contractor',
      },
      ['contractor'],
      'handed over',
    ],
    [
      'permit.close',
      { actorId: 'supervisor', requesterId: 'admin', holderId: 'worker', issuerId: 'supervisor' },
      ['admin', 'worker'],
      'closed',
    ],
    [
      'permit.expiring',
      { actorId: null, requesterId: 'admin', holderId: 'worker', issuerId: 'supervisor' },
      ['admin', 'supervisor', 'worker'],
      'expires within the hour',
    ],
    [
      'permit.expire',
      { actorId: null, requesterId: 'worker', holderId: 'worker', issuerId: 'supervisor' },
      ['supervisor', 'worker'],
      'expired',
    ],
    ['permit.accept', { actorId: 'worker', requesterId: 'admin', holderId: 'worker', issuerId: 'supervisor' }, [], ''],
    ['permit.edit', { actorId: 'admin', requesterId: 'admin', holderId: 'worker' }, [], ''],
  ] as const)('%s %j notifies %j', async (name, who, expected, what) => {
    const people = Object.fromEntries(
      Object.entries(who).map(([role, user]) => [role, user === null ? null : users[user]]),
    );
    const { number, rows, to } = await raise(name, people);
    expect(to).toEqual(expected);
    for (const row of rows) expect(row.title).toBe(`${number} Replace pump seal: ${what}`);
    if (name === 'permit.expire') expect(rows[0]!.body).toBe('Expired.');
  });

  it('hears the real lifecycle commands: a request through the endpoint reaches the approvers, a hand-over both holders', async () => {
    const tokens: Record<string, string> = {};
    for (const username of ['worker', 'supervisor', 'admin', 'contractor'])
      tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    const send = async (as: string, url: string, payload: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${tokens[as]}` },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ ID: number; number: string }>();
    };
    const type = await db()
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow();
    // Begun five minutes ago, ending hours from now: the worker may accept it once issued (accept
    // waits for the start), and no expiring notice joins the inbox.
    const start = Date.now() - 5 * 60_000;
    const permit = await send(
      'worker',
      '/api/permits',
      permitDraft(type.id, {
        plannedStart: new Date(start).toISOString(),
        holderId: users.worker!,
        riskLevel: 'medium',
      }),
    );
    const inbox = (what: string) =>
      db()
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.user_id')
        .select('users.user_name')
        .where('title', '=', `${permit.number} Replace conveyor drive belt: ${what}`)
        .orderBy('users.user_name')
        .execute()
        .then((rows) => rows.map((r) => r.user_name));
    const until = async (what: string, expected: string[]) => {
      const deadline = Date.now() + 15_000;
      while (JSON.stringify(await inbox(what)) !== JSON.stringify(expected) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await inbox(what)).toEqual(expected);
    };
    await send('worker', `/api/permits/${permit.ID}/commands/request`, {});
    await until('approval requested', ['admin', 'supervisor']);
    // The requester's open inbox (served by another server process) hears the approval live.
    const second = await startSecondInstance(t);
    const stream = await openStream(second.url, tokens.worker!);
    try {
      await stream.next('ready');
      await send('supervisor', `/api/permits/${permit.ID}/commands/approve`, { password: DEMO_PASSWORD });
      const live = (await stream.next('notification', 10_000)) as { title: string; link: string };
      expect(live).toMatchObject({
        title: `${permit.number} Replace conveyor drive belt: approved`,
        link: `/Permit/Edit/${permit.ID}`,
      });
    } finally {
      stream.close();
      await second.app.close();
    }
    await until('approved', ['worker']);
    await send('supervisor', `/api/permits/${permit.ID}/commands/isolate`, {});
    await send('admin', `/api/permits/${permit.ID}/commands/issue`, signedBody('issue'));
    await until('issued', ['worker']);
    await send('worker', `/api/permits/${permit.ID}/commands/accept`, signedBody('accept'));
    await send(
      'supervisor',
      `/api/permits/${permit.ID}/commands/hand-over`,
      signedBody('hand-over', { newHolderId: users.contractor }),
    );
    await until('handed over', ['contractor', 'worker']);
  });

  it('writes each recipient’s notification in their own language: Spanish for one, English for the other', async () => {
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    await db().updateTable('users').set({ language_id: spanish.id }).where('id', '=', users.worker!).execute();
    try {
      const { number, rows } = await raise('permit.suspend', {
        actorId: users.admin,
        requesterId: users.supervisor,
        holderId: users.worker,
      });
      const actor = await db()
        .selectFrom('users')
        .select('display_name')
        .where('id', '=', users.admin!)
        .executeTakeFirstOrThrow();
      expect(rows.map((r) => [r.user_name, r.title, r.body])).toEqual([
        ['supervisor', `${number} Replace pump seal: suspended`, `Suspended by ${actor.display_name}.`],
        ['worker', `${number} Replace pump seal: suspendido`, `Suspendido por ${actor.display_name}.`],
      ]);
    } finally {
      await db().updateTable('users').set({ language_id: null }).where('id', '=', users.worker!).execute();
    }
  });

  it('notifies once per event however often it is delivered (the consumer records its delivery)', async () => {
    const { id, number } = await raise('permit.approve', { actorId: users.supervisor, requesterId: users.worker });
    await bus.deliver(connection(), id);
    await new EventBus(() => {}).sweep(connection());
    await bus.sweep(connection());
    const rows = await db().selectFrom('notifications').select('id').where('title', 'like', `${number} %`).execute();
    expect(rows).toHaveLength(1);
  });
});
