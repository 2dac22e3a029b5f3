import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditVerification } from '@hasp/contracts';
import { createTestApp, login, superuserUrl, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  adminId = (await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const auditRows = (entityType: string, entityId: string | number) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'facility_id', 'field', 'before', 'after'])
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();

describe('Translations write audit rows', () => {
  it('records each saved and cleared translation, connection-wide, with before and after', async () => {
    const spanish = (await t.app.inject({ url: '/api/languages?connectionStringName=Demo' }))
      .json<{ ID: number; code: string }[]>()
      .find((l) => l.code === 'es')!;
    const row = (await call('admin', 'GET', `/api/translations?languageId=${spanish.ID}`)).json<
      { captionID: number; preferredCaption: string | null }[]
    >()[0]!;
    const url = `/api/translations/${row.captionID}/languages/${spanish.ID}`;
    expect((await call('admin', 'PUT', url, { preferredCaption: 'Primero' })).statusCode).toBe(200);
    expect((await call('admin', 'PUT', url, { preferredCaption: 'Segundo' })).statusCode).toBe(200);
    // Saving the same text again changes nothing and writes nothing.
    expect((await call('admin', 'PUT', url, { preferredCaption: 'Segundo' })).statusCode).toBe(200);
    expect((await call('admin', 'PUT', url, { preferredCaption: null })).statusCode).toBe(200);

    const rows = await auditRows('caption', row.captionID);
    expect(
      rows.map((r) => [r.before, r.after].map((v) => (v as { preferredCaption: unknown }).preferredCaption)),
    ).toEqual([
      [row.preferredCaption, 'Primero'],
      ['Primero', 'Segundo'],
      ['Segundo', null],
    ]);
    expect(rows[0]).toMatchObject({
      action: 'translation.update',
      user_id: adminId,
      facility_id: null,
      field: 'preferredCaption:es',
      after: { language: 'es' },
    });
  });

  it('writes no audit row for an unknown caption', async () => {
    const before = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      (await call('admin', 'PUT', '/api/translations/999999/languages/1', { preferredCaption: 'x' })).statusCode,
    ).toBe(404);
    const after = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('Announcement Manage writes audit rows', () => {
  it('records create, edit, publish, expire and archive in the facility with before and after', async () => {
    const draft = {
      title: 'Audit me',
      bodyHtml: '<p>First</p>',
      validFrom: new Date(Date.now() - 60_000).toISOString(),
      validTo: null,
      requiresAcknowledgement: false,
      audienceGroupIDs: [],
    };
    const created = (await call('admin', 'POST', '/api/announcement-manager/announcements', draft)).json<{
      ID: number;
    }>();
    const base = `/api/announcement-manager/announcements/${created.ID}`;
    expect((await call('admin', 'PUT', base, { ...draft, title: 'Audited' })).statusCode).toBe(200);
    for (const action of ['publish', 'expire', 'archive']) {
      expect((await call('admin', 'POST', `${base}/${action}`)).statusCode).toBe(200);
    }
    // Refused changes write nothing.
    expect((await call('admin', 'POST', `${base}/publish`)).statusCode).toBe(409);

    const rows = await auditRows('announcement', created.ID);
    expect(rows.map((r) => r.action)).toEqual([
      'announcement.create',
      'announcement.update',
      'announcement.publish',
      'announcement.expire',
      'announcement.archive',
    ]);
    expect(rows.every((r) => r.facility_id === 1 && r.user_id === adminId)).toBe(true);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ title: 'Audit me', status: 'draft' });
    expect(rows[1]!.before).toMatchObject({ title: 'Audit me' });
    expect(rows[1]!.after).toMatchObject({ title: 'Audited' });
    expect(rows[4]!.before).toMatchObject({ status: 'expired' });
    expect(rows[4]!.after).toMatchObject({ status: 'archived' });
  });
});

describe('GET /api/admin/audit/verify', () => {
  it("verifies this facility's chain and the connection-wide one, and names the first broken row", async () => {
    const intact = await call('admin', 'GET', '/api/admin/audit/verify');
    expect(intact.statusCode).toBe(200);
    const ok = intact.json<AuditVerification>();
    expect(ok).toMatchObject({ ok: true, firstBroken: null });
    expect(ok.chains.map((c) => c.facilityID)).toEqual([null, 1]);
    expect(ok.checked).toBeGreaterThan(0);

    const victim = await db()
      .selectFrom('audit_log')
      .select(['id', 'chain_seq'])
      .where('entity_type', '=', 'announcement')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const client = new pg.Client({ connectionString: superuserUrl(t.connections[0]!.url) });
    await client.connect();
    try {
      await client.query('set session_replication_role = replica');
      await client.query(`update audit_log set after = '{"title": "Never said"}' where id = $1`, [victim.id]);
    } finally {
      await client.end();
    }
    const broken = (await call('admin', 'GET', '/api/admin/audit/verify')).json<AuditVerification>();
    expect(broken.ok).toBe(false);
    expect(broken.firstBroken).toEqual({
      facilityID: 1,
      position: Number(victim.chain_seq),
      ID: String(victim.id),
      reason: 'edited',
    });
  });

  it('needs the Administrator permission', async () => {
    expect((await call('worker', 'GET', '/api/admin/audit/verify')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/audit/verify' })).statusCode).toBe(401);
  });
});
