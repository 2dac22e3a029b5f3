import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit, SyncIssue } from '@hasp/contracts';
import { putTag } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { permitCore, permitDraft } from './support/permit-draft';
import { deviceOf, signIn } from './support/sync-device';
import { lotoPermit, planPoints } from './support/tag-fixtures';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';

/**
 * Conflicts and rejections of offline commands over the real server and PostgreSQL: two devices
 * editing one permit (R28: first wins, the second is a conflict record both users and a supervisor
 * see, with both versions), states that only move forward on replay, and a permission revoked while
 * offline (R30: rejected with the reason, visible, supervisor notified, nothing dropped).
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
let lotoId: number;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
const displayNames: Record<string, string> = {};
const device = (username: string) => deviceOf(t.app, username, DEMO_PASSWORD);
const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  // Requesting asks no checklist questions here (the questions' guards have their own tests).
  await withoutQuestions(db());
  for (const username of ['worker', 'admin', 'supervisor', 'contractor']) {
    const { token, owner } = await signIn(t.app, username, DEMO_PASSWORD);
    tokens[username] = token;
    userIds[username] = owner.userId;
    displayNames[username] = (
      await db().selectFrom('users').select('display_name').where('id', '=', owner.userId).executeTakeFirstOrThrow()
    ).display_name;
  }
  lotoId = await permitTypeIdOf(db(), 'LOTO');
});
afterAll(async () => t?.close());

const issuesOf = async (as: string, query = '') =>
  (await call(as, 'GET', `/api/sync/conflicts${query}`)).json<{ issues: SyncIssue[] }>().issues;

/** A permit the worker requested (its approvers, the admin among them, may then cancel it). */
async function newPermit(title: string): Promise<Permit> {
  const response = await call('worker', 'POST', '/api/permits', permitDraft(lotoId, { title }));
  expect(response.statusCode).toBe(200);
  const requested = await call('worker', 'POST', `/api/permits/${response.json<Permit>().ID}/commands/request`, {});
  expect(requested.statusCode, requested.body).toBe(200);
  return requested.json<Permit>();
}

