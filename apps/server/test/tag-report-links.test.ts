import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagReportLinks } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';

/** Tag Report Manage over the real server: links checked against the catalogues, saved, audited, scoped. */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
const call = (as: string, method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({
    method,
    url: '/api/tag-report-links',
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload ? { payload } : {}),
  });

async function typeSubject(code: string, facilityId = 1): Promise<`permit-type:${number}`> {
  const row = await db()
    .selectFrom('permit_types')
    .select('id')
    .where('code', '=', code)
    .where('facility_id', '=', facilityId)
    .executeTakeFirstOrThrow();
  return `permit-type:${row.id}`;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(() => t.close());

describe('tag report links', () => {
  it('lists every tag type, then each active permit type, with the seeded links', async () => {
    const response = await call('admin', 'GET');
    expect(response.statusCode).toBe(200);
    const { links } = response.json<TagReportLinks>();
    expect(links.slice(0, 4).map((l) => l.subject)).toEqual([
      'tag:lock-tag',
      'tag:isolation-point-tag',
      'tag:lockbox-tag',
      'tag:permit-tag',
    ]);
    expect(links[0]).toMatchObject({ tagType: 'lock-tag', layoutKey: 'tag-standard-3x5', reportKey: 'tag-summary' });
    expect(links[3]).toMatchObject({ layoutKey: null, reportKey: null });
    const loto = links.find((l) => l.permitType?.code === 'LOTO')!;
    expect(loto).toMatchObject({ layoutKey: 'permit-a4', reportKey: 'permit-full-record' });
  });

  it('saves links, reloads them, audits the change, and removes a link when both keys are empty', async () => {
    const hot = await typeSubject('HOT');
    const response = await call('admin', 'PUT', {
      links: [
        { subject: 'tag:permit-tag', layoutKey: 'tag-large-4x6', reportKey: 'tag-summary' },
        { subject: hot, layoutKey: 'permit-letter', reportKey: 'permit-summary' },
        { subject: 'tag:lockbox-tag', layoutKey: null, reportKey: null },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { links } = (await call('admin', 'GET')).json<TagReportLinks>();
    expect(links.find((l) => l.subject === 'tag:permit-tag')).toMatchObject({ layoutKey: 'tag-large-4x6' });
    expect(links.find((l) => l.subject === hot)).toMatchObject({
      layoutKey: 'permit-letter',
      reportKey: 'permit-summary',
    });
    expect(links.find((l) => l.subject === 'tag:lockbox-tag')).toMatchObject({ layoutKey: null, reportKey: null });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'tag-report-links.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toContainEqual({
      subject: 'tag:lockbox-tag',
      layoutKey: 'tag-standard-3x5',
      reportKey: 'lockbox-contents',
    });
    // The other facility keeps its own links.
    const riverside = (await call('adminRiverside', 'GET')).json<TagReportLinks>();
    expect(riverside.links.find((l) => l.subject === 'tag:permit-tag')).toMatchObject({ layoutKey: null });
  });

  it.each([
    [{ subject: 'tag:lock-tag', layoutKey: 'permit-a4', reportKey: 'tag-summary' }, 'permit-a4 is not a tag layout.'],
    [
      { subject: 'tag:lock-tag', layoutKey: 'tag-small-2x4', reportKey: 'permit-summary' },
      'permit-summary is not a tag report.',
    ],
    [{ subject: 'tag:lock-tag', layoutKey: 'nope', reportKey: 'tag-summary' }, 'nope is not a tag layout.'],
    [{ subject: 'tag:lock-tag', layoutKey: 'tag-small-2x4', reportKey: null }, 'Choose both a layout and a report'],
  ])('refuses a link that does not fit its subject: %o', async (link, message) => {
    const response = await call('admin', 'PUT', { links: [link] });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('refuses an unknown tag type and a permit type of another facility', async () => {
    expect(
      (await call('admin', 'PUT', { links: [{ subject: 'tag:banner', layoutKey: null, reportKey: null }] })).statusCode,
    ).toBe(400);
    const riversideLoto = await typeSubject('LOTO', 2);
    const response = await call('admin', 'PUT', {
      links: [{ subject: riversideLoto, layoutKey: 'permit-a4', reportKey: 'permit-summary' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('not a tag type or permit type of this facility');
  });

  it('needs Tag Report Manage', async () => {
    expect((await call('supervisor', 'GET')).statusCode).toBe(403);
    expect((await call('supervisor', 'PUT', { links: [] })).statusCode).toBe(403);
  });
});
