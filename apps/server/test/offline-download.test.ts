import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expandOfflinePermits,
  type OfflineDownload,
  type Permit,
  type PermitQuestions,
  type PermitStatus,
} from '@hasp/contracts';
import { hashPassword } from '../src/modules/auth/password';
import { findCommand } from '../src/platform';
import { createTestApp, login, type TestApp } from './test-app';
import { permitDraft } from './support/permit-draft';
import { lotoPermit } from './support/tag-fixtures';

/**
 * Taking permits offline (decision 0056) over the real server and PostgreSQL (the demo
 * data): which permits a user takes, each section exactly as its GET route answers it, the versions
 * their queued commands will be checked against, permissions, and the facility scope.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};

const get = (as: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });
/**
 * The whole download, page after page (500 a page), each page's permits rebuilt from what it sends
 * once (`expandOfflinePermits`, as the device's storeDownload does, decision 0065): what the tests
 * below compare with the section routes is what a device stores.
 */
async function download(as: string, type = 'LOTO', scope = ''): Promise<OfflineDownload> {
  let after = 0;
  let whole: OfflineDownload | undefined;
  for (;;) {
    const response = await get(as, `/api/offline/permits?type=${type}&after=${after}&limit=500${scope}`);
    expect(response.statusCode, response.body).toBe(200);
    const wire = response.json<OfflineDownload>();
    const page = { ...wire, permits: expandOfflinePermits(wire.permits, wire.shared) };
    whole = whole ? { ...page, permits: [...whole.permits, ...page.permits] } : page;
    if (page.nextAfter === null) return whole;
    after = page.nextAfter;
  }
}
async function typeId(facilityId: number, code: string) {
  const row = await db()
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}
async function createDraft(as: string, facilityId: number, title: string): Promise<Permit> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/permits',
    headers: { authorization: `Bearer ${tokens[as]}` },
    payload: permitDraft(await typeId(facilityId, 'LOTO'), { title }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Permit>();
}

/**
 * Test data only: puts a permit in a state without walking its guards (they have their own tests);
 * what is under test is which permits the download takes, not how they got there.
 */
async function placeIn(id: number, status: PermitStatus) {
  await db().updateTable('permits').set({ status }).where('id', '=', id).execute();
}

