import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permitTypeSubject, type NumberingOverview } from '@hasp/contracts';
import { createKysely } from '../src/db/connections';
import { allocateNumber, previewNumber } from '../src/modules/numbering/allocate-number';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Numbering (Prefix Manage) over the real server and PostgreSQL: patterns checked with the bad
 * token named, the next-number preview, allocation under a 200-way race, the yearly reset in the
 * facility's time zone, and the background worker's prefixes call.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
const call = (as: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });

async function typeId(code: string, facilityId = 1): Promise<number> {
  const row = await db()
    .selectFrom('permit_types')
    .select('id')
    .where('code', '=', code)
    .where('facility_id', '=', facilityId)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(() => t.close());

describe('numbering patterns', () => {
  it('lists each active permit type, tags and lockboxes with the stored or default pattern and the next number', async () => {
    const response = await call('admin', 'GET', '/api/numbering');
    expect(response.statusCode).toBe(200);
    const overview = response.json<NumberingOverview>();
    expect(overview.facilityCode).toBe('NP');
    expect(overview.facilityCodeIsDefault).toBe(true);
    const loto = overview.subjects.find((s) => s.permitType?.code === 'LOTO')!;
    expect(loto).toMatchObject({ pattern: '{PREFIX}{YY}-{SEQ:5}', yearlyReset: true, isDefault: false });
    expect(loto.preview).toBe(`LOTO-${String(overview.year % 100).padStart(2, '0')}-00001`);
    const general = overview.subjects.find((s) => s.permitType?.code === 'GEN')!;
    expect(general).toMatchObject({ pattern: '{PREFIX}{SEQ:6}', isDefault: true, preview: 'GW-000001' });
    expect(overview.subjects.slice(-2).map((s) => s.subject)).toEqual(['tag', 'lockbox']);
    expect(overview.subjects.find((s) => s.subject === 'lockbox')!.preview).toBe('LB-NP-0001');
  });

  it.each([
    ['{PREFIX}{FOO}{SEQ:6}', '{FOO} is not a token'],
    ['{PREFIX}-{YYYY}', 'Add {SEQ:n}'],
    ['{PREFIX}{SEQ:13}', '{SEQ:13}: the number of digits must be 1 to 12.'],
    ['{PREFIX}{SEQ:0}', '{SEQ:0}: the number of digits must be 1 to 12.'],
    ['{SEQ:4}-{SEQ:4}', '{SEQ:4}: a pattern needs exactly one sequence number'],
    ['{PREFIX{SEQ:4}', '{PREFIX has no closing brace.'],
    ['LOTO {SEQ:4}', '“ ” cannot be used.'],
  ])('refuses the pattern %s, naming what is wrong', async (pattern, message) => {
    const subject = permitTypeSubject(await typeId('GEN'));
    const response = await call('admin', 'PUT', '/api/numbering', {
      facilityCode: 'NP',
      patterns: [{ subject, pattern, yearlyReset: false }],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; details: { field: string; message: string }[] }>();
    expect(body.message).toContain(message);
    expect(body.details[0]!.field).toBe(`patterns.${subject}`);
  });

  it('refuses permit-type tokens in the tag pattern and a facility code that is not capitals, digits or hyphens', async () => {
    const tag = await call('admin', 'PUT', '/api/numbering', {
      facilityCode: 'np',
      patterns: [{ subject: 'tag', pattern: '{TYPE}-{SEQ:4}', yearlyReset: false }],
    });
    expect(tag.statusCode).toBe(400);
    const details = tag.json<{ details: { field: string; message: string }[] }>().details;
    expect(details.map((d) => d.field)).toEqual(['facilityCode', 'patterns.tag']);
    expect(details[1]!.message).toBe('{TYPE} can only be used in the pattern of a permit type.');
  });

  it('refuses a permit type of another facility', async () => {
    const riversideLoto = permitTypeSubject(await typeId('LOTO', 2));
    const response = await call('admin', 'PUT', '/api/numbering', {
      facilityCode: 'NP',
      patterns: [{ subject: riversideLoto, pattern: '{SEQ:4}', yearlyReset: false }],
    });
    expect(response.statusCode).toBe(400);
    expect((await call('admin', 'GET', `/api/numbering/preview?subject=${riversideLoto}`)).statusCode).toBe(404);
  });

  it('saves the facility code and a pattern, audits the change, and leaves the other facility alone', async () => {
    const subject = permitTypeSubject(await typeId('CSE'));
    const response = await call('admin', 'PUT', '/api/numbering', {
      facilityCode: 'NPL',
      patterns: [{ subject, pattern: '{FAC}/{TYPE}/{YYYY}/{SEQ:3}', yearlyReset: true }],
    });
    expect(response.statusCode).toBe(200);
    const overview = response.json<NumberingOverview>();
    expect(overview.facilityCode).toBe('NPL');
    expect(overview.subjects.find((s) => s.subject === subject)!.preview).toBe(`NPL/CSE/${overview.year}/001`);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'facility_id'])
      .where('action', '=', 'numbering.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      facility_id: 1,
      before: { facilityCode: 'NP', patterns: [{ subject, pattern: '{PREFIX}{SEQ:6}', isDefault: true }] },
      after: { facilityCode: 'NPL', patterns: [{ subject, pattern: '{FAC}/{TYPE}/{YYYY}/{SEQ:3}' }] },
    });
    const riverside = (await call('adminRiverside', 'GET', '/api/numbering')).json<NumberingOverview>();
    expect(riverside.facilityCode).toBe('RCPC');
    expect(riverside.subjects.find((s) => s.permitType?.code === 'CSE')!.pattern).toBe('{PREFIX}{SEQ:6}');
  });

  it('needs Prefix Manage to read or change the patterns', async () => {
    expect((await call('worker', 'GET', '/api/numbering')).statusCode).toBe(403);
    expect((await call('worker', 'PUT', '/api/numbering', { facilityCode: 'X', patterns: [] })).statusCode).toBe(403);
  });
});