describe('R28: two devices edit one permit offline', () => {
  for (const order of [
    ['worker', 'admin'],
    ['admin', 'worker'],
  ] as const) {
    it(`${order[0]} syncs first and wins; ${order[1]}'s change becomes a conflict record everyone concerned sees`, async () => {
      const title = `R28 ${randomUUID()}`;
      const permit = await newPermit(title);
      const [first, second] = [await device(order[0]), await device(order[1])];
      // Only the requester edits: the worker edits it, the admin (who approves LOTO) cancels it.
      const change = (d: typeof first, who: string) =>
        who === 'worker'
          ? d.queue('permit.edit', permit.ID, permitCore({ title: `${title} by worker` }), permit.version)
          : d.queue('permit.cancel', permit.ID, { reason: `${title} by admin` }, permit.version);
      change(first, order[0]);
      change(second, order[1]);
      const won = (await first.push())!.results[0]!;
      expect(won, JSON.stringify(won.error)).toMatchObject({ outcome: 'applied', version: permit.version + 1 });
      const lost = (await second.push())!.results[0]!;
      expect(lost).toMatchObject({ outcome: 'conflict', conflictId: expect.any(Number), error: { code: 'CONFLICT' } });
      expect(second.outbox).toHaveLength(0);
      const row = await db()
        .selectFrom('permits')
        .select(['title', 'status', 'version'])
        .where('id', '=', permit.ID)
        .executeTakeFirstOrThrow();
      expect(row).toEqual(
        order[0] === 'worker'
          ? { title: `${title} by worker`, status: 'requested', version: permit.version + 1 }
          : { title, status: 'cancelled', version: permit.version + 1 },
      );

      // The loser, and a supervisor, see it with both versions; the conflict names the permit.
      const id = lost.conflictId!;
      for (const who of [order[1], 'supervisor']) {
        const issue = (await call(who, 'GET', `/api/sync/conflicts/${id}`)).json<SyncIssue>();
        expect(issue).toMatchObject({
          ID: id,
          outcome: 'conflict',
          name: order[1] === 'worker' ? 'permit.edit' : 'permit.cancel',
          permit: { ID: permit.ID, number: permit.number },
          user: { ID: userIds[order[1]] },
          device: { baseVersion: permit.version, input: expect.any(Object) },
          server: { version: permit.version + 1 },
          resolvedAt: null,
        });
        // Who changed it on the server: the winner, at their change (not the loser's own record).
        expect(issue.server!.changedBy).toEqual({ name: displayNames[order[0]], at: expect.any(String) });
        expect(issue.error.message).not.toMatch(/version/i);
        expect(JSON.stringify(issue.device.input)).toContain(`${title} by ${order[1]}`);
        expect(JSON.stringify(issue.server!.state)).toContain(`${title} by ${order[0]}`);
        expect((await issuesOf(who)).map((i) => i.ID)).toContain(id);
      }
      // The worker holds no offline:supervise: the admin's conflict is not theirs to see.
      if (order[1] === 'admin') {
        expect((await issuesOf('worker')).map((i) => i.ID)).not.toContain(id);
        expect((await call('worker', 'GET', `/api/sync/conflicts/${id}`)).statusCode).toBe(404);
      }
      // The audit has both: the winner's edit, and the loser's conflict, each with device and sync time.
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'user_id', 'device_time', 'sync_time'])
        .where((eb) =>
          eb.or([
            eb.and([
              eb('entity_type', '=', 'permit'),
              eb('entity_id', '=', String(permit.ID)),
              eb('action', 'in', ['permit.edit', 'permit.cancel']),
            ]),
            eb.and([eb('entity_type', '=', 'sync_command'), eb('entity_id', '=', String(id))]),
          ]),
        )
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.action, a.user_id])).toEqual([
        [order[0] === 'worker' ? 'permit.edit' : 'permit.cancel', userIds[order[0]]],
        ['sync.conflict', userIds[order[1]]],
      ]);
      for (const a of audit) expect(a.device_time && a.sync_time).toBeTruthy();
      // The loser and the supervisors are told.
      const told = await db()
        .selectFrom('notifications')
        .select('user_id')
        .where('link', '=', `/offline/sync-issues/${id}`)
        .execute();
      expect(told.map((n) => n.user_id)).toEqual(expect.arrayContaining([userIds[order[1]], userIds.supervisor]));
    });
  }

  it('the owner resolves a conflict with a note (audited, once); the open list no longer shows it', async () => {
    const title = `Resolve ${randomUUID()}`;
    const permit = await newPermit(title);
    const [a, b] = [await device('admin'), await device('worker')];
    a.queue('permit.cancel', permit.ID, { reason: 'Not needed' }, permit.version);
    b.queue('permit.edit', permit.ID, permitCore({ title: `${title} b` }), permit.version);
    await a.push();
    const id = (await b.push())!.results[0]!.conflictId!;
    const byOther = await call('contractor', 'POST', `/api/sync/conflicts/${id}/resolve`, { resolution: 'x' });
    expect(byOther.statusCode, byOther.body).toBe(404);
    const resolved = await call('worker', 'POST', `/api/sync/conflicts/${id}/resolve`, {
      resolution: 'Kept the admin’s title',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<SyncIssue>()).toMatchObject({
      resolvedAt: expect.any(String),
      resolvedBy: { ID: userIds.worker },
      resolution: 'Kept the admin’s title',
    });
    expect(
      (await call('worker', 'POST', `/api/sync/conflicts/${id}/resolve`, { resolution: 'again' })).statusCode,
    ).toBe(409);
    expect((await issuesOf('worker')).map((i) => i.ID)).not.toContain(id);
    expect((await issuesOf('worker', '?state=resolved&outcome=conflict')).map((i) => i.ID)).toContain(id);
    const audit = await db()
      .selectFrom('audit_log')
      .select('reason')
      .where('action', '=', 'sync.resolve')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ reason: 'Kept the admin’s title' }]);
  });
});

