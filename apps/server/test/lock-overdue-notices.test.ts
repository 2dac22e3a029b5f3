import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationTemplate, NotificationTemplateInput } from '@hasp/contracts';
import { EventBus } from '../src/platform/events/event-bus';
import { raiseOverdueLockNotices } from '../src/modules/permits/lock-overdue.job';
import { registerPermitNotifications } from '../src/modules/permits/permit-notifications.consumer';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * `lock.overdue` (decision 0076) over real PostgreSQL: a lock still applied after its permit's
 * planned end is told once per lock application and planned end to the lock's owner and applier,
 * the holder and the issuer, however often or concurrently the job runs; an extension earns a new
 * notice; a removed lock none; each facility's locks stay its own. And the crew relationship: the
 * people signed on to the permit's lockbox now. Permits, lockboxes and lock applications are
 * written as rows (their commands are tested in permits, lockboxes and locks tests).
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const connection = () => t.connections[0]!;
const bus = new EventBus(() => {});
registerPermitNotifications(bus);
const users: Record<string, number> = {};
const types: Record<string, number> = {};
let adminToken = '';
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
  for (const row of await db().selectFrom('permit_types').select(['id', 'facility_id', 'code']).execute())
    types[`${row.facility_id}:${row.code}`] = row.id;
  adminToken = (await login(t.app, { username: 'admin' })).json<{ token: string }>().token;
});
afterAll(() => t?.close());

// Ten days on: no permit of the demo data ends near then, and nothing of this file's is raised by the app.
const now = new Date(Date.now() + 10 * 24 * 3_600_000);
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

