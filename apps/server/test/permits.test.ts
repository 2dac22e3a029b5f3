import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit } from '@hasp/contracts';
import { permitDraft } from './support/permit-draft';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Permit storage and the first two permit commands over the real server and PostgreSQL: numbers
 * from the type's pattern (distinct under concurrency), the type's maximum validity, the type's
 * permissions, facility scoping, idempotent retries, and the database refusing deletes.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
let loto: { id: number; max_validity_hours: number };
let asset: { id: number; area_id: number };

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });

const start = new Date('2026-12-01T08:00:00Z');
const hours = (h: number) => new Date(start.getTime() + h * 3_600_000).toISOString();
const draft = (overrides: object = {}) =>
  permitDraft(loto.id, {
    areaId: asset.area_id,
    assetIds: [asset.id],
    plannedStart: start.toISOString(),
    ...overrides,
  });

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  loto = await db()
    .selectFrom('permit_types')
    .select(['id', 'max_validity_hours'])
    .where('facility_id', '=', 1)
    .where('code', '=', 'LOTO')
    .executeTakeFirstOrThrow();
  asset = await db()
    .selectFrom('assets')
    .select(['id', 'area_id'])
    .where('facility_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => t?.close());

describe('permits', () => {
  it("creates a draft numbered from the type's pattern, audited, with its event, readable by id", async () => {
    const preview = await call('worker', 'GET', `/api/numbering/preview?subject=permit-type:${loto.id}`);
    expect(preview.statusCode).toBe(200);
    const created = await call('worker', 'POST', '/api/permits', draft());
    expect(created.statusCode).toBe(200);
    const permit = created.json<Permit>();
    expect(permit.number).toBe(preview.json<{ number: string }>().number);
    expect(permit).toMatchObject({
      status: 'draft',
      revision: 0,
      version: 0,
      permitType: { code: 'LOTO' },
      assets: [{ ID: asset.id }],
      area: { ID: asset.area_id },
      requester: { displayName: expect.any(String) },
      holder: null,
      approvals: [],
    });
    const read = await call('worker', 'GET', `/api/permits/${permit.ID}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<Permit>()).toEqual(permit);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'permit.create')
      .execute();
    expect(audit).toContainEqual({ action: 'permit.create', entity_id: String(permit.ID) });
    // The audit's "after" is the permit as stored: what the API shows, less the caller's buttons and
    // the facility's time zone (the facility's, shown with the permit, not part of it).
    const { allowedCommands: _buttons, timeZone: _zone, ...stored } = permit;
    const { after } = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'permit.create')
      .where('entity_id', '=', String(permit.ID))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(stored);
    const events = await db()
      .selectFrom('domain_events')
      .select('entity_id')
      .where('name', '=', 'permit.created')
      .execute();
    expect(events).toContainEqual({ entity_id: String(permit.ID) });
  });

  it('gives 50 concurrent creations 50 distinct numbers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('admin', 'POST', '/api/permits', draft({ title: `Concurrent ${i}` }))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const numbers = responses.map((r) => r.json<Permit>().number);
    expect(new Set(numbers).size).toBe(50);
  });

  it("refuses a planned end beyond the type's maximum validity (400 naming plannedEnd), keeping the number", async () => {
    const before = await call('worker', 'GET', `/api/numbering/preview?subject=permit-type:${loto.id}`);
    const response = await call(
      'worker',
      'POST',
      '/api/permits',
      draft({ plannedEnd: hours(loto.max_validity_hours + 1) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { field: string }[] }>().details[0]!.field).toBe('plannedEnd');
    const after = await call('worker', 'GET', `/api/numbering/preview?subject=permit-type:${loto.id}`);
    expect(after.json()).toEqual(before.json());
    const endBeforeStart = await call('worker', 'POST', '/api/permits', draft({ plannedEnd: hours(-1) }));
    expect(endBeforeStart.statusCode).toBe(400);
  });

  it("refuses another facility's area or asset (400 naming the field)", async () => {
    const area = await db()
      .insertInto('areas')
      .values({ facility_id: 2, parent_area_id: null, number: 'RV-1', name: 'Riverside area' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await db()
      .insertInto('assets')
      .values({ facility_id: 2, area_id: area.id, parent_asset_id: null, number: 'RV-1-A', description: 'Pump' })
      .returning(['id', 'area_id'])
      .executeTakeFirstOrThrow();
    const byAsset = await call('worker', 'POST', '/api/permits', draft({ assetIds: [other.id] }));
    expect(byAsset.statusCode).toBe(400);
    expect(byAsset.json<{ details: { field: string }[] }>().details[0]!.field).toBe('assetIds');
    const byArea = await call('worker', 'POST', '/api/permits', draft({ areaId: other.area_id }));
    expect(byArea.json<{ details: { field: string }[] }>().details[0]!.field).toBe('areaId');
  });

  it("answers 403 without the type's create permission, and leaves no permit", async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('permits')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await call('contractor', 'POST', '/api/permits', draft())).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it("answers 404 for another facility's permit and its permit type", async () => {
    const permit = (await call('admin', 'POST', '/api/permits', draft())).json<Permit>();
    expect((await call('adminRiverside', 'GET', `/api/permits/${permit.ID}`)).statusCode).toBe(404);
    expect((await call('adminRiverside', 'POST', '/api/permits', draft())).statusCode).toBe(404);
  });

  it('applies a replayed creation (same Idempotency-Key) once', async () => {
    const headers = { 'idempotency-key': 'permit-create-replay-1' };
    const first = await call('worker', 'POST', '/api/permits', draft({ title: 'Replayed' }), headers);
    const again = await call('worker', 'POST', '/api/permits', draft({ title: 'Replayed' }), headers);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Permit>().ID).toBe(first.json<Permit>().ID);
    const rows = await db().selectFrom('permits').select('id').where('title', '=', 'Replayed').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses DELETE and TRUNCATE of permits in the database', async () => {
    const permit = await db().selectFrom('permits').select('id').executeTakeFirstOrThrow();
    await expect(db().deleteFrom('permits').where('id', '=', permit.id).execute()).rejects.toThrow(/never deleted/);
    // The application role has no TRUNCATE at all; the trigger refuses whoever else tries.
    await expect(sql`truncate permits cascade`.execute(db())).rejects.toThrow(/permission denied/);
    expect(await db().selectFrom('permits').select('id').where('id', '=', permit.id).executeTakeFirst()).toEqual(
      permit,
    );
  });

  it('has the free-text trigram index (pg_trgm ships with the embedded PostgreSQL)', async () => {
    const rows = await db()
      .selectFrom(sql<{ indexname: string }>`pg_indexes`.as('i'))
      .select('indexname')
      .where(sql<boolean>`tablename = 'permits'`)
      .execute();
    expect(rows.map((r) => r.indexname)).toContain('permits_search_trgm_ix');
  });
});
