import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
});
afterAll(() => t.close());

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const draft = (extra: object = {}) => ({
  title: 'Lockout audit on Line 3',
  bodyHtml:
    '<h2>Audit</h2><p><strong>Tuesday</strong> <a href="https://hasp.example/audit">details</a></p><img src=x onerror=alert(1)><script>alert(2)</script>',
  validFrom: hourAgo(),
  validTo: null,
  requiresAcknowledgement: true,
  audienceGroupIDs: [],
  ...extra,
});

describe('announcements', () => {
  it('lets a manager create a draft, sanitizing the body, and publish it for everyone', async () => {
    const created = await call('admin', 'POST', '/api/announcement-manager/announcements', draft());
    expect(created.statusCode).toBe(200);
    const announcement = created.json();
    expect(announcement).toMatchObject({
      status: 'draft',
      title: 'Lockout audit on Line 3',
      author: { displayName: 'Alex Admin' },
      requiresAcknowledgement: true,
    });
    expect(announcement.bodyHtml).not.toMatch(/script|onerror/);
    expect(announcement.bodyHtml).toContain('<strong>Tuesday</strong>');
    expect((await call('worker', 'GET', '/api/announcements')).json()).toEqual([]);
    expect(
      (await call('admin', 'POST', `/api/announcement-manager/announcements/${announcement.ID}/publish`)).json().status,
    ).toBe('published');
    const seen = (await call('worker', 'GET', '/api/announcements')).json();
    expect(seen.map((a: { ID: number }) => a.ID)).toEqual([announcement.ID]);
    expect(seen[0].acknowledgedAt).toBeNull();
  });

  it('records an acknowledgement once, with who and when', async () => {
    const [announcement] = (await call('worker', 'GET', '/api/announcements')).json();
    const first = (await call('worker', 'POST', `/api/announcements/${announcement.ID}/acknowledge`)).json();
    expect(first.acknowledgedAt).not.toBeNull();
    const again = (await call('worker', 'POST', `/api/announcements/${announcement.ID}/acknowledge`)).json();
    expect(again.acknowledgedAt).toBe(first.acknowledgedAt);
    const acks = (
      await call('admin', 'GET', `/api/announcement-manager/announcements/${announcement.ID}/acknowledgements`)
    ).json();
    expect(acks).toEqual([
      {
        user: expect.objectContaining({ userName: 'worker', displayName: 'Wren Worker' }),
        acknowledgedAt: first.acknowledgedAt,
      },
    ]);
  });

  it('shows an announcement for chosen groups only to their members, newest first', async () => {
    const groups = await t.connections[0]!.db.selectFrom('groups')
      .select(['id', 'name'])
      .where('facility_id', '=', 1)
      .execute();
    const contractors = groups.find((g) => g.name === 'Contractors')!.id;
    const created = (
      await call(
        'admin',
        'POST',
        '/api/announcement-manager/announcements',
        draft({
          title: 'Contractor induction',
          audienceGroupIDs: [contractors],
          requiresAcknowledgement: false,
          validFrom: new Date(Date.now() - 60_000).toISOString(),
        }),
      )
    ).json();
    await call('admin', 'POST', `/api/announcement-manager/announcements/${created.ID}/publish`);
    expect(
      (await call('contractor', 'GET', '/api/announcements')).json().map((a: { title: string }) => a.title),
    ).toEqual(['Contractor induction', 'Lockout audit on Line 3']);
    expect((await call('worker', 'GET', '/api/announcements')).json().map((a: { title: string }) => a.title)).toEqual([
      'Lockout audit on Line 3',
    ]);
    expect((await call('worker', 'POST', `/api/announcements/${created.ID}/acknowledge`)).statusCode).toBe(404);
  });

  it('hides expired and archived announcements, and archived ones from the manager list unless asked', async () => {
    const created = (
      await call('admin', 'POST', '/api/announcement-manager/announcements', draft({ title: 'Short lived' }))
    ).json();
    await call('admin', 'POST', `/api/announcement-manager/announcements/${created.ID}/publish`);
    const expired = (
      await call('admin', 'POST', `/api/announcement-manager/announcements/${created.ID}/expire`)
    ).json();
    expect(expired.status).toBe('expired');
    expect(Date.parse(expired.validTo)).toBeLessThanOrEqual(Date.now());
    expect(
      (await call('worker', 'GET', '/api/announcements')).json().map((a: { title: string }) => a.title),
    ).not.toContain('Short lived');
    await call('admin', 'POST', `/api/announcement-manager/announcements/${created.ID}/archive`);
    expect(
      (await call('admin', 'GET', '/api/announcement-manager/announcements')).json().map((a: { ID: number }) => a.ID),
    ).not.toContain(created.ID);
    expect(
      (await call('admin', 'GET', '/api/announcement-manager/announcements?includeArchived=true'))
        .json()
        .map((a: { ID: number }) => a.ID),
    ).toContain(created.ID);
    expect(
      (await call('admin', 'PUT', `/api/announcement-manager/announcements/${created.ID}`, draft())).statusCode,
    ).toBe(404);
  });

  it("lists the caller's facility's groups for the audience, and only to managers", async () => {
    const groups = (await call('admin', 'GET', '/api/announcement-manager/groups')).json<
      { ID: number; name: string }[]
    >();
    const expected = await t.connections[0]!.db.selectFrom('groups')
      .select(['id', 'name'])
      .where('facility_id', '=', 1)
      .orderBy('name')
      .execute();
    expect(groups).toEqual(expected.map((g) => ({ ID: g.id, name: g.name })));
    expect(groups.length).toBeGreaterThan(0);
    expect((await call('worker', 'GET', '/api/announcement-manager/groups')).statusCode).toBe(403);
  });

  it('refuses the manager routes without the Announcement Manage permission', async () => {
    expect((await call('worker', 'POST', '/api/announcement-manager/announcements', draft())).statusCode).toBe(403);
    expect((await call('contractor', 'GET', '/api/announcement-manager/announcements')).statusCode).toBe(403);
    expect((await call('supervisor', 'GET', '/api/announcement-manager/announcements')).statusCode).toBe(200);
  });

  it('names what is wrong: no text, a window that ends before it starts, a group of another facility', async () => {
    const blank = await call(
      'admin',
      'POST',
      '/api/announcement-manager/announcements',
      draft({ bodyHtml: '<p><br></p><script>x</script>' }),
    );
    expect(blank.json().details).toEqual([{ field: 'bodyHtml', message: 'Text is required' }]);
    const window = await call(
      'admin',
      'POST',
      '/api/announcement-manager/announcements',
      draft({ validTo: new Date(Date.now() - 7_200_000).toISOString() }),
    );
    expect(window.json().details).toEqual([{ field: 'validTo', message: 'Valid to must be after valid from' }]);
    const foreign = await t.connections[0]!.db.selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 2)
      .executeTakeFirstOrThrow();
    const group = await call(
      'admin',
      'POST',
      '/api/announcement-manager/announcements',
      draft({ audienceGroupIDs: [foreign.id] }),
    );
    expect(group.json().details[0].field).toBe('audienceGroupIDs');
  });
});