describe('states only move forward on replay', () => {
  it('a tag removed stays removed: a stale apply replayed from another device is a conflict, one without a version is refused', async () => {
    const permitId = await lotoPermit(t, tokens.worker!, `Forward ${randomUUID()}`);
    // The worker holds the permit: a tag's apply is the holder's, the issuer's or the isolating authority's.
    await db().updateTable('permits').set({ holder_id: userIds.worker! }).where('id', '=', permitId).execute();
    const [point] = await planPoints(db(), permitId, 1);
    const tag = await putTag(db(), permitId, point!, userIds.worker!, 'planned');
    const d = await device('worker');
    d.queue('tag.apply', permitId, { tagId: tag.id }, 0);
    d.queue('tag.remove', permitId, { tagId: tag.id }, 0);
    expect((await d.push())!.results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    // Another device of the same user queued an apply (and a verify) offline on the planned tag.
    const other = await device('worker');
    other.queue('tag.apply', permitId, { tagId: tag.id }, 0);
    other.queue('tag.verify', permitId, { tagId: tag.id }, null);
    other.queue('tag.apply', permitId, { tagId: tag.id }, null);
    const replay = (await other.push())!.results;
    expect(replay.map((r) => r.outcome)).toEqual(['conflict', 'rejected', 'rejected']);
    const row = await db()
      .selectFrom('tags')
      .select(['state', 'version'])
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'removed', version: 2 });
  });
});

describe('a note on a tag queued offline', () => {
  it('applies once with the device chain (a note after an apply on the same tag), and a resend answers the first result', async () => {
    const permitId = await lotoPermit(t, tokens.worker!, `Note ${randomUUID()}`);
    await db().updateTable('permits').set({ holder_id: userIds.worker! }).where('id', '=', permitId).execute();
    const [point] = await planPoints(db(), permitId, 1);
    const tag = await putTag(db(), permitId, point!, userIds.worker!, 'planned');
    const d = await device('worker');
    const sent = [
      d.queue('tag.apply', permitId, { tagId: tag.id }, 0),
      d.queue('tag.note', permitId, { tagId: tag.id, note: 'Hasp on the breaker cover' }, 0),
    ];
    expect((await d.push())!.results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    // The answer was lost: the device sends both again, and nothing is applied twice.
    expect((await d.push(sent))!.results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const row = await db()
      .selectFrom('tags')
      .select(['state', 'notes'])
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('applied');
    expect(row.notes).toEqual([expect.objectContaining({ text: 'Hasp on the breaker cover', byId: userIds.worker })]);
  });
});

describe('R30: permission revoked while offline', () => {
  it('rejects every queued command with its reason, keeps them visible, tells the supervisor; none dropped', async () => {
    const d = await device('worker');
    const title = `R30 ${randomUUID()}`;
    const permit = await newPermit(title);
    const local = `local:${randomUUID()}`;
    d.queue('permit.create', local, permitDraft(lotoId, { title: `${title} new` }), null);
    d.queue('permit.edit', local, permitCore({ title: `${title} new v1` }), 0);
    d.queue('permit.edit', permit.ID, permitCore({ title: `${title} v1` }), permit.version);
    d.queue('permit.request', permit.ID, {}, permit.version);
    const before = d.outbox.length;
    // While the device is offline, the Authorized Workers lose permit:create:LOTO.
    const group = await db()
      .selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 1)
      .where('name', '=', 'Authorized Workers')
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom('group_permissions')
      .where('group_id', '=', group.id)
      .where('permission', '=', 'permit:create:LOTO')
      .execute();
    await d.drain();
    const outcomes = [...d.answers.values()].map((r) => r.outcome);
    const count = (o: string) => outcomes.filter((x) => x === o).length;
    console.log(
      `R30 sync: before ${before} = applied ${count('applied')} + conflicted ${count('conflict')} + rejected ${count('rejected')}`,
    );
    expect(count('applied') + count('conflict') + count('rejected')).toBe(before);
    expect(count('rejected')).toBe(before);
    for (const r of d.answers.values()) expect(r.error!.message.length).toBeGreaterThan(0);
    expect(d.answers.get(d.answers.keys().next().value!)!.error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this',
    });
    const mine = await issuesOf('worker', '?outcome=rejected');
    expect(mine.filter((i) => i.deviceId === d.deviceId)).toHaveLength(before);
    const supervisors = await issuesOf('supervisor');
    expect(supervisors.filter((i) => i.deviceId === d.deviceId)).toHaveLength(before);
    const told = await db()
      .selectFrom('notifications')
      .select('user_id')
      .where('user_id', '=', userIds.supervisor!)
      .where('title', 'like', 'An offline change was rejected%')
      .execute();
    expect(told.length).toBeGreaterThanOrEqual(before);
    expect(
      (await db().selectFrom('permits').select('title').where('id', '=', permit.ID).executeTakeFirstOrThrow()).title,
    ).toBe(title);
  });
});
