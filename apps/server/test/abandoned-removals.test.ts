import { randomBytes } from 'node:crypto';
import {
  signingRefusals,
  type AbandonedRemoval,
  type AbandonedRemovalCandidate,
  type Permit,
  type PermitApprovals,
} from '@hasp/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLock } from '../src/modules/locks';
import { createTestApp, login, type TestApp } from './test-app';
import { startSecondInstance } from './support/second-instance';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { firstAssetOf } from './support/asset-fixtures';
import { signedRemoval } from './support/signing';

/**
 * OSHA 1910.147 (e)(3) over the real server and PostgreSQL: only a holder of loto:remove-abandoned
 * removes another person's lock or tag, never their own, only with "not on site" confirmed and at
 * least one attempt recorded; the lock and tag really come off (marked abandoned), the applier is
 * notified, sees it at sign-in and alone acknowledges it; everything stays in its facility.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const users: Record<string, number> = {};
const tokens: Record<string, string> = {};
let isolationPointIds: number[] = [];
let createPermit: () => Promise<number>;
/** How many plan points each test permit has (the template has few asset points: each goes on a plan once). */
const pointsOn = new Map<number, number>();
let serialNo = 0;

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });

const attempts = [{ at: '2026-11-24T07:30:00Z', method: 'phone', outcome: 'No answer; voicemail left' }];
// Signed by the supervisor's password (decision 0101): removing someone else's lock takes over responsibility.
const body = (what: { lockApplicationId?: number; tagId?: number }, overrides: object = {}) => ({
  ...signedRemoval({
    ...what,
    applierNotOnSite: true,
    attempts,
    reason: 'Line must restart; Wren left for the day with the lock on',
  }),
  ...overrides,
});

