import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let adminId = 0;
let groupIds: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  adminId = (await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
  const groups = await db().selectFrom('groups').select(['id', 'name']).where('facility_id', '=', 1).execute();
  groupIds = Object.fromEntries(groups.map((g) => [g.name, g.id]));
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) => call(tokens.admin!, method, url, payload);
const base = '/api/admin/user-management';
const header = 'userName,displayName,email,groups,facilities,isActiveDirectoryUser';

async function createUser(userName: string, extra: object = {}) {
  const response = await asAdmin('POST', '/api/security/users', {
    userName,
    displayName: `${userName} Test`,
    email: null,
    isActiveDirectoryUser: false,
    groupIDs: [],
    facilityIDs: [],
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ ID: number }>().ID;
}
const groupsOf = async (userId: number) =>
  (await db().selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute())
    .map((r) => r.group_id)
    .sort((a, b) => a - b);
const auditCount = () =>
  db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
const userCount = () =>
  db()
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe('NEW User Management overview', () => {
  it('lists the facility’s active users with their facilities and their groups here, and the choices', async () => {
    const response = await asAdmin('GET', `${base}?search=admin`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items).toEqual([
      expect.objectContaining({
        userName: 'admin',
        isActive: true,
        facilities: [
          { ID: 1, name: 'North Plant' },
          { ID: 2, name: 'Riverside Chemical Processing Complex' },
        ],
        // The demo administrator also signs as the safety officer (high-risk approval stage).
        groups: [
          { ID: groupIds.Administrators, name: 'Administrators' },
          { ID: groupIds['Safety Officers'], name: 'Safety Officers' },
        ],
      }),
    ]);
    expect(body.groups.map((g: { name: string }) => g.name)).toContain('Authorized Workers');
    expect(body.facilities).toHaveLength(2);
    const inactive = await createUser('overview.gone');
    await asAdmin('POST', `/api/security/users/${inactive}/deactivate`);
    const active = (await asAdmin('GET', `${base}?search=overview.gone`)).json();
    expect(active.total).toBe(0);
    const all = (await asAdmin('GET', `${base}?search=overview.gone&status=all`)).json();
    expect(all.total).toBe(1);
  });

  it('is refused without the right-nav permission', async () => {
    expect((await call(tokens.worker!, 'GET', base)).statusCode).toBe(403);
  });
});

describe('bulk actions', () => {
  it('adds and removes a group for many users, audited per user, counting unchanged ones', async () => {
    const a = await createUser('bulk.a');
    const b = await createUser('bulk.b', { groupIDs: [groupIds.Supervisors!] });
    const before = await auditCount();
    const add = await asAdmin('POST', `${base}/bulk`, {
      action: 'addGroup',
      userIDs: [a, b],
      groupID: groupIds.Supervisors,
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ action: 'addGroup', requested: 2, changed: 1, unchanged: 1 });
    expect(await groupsOf(a)).toEqual([groupIds.Supervisors]);
    expect(await auditCount()).toBe(before + 1);
    const remove = await asAdmin('POST', `${base}/bulk`, {
      action: 'removeGroup',
      userIDs: [a, b],
      groupID: groupIds.Supervisors,
    });
    expect(remove.json()).toMatchObject({ changed: 2 });
    expect(await groupsOf(a)).toEqual([]);
    expect(await groupsOf(b)).toEqual([]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(b))
      .where('action', '=', 'user.group.remove')
      .execute();
    expect(audit).toEqual([{ action: 'user.group.remove', user_id: adminId }]);
  });

  it('deactivates many users and ends their sessions', async () => {
    const a = await createUser('bulk.deact.a');
    const b = await createUser('bulk.deact.b');
    await asAdmin('POST', `/api/security/users/${a}/reset-password`).then(async (r) => {
      const { oneTimePassword } = r.json<{ oneTimePassword: string }>();
      expect((await login(t.app, { username: 'bulk.deact.a', password: oneTimePassword })).statusCode).toBe(200);
    });
    const response = await asAdmin('POST', `${base}/bulk`, { action: 'deactivate', userIDs: [a, b] });
    expect(response.json()).toEqual({ action: 'deactivate', requested: 2, changed: 2, unchanged: 0 });
    const rows = await db().selectFrom('users').select('is_active').where('id', 'in', [a, b]).execute();
    expect(rows.every((r) => !r.is_active)).toBe(true);
    const open = await db()
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', a)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('refuses every action when the caller is among the users, naming them, and writes nothing', async () => {
    const a = await createUser('bulk.self');
    const before = await auditCount();
    for (const payload of [
      { action: 'addGroup', groupID: groupIds.Supervisors },
      { action: 'removeGroup', groupID: groupIds.Administrators },
      { action: 'deactivate' },
    ]) {
      const response = await asAdmin('POST', `${base}/bulk`, { ...payload, userIDs: [a, adminId] });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].message).toContain('(admin)');
    }
    expect(await groupsOf(a)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it('is all or nothing: a user of another facility, or a group of another facility, changes nobody', async () => {
    const a = await createUser('bulk.all.a');
    const riversideOnly = await call(tokens.adminRiverside!, 'POST', '/api/security/users', {
      userName: 'bulk.riverside',
      displayName: 'Riverside Only',
      email: null,
      isActiveDirectoryUser: false,
      groupIDs: [],
      facilityIDs: [],
    });
    const outsider = riversideOnly.json<{ ID: number }>().ID;
    const mixed = await asAdmin('POST', `${base}/bulk`, {
      action: 'addGroup',
      userIDs: [a, outsider],
      groupID: groupIds.Supervisors,
    });
    expect(mixed.statusCode).toBe(404);
    expect(await groupsOf(a)).toEqual([]);
    const riversideGroups = await db()
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('facility_id', '=', 2)
      .execute();
    const riversideTarget = riversideGroups.find((g) => g.name === 'Supervisors')!.id;
    const otherGroup = await asAdmin('POST', `${base}/bulk`, {
      action: 'addGroup',
      userIDs: [a],
      groupID: riversideTarget,
    });
    expect(otherGroup.statusCode).toBe(400);
    expect(await groupsOf(a)).toEqual([]);
    const tooMany = await asAdmin('POST', `${base}/bulk`, {
      action: 'deactivate',
      userIDs: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('CSV import', () => {
  const importCsv = (csv: string, dryRun = false) => asAdmin('POST', `${base}/import`, { csv, dryRun });

  it('offers a template with the header', async () => {
    const response = await asAdmin('GET', `${base}/import-template`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.body.split('\r\n')[0]).toBe(header);
  });

  const corpus: { name: string; csv: string; problem: { row: number; column: string; value?: string } }[] = [
    { name: 'an empty file', csv: '', problem: { row: 1, column: '' } },
    {
      name: 'a missing column',
      csv: 'userName,displayName,email,groups,facilities\ncsv.x,X,,,',
      problem: { row: 1, column: 'isActiveDirectoryUser', value: '' },
    },
    {
      name: 'an unknown column',
      csv: `${header},phone\ncsv.x,X,,,,false,1`,
      problem: { row: 1, column: 'phone', value: 'phone' },
    },
    { name: 'a missing user name', csv: `${header}\n,Someone,,,,false`, problem: { row: 2, column: 'userName' } },
    { name: 'a missing name', csv: `${header}\ncsv.x,,,,,false`, problem: { row: 2, column: 'displayName' } },
    {
      name: 'a duplicate user name',
      csv: `${header}\ncsv.x,X,,,,false\nCSV.X,X2,,,,false`,
      problem: { row: 3, column: 'userName', value: 'CSV.X' },
    },
    {
      name: 'an unknown group',
      csv: `${header}\ncsv.x,X,,Supervisors;Wizards,,false`,
      problem: { row: 2, column: 'groups', value: 'Wizards' },
    },
    {
      name: 'an unknown facility',
      csv: `${header}\ncsv.x,X,,,Atlantis,false`,
      problem: { row: 2, column: 'facilities', value: 'Atlantis' },
    },
    {
      name: 'a bad e-mail',
      csv: `${header}\ncsv.x,X,not-an-email,,,false`,
      problem: { row: 2, column: 'email', value: 'not-an-email' },
    },
    { name: 'a bad boolean', csv: `${header}\ncsv.x,X,,,,maybe`, problem: { row: 2, column: 'isActiveDirectoryUser' } },
    { name: 'a short row', csv: `${header}\ncsv.x,X`, problem: { row: 2, column: '' } },
    { name: 'an open quote', csv: `${header}\ncsv.x,"X,,,,false`, problem: { row: 2, column: '' } },
    {
      name: 'the caller’s own account',
      csv: `${header}\nadmin,Alex,,Supervisors,,false`,
      problem: { row: 2, column: 'userName', value: 'admin' },
    },
  ];

  it.each(corpus)('reports $name at its row and column, writing nothing', async ({ csv, problem }) => {
    const [users, audits] = [await userCount(), await auditCount()];
    // A good row before the bad one proves nothing is written when any row is bad.
    const withGood = csv.startsWith(header) ? csv.replace(`${header}\n`, `${header}\ncsv.good,Good,,,,false\n`) : csv;
    const shifted = withGood === csv ? problem : { ...problem, row: problem.row + 1 };
    const response = await importCsv(withGood);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ valid: false, imported: false });
    expect(body.problems).toContainEqual(expect.objectContaining(shifted));
    expect(await userCount()).toBe(users);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses formula cells, naming the cell', async () => {
    for (const value of ['=1+1', '+SUM(A1)', '-2', '@cmd']) {
      const response = await importCsv(`${header}\ncsv.f,"${value}",,,,false`);
      const body = response.json();
      expect(body.valid).toBe(false);
      expect(body.problems).toEqual([
        expect.objectContaining({
          row: 2,
          column: 'displayName',
          value,
          message: expect.stringContaining('displayName of row 2'),
        }),
      ]);
    }
  });

  it('previews, then creates two users and updates one in one audited transaction', async () => {
    const existing = await createUser('csv.existing', { email: 'old@hasp.example' });
    const csv = [
      header,
      'csv.new1,New One,new1@hasp.example,Supervisors;Authorized Workers,Riverside Chemical Processing Complex,false',
      '"csv.new2","New, Two",,,,TRUE',
      'csv.existing,Existing Renamed,new@hasp.example,Contractors,,no',
      '',
    ].join('\r\n');
    const users = await userCount();
    const preview = (await importCsv(csv, true)).json();
    expect(preview).toMatchObject({ valid: true, dryRun: true, imported: false, created: 2, updated: 1, problems: [] });
    expect(preview.rows.map((r: { change: string; row: number }) => [r.row, r.change])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'update'],
    ]);
    expect(await userCount()).toBe(users);

    const done = (await importCsv(csv)).json();
    expect(done).toMatchObject({ valid: true, imported: true, created: 2, updated: 1 });
    expect(done.note).toContain('no password');
    expect(await userCount()).toBe(users + 2);
    const list = (await asAdmin('GET', `${base}?search=csv.`)).json();
    const byName = Object.fromEntries(list.items.map((u: { userName: string }) => [u.userName, u]));
    expect(byName['csv.new1']).toMatchObject({
      displayName: 'New One',
      facilities: [{ ID: 1 }, { ID: 2 }],
      groups: [{ name: 'Authorized Workers' }, { name: 'Supervisors' }],
    });
    expect(byName['csv.new2']).toMatchObject({ displayName: 'New, Two', facilities: [{ ID: 1 }], groups: [] });
    expect(byName['csv.existing']).toMatchObject({
      ID: existing,
      displayName: 'Existing Renamed',
      email: 'new@hasp.example',
      groups: [{ name: 'Contractors' }],
    });
    const created = await db()
      .selectFrom('users')
      .select(['password_hash', 'is_active_directory_user'])
      .where('user_name', '=', 'csv.new2')
      .executeTakeFirstOrThrow();
    expect(created).toEqual({ password_hash: null, is_active_directory_user: true });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(existing))
      .where('action', '=', 'user.update')
      .execute();
    expect(audit).toEqual([{ action: 'user.update', user_id: adminId }]);
  });

  it('refuses a file over 1 MB', async () => {
    const response = await importCsv(`${header}\n${'x'.repeat(1024 * 1024)}`);
    expect(response.statusCode).toBe(400);
  });
});