const inProgress: PermitStatus[] = [
  'isolated',
  'issued',
  'active',
  'suspended',
  'live_for_test',
  'work_complete',
  'de_isolation',
];

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, username, facilityId] of [
    ['admin', 'admin', 1],
    ['worker', 'worker', 1],
    ['supervisor', 'supervisor', 1],
    ['adminRiverside', 'admin', 2],
  ] as const) {
    const response = await login(t.app, { username, facilityId });
    expect(response.statusCode, response.body).toBe(200);
    tokens[name] = response.json<{ token: string }>().token;
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/offline/permits', () => {
  it("takes the caller's own open permits and every permit under way, of the caller's facility only", async () => {
    const mine = await createDraft('worker', 1, 'Offline: worker draft');
    const othersDraft = await createDraft('admin', 1, 'Offline: admin draft');
    const othersActive = await createDraft('admin', 1, 'Offline: admin permit under way');
    await placeIn(othersActive.ID, 'active');
    const myClosed = await createDraft('worker', 1, 'Offline: worker closed');
    await placeIn(myClosed.ID, 'closed');
    const riverside = await createDraft('adminRiverside', 2, 'Offline: Riverside permit under way');
    await placeIn(riverside.ID, 'active');

    const worker = await download('worker');
    const supervisor = await download('supervisor');
    const ids = (d: OfflineDownload) => new Set(d.permits.map((p) => p.permit.ID));

    expect(worker.permitType).toMatchObject({ code: 'LOTO', name: 'LOTO Permit' });
    // The worker's own draft goes with the worker, not with a supervisor who is not on it.
    expect(ids(worker).has(mine.ID)).toBe(true);
    expect(ids(supervisor).has(mine.ID)).toBe(false);
    expect(ids(worker).has(othersDraft.ID)).toBe(false);
    expect(ids(worker).has(myClosed.ID)).toBe(false);
    // Work under way goes with everyone who may view the type.
    expect(ids(worker).has(othersActive.ID)).toBe(true);
    expect(ids(supervisor).has(othersActive.ID)).toBe(true);

    // Every LOTO permit of North Plant under way goes; none of another facility, none closed or cancelled.
    const rows = await db()
      .selectFrom('permits')
      .innerJoin('permit_types', 'permit_types.id', 'permits.permit_type_id')
      .select(['permits.id', 'permits.facility_id', 'permits.status', 'permits.voided_at'])
      .where('permit_types.code', '=', 'LOTO')
      .execute();
    const underWay = rows.filter((r) => r.facility_id === 1 && inProgress.includes(r.status) && !r.voided_at);
    expect(underWay.length).toBeGreaterThan(0);
    for (const row of underWay) expect(ids(worker).has(row.id)).toBe(true);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const download of [worker, supervisor]) {
      expect(download.permits.length).toBeGreaterThan(0);
      for (const { permit } of download.permits) {
        expect(byId.get(permit.ID)?.facility_id).toBe(1);
        expect(['closed', 'cancelled']).not.toContain(permit.status);
        expect(permit.permitType.code).toBe('LOTO');
      }
    }
    expect(rows.some((r) => r.facility_id === 2)).toBe(true);
    expect(ids(worker).has(riverside.ID)).toBe(false);
    // …and the same user in Riverside takes Riverside's, never North Plant's.
    const other = await download('adminRiverside');
    expect(ids(other).has(riverside.ID)).toBe(true);
    for (const { permit } of other.permits) expect(byId.get(permit.ID)?.facility_id).toBe(2);

    // `scope=mine` (the app's default): the worker's own work only, not another's under way; the
    // same pages otherwise.
    const own = await download('worker', 'LOTO', '&scope=mine');
    expect(ids(own).has(mine.ID)).toBe(true);
    expect(ids(own).has(othersActive.ID)).toBe(false);
    expect(ids(own).has(myClosed.ID)).toBe(false);
    expect(ids(own).size).toBeLessThan(ids(worker).size);
    for (const id of ids(own)) expect(ids(worker).has(id)).toBe(true);
    expect((await get('worker', '/api/offline/permits?type=LOTO&scope=everything')).statusCode).toBe(400);
  });

  /** A questions section without the values offered from the record (the online read's). */
  const withoutPrefills = (view: PermitQuestions): PermitQuestions => {
    const prefilled = view.stages.flatMap((s) => s.questions).filter((q) => q.prefill);
    // The demo's LOTO lockbox question names a fact: the online read offers it, so this compares something.
    expect(prefilled.length).toBeGreaterThan(0);
    return {
      ...view,
      stages: view.stages.map((s) => ({ ...s, questions: s.questions.map(({ prefill: _, ...q }) => q) })),
    };
  };

  it('answers each permit and section exactly as their GET routes do, with the versions they check', async () => {
    const planned = await lotoPermit(t, tokens.supervisor!, 'Offline: planned permit');
    const filled = await t.app.inject({
      method: 'POST',
      url: `/api/permits/${planned}/isolation-plan/commands/fill`,
      headers: { authorization: `Bearer ${tokens.supervisor}` },
      payload: {},
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const { permits, reference, downloadedAt } = await download('supervisor');
    expect(permits.map((p) => p.permit.ID)).toContain(planned);
    expect(Date.parse(downloadedAt)).not.toBeNaN();
    expect(reference['permit-type']).toMatchObject({ code: 'LOTO', name: 'LOTO Permit' });
    const people = reference.people as { ID: number; displayName: string }[];
    expect(people.map((p) => p.displayName)).toContain('Wren Worker');
    // The hazard analysis's pickers offline: the lists exactly as the pickers' route answers them.
    for (const list of ['hazards', 'controls']) {
      const online = await get('supervisor', `/api/assets/master-lists/${list}`);
      expect(online.statusCode, online.body).toBe(200);
      expect(reference[`master-list:${list}`]).toEqual(online.json());
      expect((reference[`master-list:${list}`] as unknown[]).length).toBeGreaterThan(0);
    }

    // The lock picker offline: each pool lock names the permit it is assigned to, the device keeps to
    // the permit's own (local-apply-locks.ts); a pool lock of no open permit is not carried at all.
    const serial = `OFF-POOL-${planned}`;
    const pool = await db()
      .insertInto('locks')
      .values({ facility_id: 1, serial, kind: 'padlock', assigned_permit_id: planned })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('locks')
      .values({ facility_id: 1, serial: `${serial}-FREE`, kind: 'padlock' })
      .execute();
    const again = await download('supervisor');
    const supervisorId = (
      await db().selectFrom('users').select('id').where('user_name', '=', 'supervisor').executeTakeFirstOrThrow()
    ).id;
    const carried = again.reference[`applicable-locks:${supervisorId}`] as {
      ID: number;
      serial: string;
      assignedPermit: unknown;
    }[];
    expect(carried.find((l) => l.ID === pool.id)).toMatchObject({ assignedPermit: { ID: planned } });
    expect(carried.map((l) => l.serial)).not.toContain(`${serial}-FREE`);
    const online = await get('supervisor', `/api/permits/${planned}/locks/applicable`);
    expect(online.json<{ serial: string }[]>().map((l) => l.serial)).toContain(serial);
    // A pool lock of a permit whose type the user may not view is not carried: the device never
    // learns that permit's number.
    // Test data only: a type of the facility no group may view (the type screens have their own tests).
    const group = await db()
      .selectFrom('permit_types')
      .select('permit_group_id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow();
    const hiddenType = await db()
      .insertInto('permit_types')
      .values({ facility_id: 1, permit_group_id: group.permit_group_id, code: 'HIDX', name: 'Hidden', prefix: 'HIDX' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hiddenPermit = await db()
      .insertInto('permits')
      .values({
        facility_id: 1,
        permit_type_id: hiddenType.id,
        number: `HIDDEN-${planned}`,
        status: 'issued',
        title: 'Not the supervisor’s to see',
        planned_start: new Date(),
        planned_end: new Date(Date.now() + 3_600_000),
        requester_id: supervisorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('locks')
      .values({ facility_id: 1, serial: `${serial}-HIDDEN`, kind: 'padlock', assigned_permit_id: hiddenPermit.id })
      .execute();
    const hidden = (await download('supervisor')).reference[`applicable-locks:${supervisorId}`] as {
      serial: string;
    }[];
    expect(hidden.map((l) => l.serial)).toContain(serial);
    expect(hidden.map((l) => l.serial)).not.toContain(`${serial}-HIDDEN`);

    const routes: Record<string, string> = {
      'isolation-plan': 'isolation-plan',
      tags: 'tags',
      questions: 'questions',
      'crew-sign-on': 'lockbox',
      'hazard-analysis': 'hazard-analysis',
      attachments: 'attachments',
    };
    // Where the section's commands check a version, it is the one its GET's ETag names (If-Match).
    const versionKeys: Record<string, string> = {
      'isolation-plan': 'isolation-plan',
      questions: 'permit-questions',
      'crew-sign-on': 'lockbox',
      'hazard-analysis': 'hazard-analysis',
    };
    const withPlan = permits.filter((p) => p.sections['isolation-plan']).slice(0, 4);
    expect(withPlan.length).toBeGreaterThan(0);
    for (const offline of withPlan) {
      const id = offline.permit.ID;
      const permit = await get('supervisor', `/api/permits/${id}`);
      expect(offline.permit).toEqual(permit.json());
      expect(offline.versions.permit).toBe(Number(permit.headers.etag?.replaceAll('"', '')));
      expect(Object.keys(offline.sections).sort()).toEqual(Object.keys(routes).sort());
      for (const [section, route] of Object.entries(routes)) {
        const answer = await get('supervisor', `/api/permits/${id}/${route}`);
        expect(answer.statusCode, answer.body).toBe(200);
        // The questions' values offered from the record are read online only (decision 0116): the
        // copy is the same section without them.
        expect(offline.sections[section], section).toEqual(
          section === 'questions' ? withoutPrefills(answer.json()) : answer.json(),
        );
        const key = versionKeys[section];
        if (key) expect(offline.versions[key], key).toBe(Number(answer.headers.etag?.replaceAll('"', '')));
      }
      const tags = offline.sections.tags as { ID: number; version: number }[];
      for (const tag of tags) expect(offline.versions[`tag:${tag.ID}`]).toBe(tag.version);
    }
  });

  it('answers a stored copy until a command changes its permit, then the permit as it now is (decision 0082)', async () => {
    const id = await lotoPermit(t, tokens.supervisor!, 'Offline: copy then command');
    const before = (await download('supervisor')).permits.find((p) => p.permit.ID === id)!;
    expect((before.sections['isolation-plan'] as { points: unknown[] }).points).toEqual([]);
    // The download stored the permit's copy.
    const stored = await sql<{ n: number }>`
      select count(*)::int as n from offline_permit_snapshots where permit_id = ${id}`.execute(db());
    expect(stored.rows[0]!.n).toBe(1);
    const filled = await t.app.inject({
      method: 'POST',
      url: `/api/permits/${id}/isolation-plan/commands/fill`,
      headers: { authorization: `Bearer ${tokens.supervisor}` },
      payload: {},
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const after = (await download('supervisor')).permits.find((p) => p.permit.ID === id)!;
    const plan = await get('supervisor', `/api/permits/${id}/isolation-plan`);
    expect(after.sections['isolation-plan']).toEqual(plan.json());
    expect((after.sections['isolation-plan'] as { points: unknown[] }).points.length).toBeGreaterThan(0);
    const tags = await get('supervisor', `/api/permits/${id}/tags`);
    expect(after.sections.tags).toEqual(tags.json());
    expect(after.permit).toEqual((await get('supervisor', `/api/permits/${id}`)).json());
  });

  it("names, per command prefix, the version that command's runner target locks and compares", async () => {
    const { permits } = await download('supervisor');
    const withTags = permits.find((p) => (p.sections.tags as unknown[]).length > 0);
    expect(withTags, 'a permit with tags (the filled plan plans them)').toBeDefined();
    if (!withTags) return;
    const id = withTags.permit.ID;
    const actor = { userId: 1, facilityId: 1, sessionId: 'test', deviceId: null };
    const targets: [string, string, number][] = [
      ['permit', 'permit.edit', id],
      ['lock', 'lock.apply', id],
      ['isolation-plan', 'isolation-plan.verify-point', id],
      ['permit-questions', 'permit-questions.answer', id],
      ['lockbox', 'lockbox.sign-on', id],
      ['hazard-analysis', 'hazard-analysis.add-line', id],
      ...(withTags.sections.tags as { ID: number }[]).map((tag): [string, string, number] => [
        `tag:${tag.ID}`,
        'tag.apply',
        tag.ID,
      ]),
    ];
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const [key, name, targetId] of targets) {
          const command = findCommand(name);
          expect(command, name).toBeDefined();
          const ctx = { actor, now: new Date() } as Parameters<NonNullable<typeof command>['target']['lock']>[3];
          const state = await command!.target.lock(trx, actor, targetId, ctx);
          expect(withTags.versions[key], `${key} (${name})`).toBe(state?.version);
        }
      });
  });

  it('sends what every permit repeats once a page: question versions, the risk matrix, the free devices', async () => {
    const response = await get('supervisor', '/api/offline/permits?type=LOTO&limit=500');
    const wire = response.json<OfflineDownload>();
    const withQuestions = wire.permits.filter((p) => p.sections.questions);
    expect(withQuestions.length).toBeGreaterThan(1);
    const ids = wire.shared.questionVersions.map((v) => v.ID);
    expect(new Set(ids).size).toBe(ids.length);
    type Stage = { questions: { question: unknown; answer: unknown }[] };
    let sentOnce = 0;
    for (const offline of withQuestions) {
      for (const sent of (offline.sections.questions as { stages: (Stage | number)[] }).stages) {
        // An unanswered stage is sent once a page (decision 0086), an answered one with its permit.
        const stage = typeof sent === 'number' ? (wire.shared.values[sent] as Stage) : sent;
        expect(stage.questions.every((q) => q.answer === null)).toBe(typeof sent === 'number');
        if (typeof sent === 'number') sentOnce += 1;
        for (const q of stage.questions) expect(typeof q.question).toBe('number');
      }
      expect(typeof (offline.sections['hazard-analysis'] as { matrix: unknown }).matrix).toBe('number');
    }
    expect(sentOnce).toBeGreaterThan(wire.shared.values.filter((v) => (v as Partial<Stage>).questions).length);
    const text = JSON.stringify(wire.permits);
    for (const v of wire.shared.questionVersions) expect(text).not.toContain(JSON.stringify(v.text));
    // One matrix for the facility, whatever the number of permits.
    expect(wire.shared.values.filter((v) => (v as { cells?: unknown }).cells)).toHaveLength(1);
  });

  it('answers in pages by permit ID: every permit once, in order, the last page saying so', async () => {
    const whole = await download('supervisor');
    expect(whole.permits.length).toBeGreaterThan(1);
    const paged: number[] = [];
    const starts: number[] = [];
    let listed: number[] | null = null;
    let after = 0;
    for (let pages = 0; pages < 1000; pages += 1) {
      const response = await get('supervisor', `/api/offline/permits?type=LOTO&after=${after}&limit=1`);
      const page = response.json<OfflineDownload>();
      // The first page names where every further page starts (the device asks for several at once).
      if (pages === 0) listed = page.pageStarts;
      else expect(page.pageStarts).toBeNull();
      // The reference data once a download, on its first page (decision 0078).
      if (pages === 0) expect(Object.keys(page.reference)).toContain('people');
      else expect(page.reference).toEqual({});
      expect(page.permits.length).toBeLessThanOrEqual(1);
      if (pages > 0) starts.push(after);
      paged.push(...page.permits.map((p) => p.permit.ID));
      if (page.nextAfter === null) break;
      expect(page.nextAfter).toBe(page.permits.at(-1)!.permit.ID);
      after = page.nextAfter;
    }
    expect(paged).toEqual(whole.permits.map((p) => p.permit.ID));
    expect(paged).toEqual([...paged].sort((a, b) => a - b));
    expect(starts.length).toBeGreaterThan(0);
    expect(listed).toEqual(starts);
    // A page over the limit is refused.
    expect((await get('supervisor', '/api/offline/permits?type=LOTO&limit=1001')).statusCode).toBe(400);
  });

  it('refuses a type the caller may not view (403), one not used offline (400) and an unknown one (404)', async () => {
    // A user of North Plant in no group may view no permit type.
    const outsider = await db()
      .insertInto('users')
      .values({
        user_name: 'offline-outsider',
        display_name: 'Otto Outsider',
        email: null,
        password_hash: await hashPassword('outsider-pass-2026'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_facilities').values({ user_id: outsider.id, facility_id: 1 }).execute();
    const signedIn = await login(t.app, { username: 'offline-outsider', password: 'outsider-pass-2026' });
    tokens.outsider = signedIn.json<{ token: string }>().token;
    expect((await get('outsider', '/api/offline/permits?type=LOTO')).statusCode).toBe(403);

    const notOffline = await get('supervisor', '/api/offline/permits?type=LTI');
    expect(notOffline.statusCode).toBe(400);
    expect(notOffline.json<{ message: string }>().message).toBe(
      'Long-Term Isolation permits cannot be used offline in this facility.',
    );
    const unknown = await get('supervisor', '/api/offline/permits?type=NOPE');
    expect(unknown.statusCode).toBe(404);
  });
});
