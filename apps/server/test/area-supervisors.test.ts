import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Area, NotificationPreview, NotificationTemplateList, Permit } from '@hasp/contracts';
import { withoutQuestions } from './support/permit-answers';
import { permitCore, permitDraft } from './support/permit-draft';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { deviceOf, signIn } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';

/**
 * Area supervisors (decision 0080) over the real server and PostgreSQL: set with the area's audited,
 * version-checked edit (Asset Manage permission, the facility's own active users only), inherited
 * by sub-areas with none of their own (the nearest area up with supervisors, never a sum), and
 * reached by a template's "area supervisors" relationship — in the inbox and in the preview. Also:
 * an offline conflict's notice now queues e-mail like the other events when a relay is configured.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
let lotoId: number;
const areaIds: Record<string, number> = {};

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  // A relay address (nothing is sent: no job queue here) makes the e-mail channel live: rows are queued.
  t = await createTestApp({ env: { HASP_SMTP_URL: 'smtp://127.0.0.1:9', HASP_PUBLIC_URL: 'https://hasp.test' } });
  await withoutQuestions(db());
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
  for (const username of ['admin', 'supervisor', 'worker', 'contractor'])
    tokens[username] = (await signIn(t.app, username, DEMO_PASSWORD)).token;
  tokens.adminRiverside = (await signIn(t.app, 'admin', DEMO_PASSWORD, 2)).token;
  for (const row of await db().selectFrom('areas').select(['id', 'number']).where('facility_id', '=', 1).execute())
    areaIds[row.number] = row.id;
  // Riverside has no demo areas: its administrator makes one.
  const riverside = await call('adminRiverside', 'POST', '/api/assets/areas', {
    number: 'R-100',
    name: 'Tank farm',
    description: '',
  });
  expect(riverside.statusCode, riverside.body).toBe(200);
  areaIds.riverside = riverside.json<Area>().ID;
  lotoId = await permitTypeIdOf(db(), 'LOTO');
}, 400_000);
afterAll(async () => t?.close());

const areaOf = async (id: number, as = 'admin') => (await call(as, 'GET', `/api/assets/areas/${id}`)).json<Area>();

/** Sets an area's supervisors through the area edit the screen sends (its number, name and text kept). */
async function setSupervisors(id: number, supervisorIds: number[], as = 'admin', version?: number) {
  const area = await areaOf(id, as);
  return call(as, 'PUT', `/api/assets/areas/${id}`, {
    number: area.number,
    name: area.name,
    description: area.description,
    supervisorIds,
    version: version ?? area.version,
  });
}