describe('allocating numbers', () => {
  it('gives 200 parallel allocations 200 distinct consecutive numbers', async () => {
    // A pool of its own with several connections, so the allocations really run at the same time.
    const pool = createKysely(t.connections[0]!.url, 8);
    try {
      const subject = permitTypeSubject(await typeId('ELEC'));
      const results = await Promise.all(
        Array.from({ length: 200 }, () => allocateNumber(pool, 1, subject, { now: new Date() })),
      );
      const sequences = results.map((r) => r.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(new Set(results.map((r) => r.number)).size).toBe(200);
      expect(results.map((r) => r.number)).toContain('EW-000200');
    } finally {
      await pool.destroy();
    }
  });

  it('previews the next number without using it', async () => {
    const subject = 'lockbox' as const;
    const first = await previewNumber(db(), 1, subject, { now: new Date() });
    expect(await previewNumber(db(), 1, subject, { now: new Date() })).toEqual(first);
    const preview = await call('worker', 'GET', '/api/numbering/preview?subject=lockbox');
    expect(preview.json()).toEqual({ subject, ...first });
    expect(await allocateNumber(db(), 1, subject, { now: new Date() })).toEqual(first);
    expect((await previewNumber(db(), 1, subject, { now: new Date() })).sequence).toBe(first.sequence + 1);
  });

  it('starts again at 1 in a new year when the pattern asks, counting the year in the facility time zone', async () => {
    const subject = 'tag' as const;
    const at = (iso: string) => ({ now: new Date(iso) });
    expect(await allocateNumber(db(), 1, subject, at('2030-06-01T12:00:00Z'))).toEqual({
      number: 'T-2030-00001',
      sequence: 1,
    });
    expect((await allocateNumber(db(), 1, subject, at('2030-12-31T12:00:00Z'))).number).toBe('T-2030-00002');
    // 03:00 UTC on 1 January is still 31 December in Chicago (North Plant).
    expect((await allocateNumber(db(), 1, subject, at('2031-01-01T03:00:00Z'))).number).toBe('T-2030-00003');
    expect((await allocateNumber(db(), 1, subject, at('2031-01-01T12:00:00Z'))).number).toBe('T-2031-00001');
    expect((await previewNumber(db(), 1, subject, at('2031-02-01T12:00:00Z'))).number).toBe('T-2031-00002');
  });

  it('keeps counting across years when the pattern does not reset', async () => {
    const subject = permitTypeSubject(await typeId('LTI'));
    const first = await allocateNumber(db(), 1, subject, { now: new Date('2030-06-01T12:00:00Z') });
    const second = await allocateNumber(db(), 1, subject, { now: new Date('2031-06-01T12:00:00Z') });
    expect([first.number, second.number]).toEqual(['LTI-NPL-0001', 'LTI-NPL-0002']);
  });

  it('gives the number back when the transaction that took it rolls back', async () => {
    const subject = permitTypeSubject(await typeId('HOT'));
    const before = await previewNumber(db(), 1, subject, { now: new Date() });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await allocateNumber(trx, 1, subject, { now: new Date() });
          throw new Error('permit not saved');
        }),
    ).rejects.toThrow('permit not saved');
    expect(await previewNumber(db(), 1, subject, { now: new Date() })).toEqual(before);
  });
});

describe('the background worker’s prefixes', () => {
  it('answers the prefixes keyed by permit type code, as the session context has them', async () => {
    const response = await call('worker', 'GET', '/api/numbering/prefixes?connectionStringName=Demo&facilityId=1');
    expect(response.statusCode).toBe(200);
    const context = (await call('worker', 'GET', '/api/session/context')).json<{
      facilitySettings: { prefixes: Record<string, string> };
    }>();
    expect(response.json()).toEqual({ prefixes: context.facilitySettings.prefixes });
    expect(response.json<{ prefixes: Record<string, string> }>().prefixes).toMatchObject({ LOTO: 'LOTO-', HOT: 'HW-' });
  });

  it('refuses a connection or facility other than the sign-in’s', async () => {
    expect(
      (await call('worker', 'GET', '/api/numbering/prefixes?connectionStringName=Demo&facilityId=2')).statusCode,
    ).toBe(403);
    expect(
      (await call('worker', 'GET', '/api/numbering/prefixes?connectionStringName=Other&facilityId=1')).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({ url: '/api/numbering/prefixes?connectionStringName=Demo&facilityId=1' });
    expect(anonymous.statusCode).toBe(401);
  });
});