/** A permit of `facilityId` by the worker, held by the contractor, issued by the admin, ending at `plannedEnd`. */
async function permit(facilityId: number, title: string, plannedEnd: Date) {
  const number = `OVD-${facilityId}-${++seq}`;
  const { id } = await db()
    .insertInto('permits')
    .values({
      facility_id: facilityId,
      permit_type_id: types[`${facilityId}:LOTO`]!,
      number,
      status: 'active',
      title,
      planned_start: new Date(plannedEnd.getTime() - 8 * 3_600_000),
      planned_end: plannedEnd,
      requester_id: users.worker!,
      holder_id: users.contractor!,
      issuer_id: users.admin!,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lockbox = await db()
    .insertInto('lockboxes')
    .values({ facility_id: facilityId, permit_id: id, number: `LB-${number}`, primary_user_id: users.supervisor! })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, number, lockboxId: lockbox.id };
}

/** `userName`'s personal lock signed on to the permit's lockbox (a lock application on it). */
async function signOn(p: { id: number; lockboxId: number }, userName: string, facilityId = 1) {
  const serial = `OV${++seq}`;
  const lock = await db()
    .insertInto('locks')
    .values({ facility_id: facilityId, serial, kind: 'padlock', owner_id: users[userName]!, status: 'in_use' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const application = await db()
    .insertInto('lock_applications')
    .values({
      facility_id: facilityId,
      lock_id: lock.id,
      permit_id: p.id,
      lockbox_id: p.lockboxId,
      applied_by: users[userName]!,
      applied_at: minutes(-300),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { serial, applicationId: application.id };
}

const signOff = (applicationId: number) =>
  db()
    .updateTable('lock_applications')
    .set({ removed_at: minutes(-1), removed_by: users.admin!, removal: 'removed' })
    .where('id', '=', applicationId)
    .execute();

const run = async (at: Date) => {
  const raised = await raiseOverdueLockNotices(bus, connection(), at);
  await bus.drain();
  return raised;
};

const noticesOf = async (number: string) =>
  (
    await db()
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['users.user_name', 'notifications.title', 'notifications.facility_id'])
      .where('notifications.title', 'like', `${number} %`)
      .orderBy('users.user_name')
      .orderBy('notifications.id')
      .execute()
  ).map((r) => `${r.facility_id} ${r.user_name}: ${r.title}`);

describe('lock overdue', () => {
  it('tells the lock owner, holder and issuer once per lock and planned end; again after an extension; never a removed lock', async () => {
    const pump = await permit(1, 'Replace pump seal', minutes(-30));
    const lock = await signOn(pump, 'supervisor');
    const released = await signOn(pump, 'worker');
    await signOff(released.applicationId);
    const notYet = await permit(1, 'Replace conveyor belt', minutes(30));
    await signOn(notYet, 'supervisor');

    const raised = await run(now);
    expect(raised).toBeGreaterThanOrEqual(1);
    const title = `${pump.number} Replace pump seal: lock ${lock.serial} still applied after the permit's planned end`;
    expect(await noticesOf(pump.number)).toEqual([
      `1 admin: ${title}`,
      `1 contractor: ${title}`,
      `1 supervisor: ${title}`,
    ]);
    expect(await noticesOf(notYet.number)).toEqual([]);

    // The body's variables render from the permit (planned end on the facility's clock).
    const body = await db()
      .selectFrom('notifications')
      .select('body')
      .where('title', '=', title)
      .where('user_id', '=', users.admin!)
      .executeTakeFirstOrThrow();
    expect(body.body).toMatch(
      new RegExp(
        `^Lock ${lock.serial} is still applied after the permit's planned end \\(.*\\d.*\\)\\. Remove it, or extend the permit\\.$`,
      ),
    );
    expect(body.body).not.toContain('{{');

    // A retried run, the next minute's and two at once: nothing new.
    expect(await run(now)).toBe(0);
    const [a, b] = await Promise.all([
      raiseOverdueLockNotices(bus, connection(), minutes(1)),
      raiseOverdueLockNotices(bus, connection(), minutes(1)),
    ]);
    await bus.drain();
    expect(a + b).toBe(0);
    expect(await noticesOf(pump.number)).toHaveLength(3);

    // Extended: nothing until the new end passes, then one notice more each.
    await db()
      .updateTable('permits')
      .set({ planned_end: minutes(60) })
      .where('id', '=', pump.id)
      .execute();
    expect(await run(minutes(30))).toBe(0);
    await run(minutes(61));
    expect(await noticesOf(pump.number)).toHaveLength(6);
    // The other permit's lock, now past its end too, is told once.
    expect(await noticesOf(notYet.number)).toHaveLength(3);
  });

  it('raises two concurrent runs once', async () => {
    const p = await permit(1, 'Rack out MCC bucket', minutes(-5));
    await signOn(p, 'supervisor');
    const results = await Promise.all([0, 1, 2].map(() => raiseOverdueLockNotices(bus, connection(), minutes(2))));
    await bus.drain();
    expect(await noticesOf(p.number)).toHaveLength(3);
    expect(results.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    expect(
      await db()
        .selectFrom('domain_events')
        .select('id')
        .where('name', '=', 'lock.overdue')
        .where('payload', '@>', JSON.stringify({ permitId: p.id }) as never)
        .execute(),
    ).toHaveLength(1);
  });

  it("keeps each facility's locks to its own notices", async () => {
    const north = await permit(1, 'North pump', minutes(-10));
    const river = await permit(2, 'Riverside pump', minutes(-10));
    await signOn(north, 'supervisor');
    const riverLock = await signOn(river, 'supervisor', 2);
    await run(minutes(3));
    const north_ = await noticesOf(north.number);
    const river_ = await noticesOf(river.number);
    expect(north_).toHaveLength(3);
    expect(river_).toHaveLength(3);
    expect(north_.every((n) => n.startsWith('1 ') && !n.includes(riverLock.serial))).toBe(true);
    expect(river_.every((n) => n.startsWith('2 ') && n.includes(riverLock.serial))).toBe(true);
    const events = await db()
      .selectFrom('domain_events')
      .select(['facility_id', 'payload'])
      .where('name', '=', 'lock.overdue')
      .where('entity_type', '=', 'lock-application')
      .execute();
    for (const e of events) {
      const payload = (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as { permitId: number };
      if (payload.permitId === river.id) expect(e.facility_id).toBe(2);
      if (payload.permitId === north.id) expect(e.facility_id).toBe(1);
    }
  });

  it('is listed on the notification manager, safety-critical, with crew among its relationships', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notification-templates',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const template = response
      .json<{ templates: NotificationTemplate[] }>()
      .templates.find((x) => x.event === 'lock.overdue');
    expect(template).toMatchObject({
      safetyCritical: true,
      recipients: ['subject', 'holder', 'issuer'],
      channels: ['inApp', 'email'],
    });
    expect(template!.relationships).toContain('crew');
    expect(template!.texts[0]!.subject).toBe(
      "{{number}} {{title}}: lock {{details}} still applied after the permit's planned end",
    );
  });
});

describe('crew as recipients', () => {
  it('tells who is signed on to the lockbox, not who signed off', async () => {
    const current = (
      await t.app.inject({
        method: 'GET',
        url: '/api/notification-templates',
        headers: { authorization: `Bearer ${adminToken}` },
      })
    )
      .json<{ templates: NotificationTemplate[] }>()
      .templates.find((x) => x.event === 'lock.overdue')!;
    const input: NotificationTemplateInput = {
      channels: ['inApp'],
      recipients: ['crew'],
      groupIds: [],
      texts: [{ language: 'en', subject: '{{number}} crew: lock {{details}} overdue', body: 'Crew of {{title}}.' }],
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-templates/lock.overdue',
      headers: { authorization: `Bearer ${adminToken}`, 'if-match': `"${current.version}"` },
      payload: input,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const p = await permit(1, 'Crew job', minutes(-20));
    const contractors = await signOn(p, 'contractor');
    const supervisors = await signOn(p, 'supervisor');
    const off = await signOn(p, 'worker');
    await signOff(off.applicationId);
    await run(minutes(4));
    // Each signed-on lock is overdue; the crew (contractor and supervisor, not the worker who signed off) hears of both.
    const line = (who: string, serial: string) => `1 ${who}: ${p.number} crew: lock ${serial} overdue`;
    expect(await noticesOf(p.number)).toEqual([
      line('contractor', contractors.serial),
      line('contractor', supervisors.serial),
      line('supervisor', contractors.serial),
      line('supervisor', supervisors.serial),
    ]);
  });
});