async function planPoint(permitId: number): Promise<number> {
  const used = pointsOn.get(permitId) ?? 0;
  pointsOn.set(permitId, used + 1);
  const isolationPointId = isolationPointIds[used]!;
  const { id } = await db()
    .insertInto('permit_isolation_points')
    .values({
      facility_id: 1,
      permit_id: permitId,
      isolation_point_id: isolationPointId,
      position: 0,
      state: 'verified',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A lock applied at a new plan point by `who` (through the locks module), and optionally their applied tag there. */
async function lockedPoint(who: string, withTag = true, onPermit?: number) {
  serialNo += 1;
  const permitId = onPermit ?? (await createPermit());
  const planPointId = await planPoint(permitId);
  const serial = `AB-${serialNo}`;
  const lock = await db()
    .insertInto('locks')
    .values({ facility_id: 1, serial, kind: 'padlock', owner_id: users[who]!, status: 'issued' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lockApplicationId = await db()
    .transaction()
    .execute((trx) =>
      applyLock(trx, {
        facilityId: 1,
        lockId: lock.id,
        permitId,
        planPointId,
        userId: users[who]!,
        at: new Date('2026-11-24T06:00:00Z'),
      }),
    );
  const tag = withTag
    ? await db()
        .insertInto('tags')
        .values({
          facility_id: 1,
          number: `TAG-AB-${serialNo}`,
          permit_id: permitId,
          plan_point_id: planPointId,
          state: 'applied',
          applied_at: new Date('2026-11-24T06:01:00Z'),
          applied_by: users[who]!,
          status_token: randomBytes(16).toString('base64url'),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    : null;
  return { permitId, lockId: lock.id, serial, lockApplicationId, tagId: tag?.id ?? null, planPointId };
}

const applicationOf = (id: number) =>
  db().selectFrom('lock_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tagOf = (id: number) => db().selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const removalsOf = (permit: number) =>
  db().selectFrom('abandoned_removals').selectAll().where('permit_id', '=', permit).execute();

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.supervisorRiverside = (await login(t.app, { username: 'supervisor', facilityId: 2 })).json<{
    token: string;
  }>().token;
  const lotoTypeId = await permitTypeIdOf(db(), 'LOTO');
  const asset = await firstAssetOf(db());
  createPermit = async () => {
    const created = await call('worker', 'POST', '/api/permits', {
      permitTypeId: lotoTypeId,
      title: 'Abandoned removal test',
      description: 'd',
      workMethod: 'w',
      areaId: asset.area_id,
      assetIds: [asset.id],
      plannedStart: '2026-12-01T08:00:00Z',
      plannedEnd: '2026-12-01T12:00:00Z',
      holderId: null,
      riskLevel: null,
    });
    expect(created.statusCode).toBe(200);
    return created.json<Permit>().ID;
  };
  isolationPointIds = (
    await db().selectFrom('isolation_points').select('id').where('facility_id', '=', 1).orderBy('id').limit(3).execute()
  ).map((r) => r.id);
  expect(isolationPointIds.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => t?.close());
// The worker acknowledges whatever a test removed of theirs: until then the server refuses their
// other calls (e)(3)(iii), and each test starts from a worker who may work.
afterEach(async () => {
  for (const removal of (await call('worker', 'GET', '/api/me/abandoned-removals')).json<AbandonedRemoval[]>()) {
    expect((await call('worker', 'POST', `/api/me/abandoned-removals/${removal.ID}/acknowledge`)).statusCode).toBe(200);
  }
});

describe('abandoned lock removal (e)(3)', () => {
  it("removes the worker's lock and tag for a supervisor: marked abandoned, lock back to Issued, recorded, audited, applier notified", async () => {
    const point = await lockedPoint('worker');
    const response = await call(
      'supervisor',
      'POST',
      `/api/permits/${point.permitId}/abandoned-removals`,
      body({ lockApplicationId: point.lockApplicationId, tagId: point.tagId! }),
    );
    expect(response.statusCode).toBe(200);
    const removal = response.json<AbandonedRemoval>();
    expect(removal).toMatchObject({
      lockSerial: point.serial,
      tagNumber: `TAG-AB-${serialNo}`,
      applier: { ID: users.worker },
      supervisor: { ID: users.supervisor },
      attempts,
      acknowledgedAt: null,
      point: { code: expect.any(String) },
    });
    expect(await applicationOf(point.lockApplicationId)).toMatchObject({
      removal: 'abandoned',
      removed_by: users.supervisor,
    });
    const lock = await db()
      .selectFrom('locks')
      .select('status')
      .where('id', '=', point.lockId)
      .executeTakeFirstOrThrow();
    expect(lock.status).toBe('issued');
    expect(await tagOf(point.tagId!)).toMatchObject({ state: 'removed', removed_by: users.supervisor });
    const row = (await removalsOf(point.permitId)).find((r) => r.id === removal.ID)!;
    expect(row).toMatchObject({
      lock_application_id: point.lockApplicationId,
      tag_id: point.tagId,
      applier_id: users.worker,
      supervisor_id: users.supervisor,
      applier_not_on_site: true,
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'reason'])
      .where('entity_type', '=', 'abandoned-removal')
      .where('entity_id', '=', String(removal.ID))
      .execute();
    expect(audit).toEqual([{ action: 'abandoned-removal.record', user_id: users.supervisor, reason: body({}).reason }]);
    // The outbox delivers after commit: wait for the applier's notification to exist.
    await expect
      .poll(async () =>
        db()
          .selectFrom('notifications')
          .select(['title', 'body'])
          .where('user_id', '=', users.worker!)
          .where('title', 'like', '%your lock or tag was removed')
          .execute(),
      )
      .toEqual([
        {
          title: expect.stringContaining('Abandoned removal test: your lock or tag was removed'),
          body: expect.stringContaining(`Lock ${point.serial} and tag TAG-AB-${serialNo} removed by Sam Supervisor`),
        },
      ]);
  });

  it('refuses anyone without loto:remove-abandoned, and leaves the lock on', async () => {
    const point = await lockedPoint('supervisor', false);
    for (const who of ['worker', 'contractor']) {
      const response = await call(
        who,
        'POST',
        `/api/permits/${point.permitId}/abandoned-removals`,
        body({ lockApplicationId: point.lockApplicationId }),
      );
      expect(response.statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/permits/${point.permitId}/abandoned-removals/candidates`)).statusCode).toBe(
        403,
      );
    }
    expect(await applicationOf(point.lockApplicationId)).toMatchObject({ removed_at: null });
  });

  it('refuses a supervisor removing their own lock: that is an ordinary removal', async () => {
    const point = await lockedPoint('supervisor');
    const response = await call(
      'supervisor',
      'POST',
      `/api/permits/${point.permitId}/abandoned-removals`,
      body({ lockApplicationId: point.lockApplicationId, tagId: point.tagId! }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/You applied it yourself/);
    expect(await applicationOf(point.lockApplicationId)).toMatchObject({ removed_at: null });
    expect(await tagOf(point.tagId!)).toMatchObject({ state: 'applied' });
  });

  it('requires "not on site", at least one attempt to reach them, a reason, and something to remove', async () => {
    const point = await lockedPoint('worker');
    const url = `/api/permits/${point.permitId}/abandoned-removals`;
    const what = { lockApplicationId: point.lockApplicationId };
    for (const [payload, field] of [
      [body(what, { applierNotOnSite: false }), 'applierNotOnSite'],
      [body(what, { applierNotOnSite: undefined }), 'applierNotOnSite'],
      [body(what, { attempts: [] }), 'attempts'],
      [body(what, { attempts: [{ at: attempts[0]!.at, method: 'phone', outcome: '  ' }] }), 'attempts'],
      [body(what, { attempts: [{ ...attempts[0], method: 'carrier pigeon' }] }), 'attempts'],
      [body(what, { reason: '' }), 'reason'],
      [body({}), 'lockApplicationId'],
    ] as const) {
      const response = await call('supervisor', 'POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(field);
    }
    const future = await call(
      'supervisor',
      'POST',
      url,
      body(what, { attempts: [{ ...attempts[0], at: '2099-01-01T00:00:00Z' }] }),
    );
    expect(future.statusCode).toBe(400);
    expect(await applicationOf(point.lockApplicationId)).toMatchObject({ removed_at: null });
    expect((await removalsOf(point.permitId)).some((r) => r.lock_application_id === point.lockApplicationId)).toBe(
      false,
    );
  });

  it('removes a tag alone, and refuses a lock already removed (409) and a tag from another point', async () => {
    const a = await lockedPoint('worker');
    const b = await lockedPoint('worker', true, a.permitId);
    const url = `/api/permits/${a.permitId}/abandoned-removals`;
    const mismatch = await call(
      'supervisor',
      'POST',
      url,
      body({ lockApplicationId: a.lockApplicationId, tagId: b.tagId! }),
    );
    expect(mismatch.statusCode).toBe(400);
    const tagOnly = await call('supervisor', 'POST', url, body({ tagId: b.tagId! }));
    expect(tagOnly.statusCode).toBe(200);
    expect(tagOnly.json<AbandonedRemoval>()).toMatchObject({ lockSerial: null, tagNumber: expect.any(String) });
    expect(await tagOf(b.tagId!)).toMatchObject({ state: 'removed' });
    expect(await applicationOf(b.lockApplicationId)).toMatchObject({ removed_at: null });
    expect((await call('supervisor', 'POST', url, body({ tagId: b.tagId! }))).statusCode).toBe(409);
    expect((await call('supervisor', 'POST', url, body({ lockApplicationId: a.lockApplicationId }))).statusCode).toBe(
      200,
    );
    expect((await call('supervisor', 'POST', url, body({ lockApplicationId: a.lockApplicationId }))).statusCode).toBe(
      409,
    );
  });

  it('applies once for one Idempotency-Key: the retry answers the first removal', async () => {
    const point = await lockedPoint('worker', false);
    const send = () =>
      call(
        'supervisor',
        'POST',
        `/api/permits/${point.permitId}/abandoned-removals`,
        body({ lockApplicationId: point.lockApplicationId }),
        { 'idempotency-key': `ab-${point.lockApplicationId}` },
      );
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<AbandonedRemoval>().ID).toBe(first.json<AbandonedRemoval>().ID);
    expect(
      (await removalsOf(point.permitId)).filter((r) => r.lock_application_id === point.lockApplicationId),
    ).toHaveLength(1);
  });

  it("offers the supervisor others' locks with their tag, never the supervisor's own", async () => {
    const theirs = await lockedPoint('worker');
    const mine = await lockedPoint('supervisor', true, theirs.permitId);
    const response = await call('supervisor', 'GET', `/api/permits/${theirs.permitId}/abandoned-removals/candidates`);
    expect(response.statusCode).toBe(200);
    const candidates = response.json<AbandonedRemovalCandidate[]>();
    expect(candidates).toContainEqual(
      expect.objectContaining({
        lockApplicationId: theirs.lockApplicationId,
        tagId: theirs.tagId,
        applier: { ID: users.worker, displayName: 'Wren Worker' },
        point: expect.objectContaining({ code: expect.any(String) }),
      }),
    );
    expect(candidates.some((c) => c.lockApplicationId === mine.lockApplicationId || c.tagId === mine.tagId)).toBe(
      false,
    );
  });

  it('shows the applier their unacknowledged removals; only they acknowledge, once, audited', async () => {
    const point = await lockedPoint('worker', false);
    const recorded = await call(
      'supervisor',
      'POST',
      `/api/permits/${point.permitId}/abandoned-removals`,
      body({ lockApplicationId: point.lockApplicationId }),
    );
    const id = recorded.json<AbandonedRemoval>().ID;
    const mine = await call('worker', 'GET', '/api/me/abandoned-removals');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<AbandonedRemoval[]>().map((r) => r.ID)).toContain(id);
    expect(
      (await call('supervisor', 'GET', '/api/me/abandoned-removals')).json<AbandonedRemoval[]>().map((r) => r.ID),
    ).not.toContain(id);

    for (const who of ['supervisor', 'admin']) {
      expect((await call(who, 'POST', `/api/me/abandoned-removals/${id}/acknowledge`)).statusCode).toBe(403);
    }
    const ack = await call('worker', 'POST', `/api/me/abandoned-removals/${id}/acknowledge`);
    expect(ack.statusCode).toBe(200);
    expect(ack.json<AbandonedRemoval>().acknowledgedAt).not.toBeNull();
    const again = await call('worker', 'POST', `/api/me/abandoned-removals/${id}/acknowledge`);
    expect(again.statusCode).toBe(200);
    expect(again.json<AbandonedRemoval>().acknowledgedAt).toBe(ack.json<AbandonedRemoval>().acknowledgedAt);
    expect(
      (await call('worker', 'GET', '/api/me/abandoned-removals')).json<AbandonedRemoval[]>().map((r) => r.ID),
    ).not.toContain(id);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity_type', '=', 'abandoned-removal')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'abandoned-removal.record', user_id: users.supervisor },
      { action: 'abandoned-removal.acknowledge', user_id: users.worker },
    ]);
  });

  it("keeps to the facility: another facility's permit and removal are not found there", async () => {
    const point = await lockedPoint('worker', false);
    const elsewhere = await call(
      'supervisorRiverside',
      'POST',
      `/api/permits/${point.permitId}/abandoned-removals`,
      body({ lockApplicationId: point.lockApplicationId }),
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await call('supervisorRiverside', 'GET', `/api/permits/${point.permitId}/abandoned-removals/candidates`))
        .statusCode,
    ).toBe(404);
    expect(await applicationOf(point.lockApplicationId)).toMatchObject({ removed_at: null });
    const recorded = await call(
      'supervisor',
      'POST',
      `/api/permits/${point.permitId}/abandoned-removals`,
      body({ lockApplicationId: point.lockApplicationId }),
    );
    const id = recorded.json<AbandonedRemoval>().ID;
    expect((await call('supervisorRiverside', 'POST', `/api/me/abandoned-removals/${id}/acknowledge`)).statusCode).toBe(
      404,
    );
    // The supervisor's own list in Riverside never shows North Plant's removals.
    expect((await call('supervisorRiverside', 'GET', '/api/me/abandoned-removals')).json()).toEqual([]);
  });

  it('holds the applier on the server until they acknowledge: every other call is refused with the reason', async () => {
    const point = await lockedPoint('worker', false);
    const permit = `/api/permits/${point.permitId}`;
    // Read once before: the sign-in check is cached, and the removal must end that answer at once.
    expect((await call('worker', 'GET', permit)).statusCode).toBe(200);
    const recorded = await call(
      'supervisor',
      'POST',
      `${permit}/abandoned-removals`,
      body({ lockApplicationId: point.lockApplicationId }),
    );
    const id = recorded.json<AbandonedRemoval>().ID;
    for (const [method, url] of [
      ['GET', permit],
      ['GET', '/api/permits/index-columns'],
      ['GET', '/api/notifications'],
      ['POST', `${permit}/locks/commands/apply`],
    ] as const) {
      const refused = await call('worker', method, url, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(
        'A supervisor removed your lock or tag under OSHA 1910.147 (e)(3): acknowledge the removal to continue',
      );
    }
    // What the acknowledgement gate needs, and the profile, still answer.
    for (const url of ['/api/session/context', '/api/auth/me', '/api/profile', '/api/me/abandoned-removals']) {
      expect((await call('worker', 'GET', url)).statusCode, url).toBe(200);
    }
    // Only the applier is held.
    expect((await call('supervisor', 'GET', permit)).statusCode).toBe(200);
    expect((await call('worker', 'POST', `/api/me/abandoned-removals/${id}/acknowledge`)).statusCode).toBe(200);
    expect((await call('worker', 'GET', permit)).statusCode).toBe(200);
  });

  it('asks for a new password before the acknowledgement, then holds for the acknowledgement', async () => {
    const point = await lockedPoint('worker', false);
    const permit = `/api/permits/${point.permitId}`;
    await call(
      'supervisor',
      'POST',
      `${permit}/abandoned-removals`,
      body({ lockApplicationId: point.lockApplicationId }),
    );
    const mustChange = (value: boolean) =>
      db().updateTable('users').set({ must_change_password: value }).where('id', '=', users.worker!).execute();
    await mustChange(true);
    try {
      for (const url of [permit, '/api/me/abandoned-removals']) {
        const refused = await call('worker', 'GET', url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json<{ message: string }>().message).toBe('Change your password to continue');
      }
      expect((await call('worker', 'GET', '/api/profile')).statusCode).toBe(200);
    } finally {
      await mustChange(false);
    }
    expect((await call('worker', 'GET', '/api/me/abandoned-removals')).statusCode).toBe(200);
    expect((await call('worker', 'GET', permit)).json<{ message: string }>().message).toMatch(
      /acknowledge the removal/,
    );
  });

  it('holds and releases the applier on every server process at once (NOTIFY, not only its own writes)', async () => {
    const second = await startSecondInstance(t);
    try {
      const get = (path: string) =>
        fetch(`${second.url}${path}`, { headers: { authorization: `Bearer ${tokens.worker}` } });
      const path = '/api/permits/index-columns';
      // Until the second process listens, it asks the database every time: wait until it caches.
      for (const deadline = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 20))) {
        expect((await get(path)).status).toBe(200);
        if (second.app.accessCache.isCaching('Demo') && second.app.accessCache.size('Demo') > 0) break;
        if (Date.now() > deadline) throw new Error('the second process never started caching');
      }
      const until = async (status: number) => {
        for (const deadline = Date.now() + 5000; Date.now() < deadline;)
          if ((await get(path)).status === status) return;
        throw new Error(`no ${status} from the second process within 5 s`);
      };
      const point = await lockedPoint('worker', false);
      const recorded = await call(
        'supervisor',
        'POST',
        `/api/permits/${point.permitId}/abandoned-removals`,
        body({ lockApplicationId: point.lockApplicationId }),
      );
      await until(403);
      const id = recorded.json<AbandonedRemoval>().ID;
      expect((await call('worker', 'POST', `/api/me/abandoned-removals/${id}/acknowledge`)).statusCode).toBe(200);
      await until(200);
    } finally {
      await second.app.close();
    }
  });

  it("is signed: refused without the supervisor's password or with a wrong one (nothing removed), stored with its meaning", async () => {
    const point = await lockedPoint('worker');
    const url = `/api/permits/${point.permitId}/abandoned-removals`;
    const what = { lockApplicationId: point.lockApplicationId, tagId: point.tagId! };
    const unsigned = await call('supervisor', 'POST', url, body(what, { password: undefined }));
    expect(unsigned.statusCode, unsigned.body).toBe(400);
    expect(unsigned.body).toContain('Enter your password to sign');
    const wrong = await call('supervisor', 'POST', url, body(what, { password: 'not-the-password' }));
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json<{ message: string }>().message).toBe(signingRefusals.wrongPassword);
    // Refused: the lock and tag are still on, nothing recorded, nothing signed.
    expect(await applicationOf(point.lockApplicationId)).toMatchObject({ removal: null });
    expect(await tagOf(point.tagId!)).toMatchObject({ state: 'applied' });
    expect(await removalsOf(point.permitId)).toEqual([]);
    const signed = () =>
      db().selectFrom('permit_signatures').selectAll().where('permit_id', '=', point.permitId).execute();
    expect(await signed()).toEqual([]);

    expect((await call('supervisor', 'POST', url, body(what))).statusCode).toBe(200);
    expect(await signed()).toEqual([
      expect.objectContaining({
        verb: 'abandoned-removal',
        signer_id: users.supervisor,
        meaning: 'Removed the lock of an absent worker under 1910.147(e)(3)',
        stage_position: null,
      }),
    ]);
    // The permit's signatures (and so its PDF's signature block) show it.
    const shown = (
      await call('supervisor', 'GET', `/api/permits/${point.permitId}/signatures`)
    ).json<PermitApprovals>();
    expect(shown.signatures[0]).toMatchObject({ verb: 'abandoned-removal', valid: true, invalidated: null });
  });
});