async function waitUntil<T>(check: () => Promise<T | undefined | null | false>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The worker's permit in the area (or, with null, on an asset of the area), requested: `permit.request` is raised. */
async function requestedPermit(title: string, place: { areaId: number | null; assetIds?: number[] }): Promise<Permit> {
  const created = await call('worker', 'POST', '/api/permits', permitDraft(lotoId, { title, ...place }));
  expect(created.statusCode, created.body).toBe(200);
  const requested = await call('worker', 'POST', `/api/permits/${created.json<Permit>().ID}/commands/request`, {});
  expect(requested.statusCode, requested.body).toBe(200);
  return requested.json<Permit>();
}

/** Who got the permit's "approval requested" notice in their inbox (waits for the one expected). */
async function readersOf(permit: Permit, expected: string): Promise<string[]> {
  const read = async () =>
    (
      await db()
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.user_id')
        .select('users.user_name')
        .where('notifications.link', '=', `/Permit/Edit/${permit.ID}`)
        .where('notifications.title', 'like', '%approval requested%')
        .execute()
    )
      .map((r) => r.user_name)
      .sort();
  await waitUntil(async () => (await read()).includes(expected), `${expected}'s notice of ${permit.number}`);
  return read();
}

describe('area supervisors on the area', () => {
  it('sets them with the area edit (audited, version checked); a sub-area without its own inherits them', async () => {
    const top = areaIds['A-100']!;
    const sub = areaIds['A-110']!;
    const before = await areaOf(top);
    expect(before).toMatchObject({ supervisors: [], inheritedSupervisors: null });
    const saved = await setSupervisors(top, [users.supervisor!]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Area>()).toMatchObject({
      supervisors: [{ ID: users.supervisor, displayName: 'Sam Supervisor' }],
      inheritedSupervisors: null,
      version: before.version + 1,
    });
    expect(await areaOf(sub)).toMatchObject({
      supervisors: [],
      inheritedSupervisors: {
        areaId: top,
        number: 'A-100',
        people: [{ ID: users.supervisor, displayName: 'Sam Supervisor' }],
      },
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'user_id'])
      .where('entity_type', '=', 'areas')
      .where('entity_id', '=', String(top))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'area.update',
      user_id: users.admin,
      before: { supervisorIds: [], version: before.version },
      after: { supervisorIds: [users.supervisor], version: before.version + 1 },
    });
  });

  it('refuses a stale version with a 409 and keeps the supervisors; an edit without supervisorIds keeps them', async () => {
    const top = areaIds['A-100']!;
    const current = await areaOf(top);
    const stale = await setSupervisors(top, [users.worker!], 'admin', current.version - 1);
    expect(stale.statusCode).toBe(409);
    expect((await areaOf(top)).supervisors.map((p) => p.ID)).toEqual([users.supervisor]);
    const renamed = await call('admin', 'PUT', `/api/assets/areas/${top}`, {
      number: current.number,
      name: current.name,
      description: 'Stamping presses, feeders and the die store',
      version: current.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Area>().supervisors.map((p) => p.ID)).toEqual([users.supervisor]);
  });

  it("never takes another facility's user, an inactive user or an unknown ID (400 on supervisorIds)", async () => {
    // Wren Worker belongs to North Plant only: Riverside's administrator cannot choose them.
    const riversideTop = areaIds.riverside!;
    const foreign = await setSupervisors(riversideTop, [users.worker!], 'adminRiverside');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ details: [{ field: 'supervisorIds' }] });
    expect(
      await db().selectFrom('area_supervisors').select('user_id').where('area_id', '=', riversideTop).execute(),
    ).toEqual([]);
    const unknown = await setSupervisors(areaIds['A-200']!, [999_999]);
    expect(unknown.statusCode).toBe(400);
    const inactive = await db()
      .insertInto('users')
      .values({ user_name: `gone-${randomUUID()}`, display_name: 'Gone', password_hash: 'x', is_active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_facilities').values({ user_id: inactive.id, facility_id: 1 }).execute();
    expect((await setSupervisors(areaIds['A-200']!, [inactive.id])).statusCode).toBe(400);
    // A North Plant area is not Riverside's to edit at all.
    expect((await setSupervisors(areaIds['A-200']!, [users.supervisor!], 'admin')).statusCode).toBe(200);
    const crossing = await call('adminRiverside', 'PUT', `/api/assets/areas/${areaIds['A-200']}`, {
      number: 'A-200',
      name: 'Utilities',
      description: '',
      supervisorIds: [users.admin],
      version: 0,
    });
    expect(crossing.statusCode).toBe(404);
  });

  it('needs Asset Manage: a worker cannot set them (403), on create either', async () => {
    const area = await areaOf(areaIds['A-200']!, 'worker');
    expect((await setSupervisors(areaIds['A-200']!, [users.worker!], 'worker', area.version)).statusCode).toBe(403);
    const created = await call('worker', 'POST', '/api/assets/areas', {
      number: 'A-900',
      name: 'Mine',
      description: '',
      supervisorIds: [users.worker],
    });
    expect(created.statusCode).toBe(403);
    // An administrator creates a sub-area with its own supervisor in one go.
    const made = await call('admin', 'POST', '/api/assets/areas', {
      number: 'A-190',
      name: 'Die store',
      description: '',
      parentAreaId: areaIds['A-100'],
      supervisorIds: [users.contractor],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<Area>()).toMatchObject({
      supervisors: [{ ID: users.contractor }],
      inheritedSupervisors: null,
    });
  });
});

describe('the "area supervisors" relationship', () => {
  beforeAll(async () => {
    const list = (await call('admin', 'GET', '/api/notification-templates')).json<NotificationTemplateList>();
    const request = list.templates.find((x) => x.event === 'permit.request')!;
    expect(request.relationships).toContain('areaSupervisors');
    expect(list.templates.find((x) => x.event === 'sync.conflict')!.relationships).toContain('areaSupervisors');
    const saved = await call(
      'admin',
      'PUT',
      '/api/notification-templates/permit.request',
      { channels: ['inApp'], recipients: ['areaSupervisors'], groupIds: [], texts: request.texts },
      { 'if-match': `"${request.version}"` },
    );
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("reaches the area's own supervisors, and a sub-area's through its parent; a sub-area's own replace the parent's", async () => {
    // Sam (set above). A-110 has none of its own: Sam too. A-190 has its own: Casey only.
    const inTop = await requestedPermit('In the press shop', { areaId: areaIds['A-100']! });
    expect(await readersOf(inTop, 'supervisor')).toEqual(['supervisor']);
    const inSub = await requestedPermit('On press line 1', { areaId: areaIds['A-110']! });
    expect(await readersOf(inSub, 'supervisor')).toEqual(['supervisor']);
    const inOwn = await requestedPermit('In the die store', { areaId: (await areaByNumber('A-190')).id });
    expect(await readersOf(inOwn, 'contractor')).toEqual(['contractor']);
  });

  it("reaches the supervisors of a permit's assets' areas when the permit names no area", async () => {
    const press = await db().selectFrom('assets').select('id').where('number', '=', 'PR-001').executeTakeFirstOrThrow();
    const permit = await requestedPermit('On the press, no area given', { areaId: null, assetIds: [press.id] });
    expect(await readersOf(permit, 'supervisor')).toEqual(['supervisor']);
  });

  it('shows them in the live preview for the chosen permit, with the area they supervise', async () => {
    const permit = await requestedPermit('Preview me', { areaId: areaIds['A-110']! });
    const preview = await call('admin', 'POST', '/api/notification-templates/permit.request/preview', {
      permitId: permit.ID,
      subject: '{{number}}',
      body: '{{area}}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<NotificationPreview>().areaSupervisors).toEqual({
      area: 'A-100 Press shop',
      people: ['Sam Supervisor'],
    });
  });

  it("never reaches another facility's area supervisors, nor someone who left the facility (the parent's step in)", async () => {
    // Riverside's top area is supervised by the admin there; the North Plant permit in A-200 reaches Sam only.
    const riversideTop = areaIds.riverside!;
    expect((await setSupervisors(riversideTop, [users.admin!], 'adminRiverside')).statusCode).toBe(200);
    const permit = await requestedPermit('In utilities', { areaId: areaIds['A-200']! });
    expect(await readersOf(permit, 'supervisor')).toEqual(['supervisor']);
    // Casey leaves North Plant (still stored on A-190): A-190's permits go to A-100's Sam instead, as if it had none.
    await db().deleteFrom('user_facilities').where('user_id', '=', users.contractor!).execute();
    const gone = await requestedPermit('Die store after Casey left', { areaId: (await areaByNumber('A-190')).id });
    expect(await readersOf(gone, 'supervisor')).toEqual(['supervisor']);
    expect((await areaOf((await areaByNumber('A-190')).id)).inheritedSupervisors).toMatchObject({ number: 'A-100' });
    await db().insertInto('user_facilities').values({ user_id: users.contractor!, facility_id: 1 }).execute();
  });
});

describe('offline conflicts by e-mail', () => {
  it("queues the conflict's e-mail for the user and the offline supervisors, and the area supervisors when chosen", async () => {
    const permit = await requestedPermit(`Offline ${randomUUID()}`, { areaId: areaIds['A-110']! });
    const list = (await call('admin', 'GET', '/api/notification-templates')).json<NotificationTemplateList>();
    const conflict = list.templates.find((x) => x.event === 'sync.conflict')!;
    expect(conflict.channels).toEqual(['inApp', 'email']);
    const saved = await call(
      'admin',
      'PUT',
      '/api/notification-templates/sync.conflict',
      { ...conflict, recipients: ['subject', 'areaSupervisors'], groupIds: [] },
      { 'if-match': `"${conflict.version}"` },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [worker, admin] = [
      await deviceOf(t.app, 'worker', DEMO_PASSWORD),
      await deviceOf(t.app, 'admin', DEMO_PASSWORD),
    ];
    worker.queue(
      'permit.edit',
      permit.ID,
      permitCore({ title: 'by worker', areaId: areaIds['A-110']! }),
      permit.version,
    );
    admin.queue('permit.cancel', permit.ID, { reason: 'by admin' }, permit.version);
    expect((await worker.push())!.results[0]).toMatchObject({ outcome: 'applied' });
    const lost = (await admin.push())!.results[0]!;
    expect(lost).toMatchObject({ outcome: 'conflict' });
    const emails = await db()
      .selectFrom('notification_emails')
      .select(['to_address', 'state', 'subject', 'facility_id'])
      .where('event', '=', 'sync.conflict')
      .where('source', '=', `sync:${lost.serverSeq}`)
      .orderBy('to_address')
      .execute();
    expect(emails).toEqual([
      {
        to_address: 'admin@hasp.example',
        state: 'queued',
        subject: expect.stringContaining('conflict'),
        facility_id: 1,
      },
      {
        to_address: 'supervisor@hasp.example',
        state: 'queued',
        subject: expect.stringContaining('conflict'),
        facility_id: 1,
      },
    ]);
  });
});

const areaByNumber = (number: string) =>
  db()
    .selectFrom('areas')
    .select('id')
    .where('facility_id', '=', 1)
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
