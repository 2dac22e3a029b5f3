import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import { addUser, groupId, userIdByName } from './support/user-fixtures';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * The escalation suite: every route that can change group membership, facility
 * membership, activation, passwords or connection-wide settings, taken from the server's route
 * table, is attacked by a helpdesk user (User Manage and NEW User Management only) and by an
 * administrator of one facility only. After every request the database is compared with its state
 * before: nobody may have gained a permission the caller does not hold, a facility the caller does
 * not administer, or an account-wide change (password, activation, unlock, sign-in name) unless the
 * user was wholly within the caller's reach. A new such route fails until it is listed here.
 */

// Mutating routes whose path says they may touch users, groups, facilities, passwords or settings.
const sensitive = /users|members|groups|permissions|password|facilit|activate|unlock|import|bulk|settings|grants/i;

type CallerName = 'helpdesk' | 'npAdmin';
interface Attack {
  name: string;
  url: () => string;
  body?: () => object;
}

// Routes that match the pattern but cannot hand out access, with the reason.
const unrelated: Record<string, string> = {
  'POST /api/asset-imports': 'imports assets, not users',
  'POST /api/asset-imports/:id/validate': 'imports assets, not users',
  'POST /api/asset-imports/:id/commit': 'imports assets, not users',
  'PUT /api/admin/facility-settings': "the facility's own settings (timeouts, modules, prefixes)",
  'PUT /api/facility-profile': "the facility's own name, address and language",
  'PUT /api/facility-profile/logo': "the facility's own logo",
  'DELETE /api/facility-profile/logo': "the facility's own logo",
  'PUT /api/security/groups/:id': 'renames a group; grants nothing',
  'PUT /api/security/lists': "switches the facility's own features (the caller's facility only)",
  'POST /api/security/groups': 'creates an empty group of the facility',
  'DELETE /api/security/groups/:id': 'deletes an empty group',
  'DELETE /api/security/groups/:id/members/:userId': 'takes a group away; grants nothing',
  'POST /api/profile/password': "the caller's own password, after their current one",
  'POST /api/admin/facilities': 'a new facility: only its creator is in it',
  'PUT /api/permit-types/groups/:id': 'permit groups (menus), not security groups',
  'DELETE /api/permit-types/groups/:id': 'permit groups (menus), not security groups',
  'POST /api/permit-types/groups': 'permit groups (menus), not security groups',
  'PUT /api/print-settings/tag-layouts/:layoutKey': "the facility's own tag layout styles (colours, legend, fields)",
  'POST /api/print-settings/tag-layouts/:layoutKey/preview': 'draws a sample tag PDF; changes nothing',
};

const ids: Record<string, number> = {};
let counter = 0;
const csv = (rows: string[][]) =>
  ['userName,displayName,email,groups,facilities,isActiveDirectoryUser', ...rows.map((r) => r.join(','))].join('\n');

const attacks: Record<string, Attack[]> = {
  'POST /api/security/users': [
    {
      name: 'create a user in the Administrators group',
      url: () => '/api/security/users',
      body: () => userInput({ userName: `esc-new-${++counter}`, groupIDs: [ids.npAdministrators!] }),
    },
    {
      name: 'create a user in a group with a permission the caller lacks',
      url: () => '/api/security/users',
      body: () => userInput({ userName: `esc-new-${++counter}`, groupIDs: [ids.legacy!] }),
    },
    {
      name: 'create a user with access to a facility the caller does not administer',
      url: () => '/api/security/users',
      body: () => userInput({ userName: `esc-new-${++counter}`, facilityIDs: [ids.riverside!] }),
    },
  ],
  'PUT /api/security/users/:id': [
    {
      name: 'put a plain user in the Administrators group',
      url: () => `/api/security/users/${ids.plain}`,
      body: () => userInput({ userName: 'esc-plain', groupIDs: [ids.npAdministrators!] }),
    },
    {
      name: 'give a plain user a facility the caller does not administer',
      url: () => `/api/security/users/${ids.plain}`,
      body: () => userInput({ userName: 'esc-plain', facilityIDs: [ids.riverside!] }),
    },
    {
      name: "take Riverside's administrator out of Riverside",
      url: () => `/api/security/users/${ids.rsAdmin}`,
      body: () => userInput({ userName: 'esc-rs-admin', groupIDs: [ids.npWorkers!], facilityIDs: [] }),
    },
    {
      name: 'rename the connection administrator (an SSO name the caller controls)',
      url: () => `/api/security/users/${ids.admin}`,
      body: () =>
        userInput({
          userName: 'admin-taken-over',
          displayName: 'Alex Admin',
          email: 'admin@hasp.example',
          groupIDs: [ids.npAdministrators!],
          facilityIDs: [ids.riverside!],
        }),
    },
    {
      name: 'switch the administrator to directory sign-in',
      url: () => `/api/security/users/${ids.admin}`,
      body: () =>
        userInput({
          userName: 'admin',
          displayName: 'Alex Admin',
          email: 'admin@hasp.example',
          isActiveDirectoryUser: true,
          groupIDs: [ids.npAdministrators!],
          facilityIDs: [ids.riverside!],
        }),
    },
  ],
  'POST /api/security/users/:id/deactivate': [
    { name: 'deactivate the administrator', url: () => `/api/security/users/${ids.admin}/deactivate` },
    { name: "deactivate Riverside's administrator", url: () => `/api/security/users/${ids.rsAdmin}/deactivate` },
    { name: 'deactivate the supervisor', url: () => `/api/security/users/${ids.supervisor}/deactivate` },
  ],
  'POST /api/security/users/:id/reactivate': [
    { name: 'reactivate a deactivated administrator', url: () => `/api/security/users/${ids.dormant}/reactivate` },
  ],
  'POST /api/security/users/:id/reset-password': [
    { name: "reset the administrator's password", url: () => `/api/security/users/${ids.admin}/reset-password` },
    {
      name: "reset Riverside's administrator's password",
      url: () => `/api/security/users/${ids.rsAdmin}/reset-password`,
    },
    { name: "reset the worker's password", url: () => `/api/security/users/${ids.worker}/reset-password` },
  ],
  'POST /api/security/users/:id/unlock': [
    { name: 'unlock a locked administrator', url: () => `/api/security/users/${ids.lockedBoss}/unlock` },
  ],
  'POST /api/admin/user-management/bulk': [
    {
      name: 'add the Administrators group to a plain user',
      url: () => '/api/admin/user-management/bulk',
      body: () => ({ action: 'addGroup', userIDs: [ids.plain], groupID: ids.npAdministrators }),
    },
    {
      name: 'add a group with a permission the caller lacks',
      url: () => '/api/admin/user-management/bulk',
      body: () => ({ action: 'addGroup', userIDs: [ids.plain], groupID: ids.legacy }),
    },
    {
      name: "deactivate the administrator and Riverside's administrator",
      url: () => '/api/admin/user-management/bulk',
      body: () => ({ action: 'deactivate', userIDs: [ids.admin, ids.rsAdmin] }),
    },
  ],
  'POST /api/admin/user-management/import': [
    {
      name: 'import a new user into the Administrators group',
      url: () => '/api/admin/user-management/import',
      body: () => ({ csv: csv([[`esc-csv-${++counter}`, 'New', '', 'Administrators', '', 'false']]) }),
    },
    {
      name: 'import a new user with access to Riverside',
      url: () => '/api/admin/user-management/import',
      body: () => ({
        csv: csv([[`esc-csv-${++counter}`, 'New', '', '', 'Riverside Chemical Processing Complex', 'false']]),
      }),
    },
    {
      name: 'rewrite the administrator through the import (drops Riverside, switches to the directory)',
      url: () => '/api/admin/user-management/import',
      body: () => ({ csv: csv([['admin', 'Alex Admin', '', 'Administrators', '', 'true']]) }),
    },
    {
      name: 'put a plain user in the Administrators group through the import',
      url: () => '/api/admin/user-management/import',
      body: () => ({ csv: csv([['esc-plain', 'Plain', '', 'Administrators', '', 'false']]) }),
    },
  ],
  'POST /api/security/groups/:id/members': [
    {
      name: 'add a plain user to a group with a permission the caller lacks',
      url: () => `/api/security/groups/${ids.legacy}/members`,
      body: () => ({ userId: ids.plain }),
    },
    {
      name: 'add a plain user to the Administrators group',
      url: () => `/api/security/groups/${ids.npAdministrators}/members`,
      body: () => ({ userId: ids.plain }),
    },
  ],
  'PUT /api/security/groups/:id/permissions': [
    {
      // npAdmin holds these in North Plant, so for them this is allowed (and the helpdesk keeps working).
      name: 'grant the Helpdesk group more',
      url: () => `/api/security/groups/${ids.helpdeskGroup}/permissions`,
      body: () => ({ permissions: [...userAdmin, 'rightnav:administrator', 'permit:issue:LOTO'] }),
    },
  ],
  'PUT /api/admin/settings/:key': [
    { name: 'change the SSO issuer', url: () => '/api/admin/settings/sso.idpIssuer', body: () => ({ value: 'evil' }) },
    {
      name: 'point the directory elsewhere',
      url: () => '/api/admin/settings/ldap.url',
      body: () => ({ value: 'ldap://evil.example:389' }),
    },
    {
      name: 'weaken the password policy',
      url: () => '/api/admin/settings/security.passwordMinLength',
      body: () => ({ value: 8 }),
    },
  ],
  'PUT /api/admin/facilities/:id': [
    {
      name: 'deactivate Riverside (locks out all its users)',
      url: () => `/api/admin/facilities/${ids.riverside}`,
      body: () => ({ name: 'Riverside Chemical Processing Complex', companyID: null, isActive: false }),
    },
  ],
  'DELETE /api/profile/sessions/:id': [
    // The caller's own devices only: another user's session ID is not found.
    { name: "sign out the administrator's device", url: () => `/api/profile/sessions/${adminSession}` },
  ],
};
let adminSession = '';

function userInput(extra: object) {
  return {
    userName: 'x',
    displayName: 'Escalation target',
    email: null,
    isActiveDirectoryUser: false,
    groupIDs: [] as number[],
    facilityIDs: [] as number[],
    ...extra,
  };
}

interface UserState {
  account: string;
  facilities: Set<number>;
  perms: Map<number, Set<string>>;
  connection: Set<string>;
}
interface Snapshot {
  users: Map<number, UserState>;
  connectionSettings: string;
  activeFacilities: string;
  facilityIds: Set<number>;
}

async function snapshot(db: Kysely<Database>): Promise<Snapshot> {
  const [users, memberships, grants, connection, settings, facilities, sessions] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        'id',
        'user_name',
        'display_name',
        'email',
        'is_active',
        'password_hash',
        'must_change_password',
        'locked_at',
        'is_active_directory_user',
      ])
      .execute(),
    db.selectFrom('user_facilities').select(['user_id', 'facility_id']).execute(),
    db
      .selectFrom('user_groups')
      .innerJoin('groups', 'groups.id', 'user_groups.group_id')
      .innerJoin('group_permissions', 'group_permissions.group_id', 'groups.id')
      .select(['user_groups.user_id', 'groups.facility_id', 'group_permissions.permission'])
      .execute(),
    db.selectFrom('connection_grants').select(['user_id', 'permission']).execute(),
    db.selectFrom('app_settings').select(['key', 'value']).where('facility_id', 'is', null).orderBy('key').execute(),
    db.selectFrom('facilities').select(['id', 'is_active']).orderBy('id').execute(),
    db
      .selectFrom('refresh_tokens')
      .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('revoked_at', 'is', null)
      .groupBy('user_id')
      .execute(),
  ]);
  const openSessions = new Map(sessions.map((s) => [s.user_id, Number(s.n)]));
  const map = new Map<number, UserState>();
  for (const u of users) {
    const { id, ...account } = u;
    // Ending someone's sessions is an account-wide change too.
    const state = { ...account, openSessions: openSessions.get(id) ?? 0 };
    map.set(id, { account: JSON.stringify(state), facilities: new Set(), perms: new Map(), connection: new Set() });
  }
  for (const m of memberships) map.get(m.user_id)!.facilities.add(m.facility_id);
  for (const g of grants) {
    const perms = map.get(g.user_id)!.perms;
    perms.set(g.facility_id, (perms.get(g.facility_id) ?? new Set()).add(g.permission));
  }
  for (const c of connection) map.get(c.user_id)!.connection.add(c.permission);
  return {
    users: map,
    connectionSettings: JSON.stringify(settings),
    activeFacilities: JSON.stringify(facilities),
    facilityIds: new Set(facilities.map((f) => f.id)),
  };
}

const userAdmin = ['rightnav:user-manage', 'rightnav:user-management'];

/** Everything in `after` that the caller could not have given: each entry names the user and what. */
function violations(before: Snapshot, after: Snapshot, callerId: number): string[] {
  const caller = before.users.get(callerId)!;
  const holds = (facility: number, p: string) => caller.perms.get(facility)?.has(p) ?? false;
  const administers = (facility: number) =>
    caller.facilities.has(facility) && userAdmin.some((p) => holds(facility, p));
  const found: string[] = [];
  for (const [id, now] of after.users) {
    const was = before.users.get(id);
    const who = was ? `user ${id}` : `new user ${id}`;
    for (const [facility, perms] of now.perms) {
      // A facility created by the request has only its creator in it.
      if (!before.facilityIds.has(facility)) continue;
      for (const p of perms) {
        if (!(was?.perms.get(facility)?.has(p) ?? false) && !holds(facility, p)) {
          found.push(`${who} gained ${p} in facility ${facility}`);
        }
      }
    }
    for (const p of now.connection) if (!was?.connection.has(p)) found.push(`${who} gained ${p}`);
    const changedFacilities = [
      ...[...now.facilities].filter((f) => !was?.facilities.has(f)),
      ...[...(was?.facilities ?? [])].filter((f) => !now.facilities.has(f)),
    ].filter((f) => before.facilityIds.has(f));
    for (const f of changedFacilities) if (!administers(f)) found.push(`${who}: facility ${f} given or taken away`);
    if (was && id !== callerId && was.account !== now.account) {
      const outside = [...was.facilities].filter((f) => !administers(f));
      const stronger = [...was.perms].some(([f, perms]) => [...perms].some((p) => !holds(f, p)));
      const strongerConnection = [...was.connection].some((p) => !caller.connection.has(p));
      if (outside.length || stronger || strongerConnection) {
        found.push(`${who} (beyond the caller's reach) had their account changed: ${was.account} → ${now.account}`);
      }
    }
  }
  if (before.connectionSettings !== after.connectionSettings && !caller.connection.has('connection:settings')) {
    found.push(`connection-wide settings changed: ${after.connectionSettings}`);
  }
  if (before.activeFacilities !== after.activeFacilities) {
    const was = JSON.parse(before.activeFacilities) as { id: number; is_active: boolean }[];
    const now = JSON.parse(after.activeFacilities) as { id: number; is_active: boolean }[];
    for (const f of was) {
      const changed = now.find((n) => n.id === f.id)?.is_active !== f.is_active;
      if (changed && !holds(f.id, 'rightnav:administrator')) found.push(`facility ${f.id} (de)activated`);
    }
  }
  return found;
}

let t: TestApp;
const routes: { method: string; url: string }[] = [];
const tokens: Partial<Record<CallerName, string>> = {};
const db = () => t.connections[0]!.db;

async function newGroup(facilityId: number, name: string, permissions: string[]) {
  const { id } = await db()
    .insertInto('groups')
    .values({ facility_id: facilityId, name, description: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('group_permissions')
    .values(permissions.map((permission) => ({ group_id: id, permission })))
    .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => routes.push(route) });
  ids.riverside = 2;
  ids.npAdministrators = await groupId(db(), 1, 'Administrators');
  ids.npWorkers = await groupId(db(), 1, 'Authorized Workers');
  const rsAdministrators = await groupId(db(), 2, 'Administrators');
  ids.helpdeskGroup = await newGroup(1, 'Helpdesk', userAdmin);
  // A grant no one else in North Plant holds (a permit type removed since).
  ids.legacy = await newGroup(1, 'Legacy', ['permit:view:GONE']);
  ids.admin = await userIdByName(db(), 'admin');
  ids.supervisor = await userIdByName(db(), 'supervisor');
  ids.worker = await userIdByName(db(), 'worker');
  ids.helpdesk = await addUser(db(), 'esc-helpdesk', [1], [ids.helpdeskGroup]);
  ids.npAdmin = await addUser(db(), 'esc-np-admin', [1], [ids.npAdministrators]);
  ids.plain = await addUser(db(), 'esc-plain', [1], []);
  ids.rsAdmin = await addUser(db(), 'esc-rs-admin', [1, 2], [ids.npWorkers, rsAdministrators]);
  ids.dormant = await addUser(db(), 'esc-dormant', [1], [ids.npAdministrators], { is_active: false });
  ids.lockedBoss = await addUser(db(), 'esc-locked-boss', [1], [ids.npAdministrators], { locked_at: new Date() });
  for (const [caller, userName] of [
    ['helpdesk', 'esc-helpdesk'],
    ['npAdmin', 'esc-np-admin'],
  ] as const) {
    const response = await login(t.app, { username: userName, password: `${userName}-password` });
    expect(response.statusCode).toBe(200);
    tokens[caller] = response.json<{ token: string }>().token;
  }
  const adminLogin = (await login(t.app, { username: 'admin' })).json<{ token: string }>().token;
  const sessions = await t.app.inject({
    url: '/api/profile/sessions',
    headers: { authorization: `Bearer ${adminLogin}` },
  });
  adminSession = sessions.json<{ ID: string }[]>()[0]!.ID;
});
afterAll(() => t.close());

const call = (caller: CallerName, method: string, url: string, body?: object) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${tokens[caller]}` },
    ...(body ? { payload: body } : {}),
  });

describe('escalation suite', () => {
  it('lists every route that can change groups, facilities, activation, passwords or shared settings', () => {
    const candidates = routes
      .filter((r) => r.url.startsWith('/api/') && !['GET', 'HEAD'].includes(r.method) && sensitive.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    const unlisted = candidates.filter((key) => !(key in attacks) && !(key in unrelated));
    expect(unlisted).toEqual([]);
    const stale = [...Object.keys(attacks), ...Object.keys(unrelated)].filter(
      (key) => !routes.some((r) => `${r.method} ${r.url}` === key),
    );
    expect(stale).toEqual([]);
  });

  it('never lets a helpdesk user or a one-facility administrator give what they could not hold or administer', async () => {
    const found: string[] = [];
    let requests = 0;
    let refused = 0;
    for (const [key, list] of Object.entries(attacks)) {
      const method = key.split(' ')[0]!;
      for (const attack of list) {
        for (const caller of ['helpdesk', 'npAdmin'] as const) {
          const before = await snapshot(db());
          const response = await call(caller, method, attack.url(), attack.body?.());
          const after = await snapshot(db());
          requests++;
          if (response.statusCode >= 400) refused++;
          if (response.statusCode >= 500) found.push(`${key} (${attack.name}) as ${caller}: ${response.statusCode}`);
          // The import answers 200 with its row report when it refuses: the database decides.
          for (const v of violations(before, after, ids[caller]!)) {
            found.push(`${key} (${attack.name}) as ${caller}: ${v}`);
          }
        }
      }
    }
    console.log(`escalation suite: ${requests} attacks on ${Object.keys(attacks).length} routes; ${refused} refused`);
    expect(found).toEqual([]);
  });
});

describe('what stays allowed', () => {
  it('lets the helpdesk user reset the password of a user who holds nothing more than they do', async () => {
    const id = await addUser(db(), 'esc-helpdesk-target', [1], []);
    const response = await call('helpdesk', 'POST', `/api/security/users/${id}/reset-password`);
    expect(response.statusCode).toBe(200);
    const row = await db().selectFrom('users').select('must_change_password').where('id', '=', id).executeTakeFirst();
    expect(row?.must_change_password).toBe(true);
  });

  it("refuses the helpdesk user a reset of the administrator's password, naming why, and changes nothing", async () => {
    const before = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', ids.admin!)
      .executeTakeFirst();
    const response = await call('helpdesk', 'POST', `/api/security/users/${ids.admin}/reset-password`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/facilities you do not administer|permissions you do not hold/);
    const after = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', ids.admin!)
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('lets a one-facility administrator give their own groups and facility and deactivate the administrator they created, though not reset their password', async () => {
    const created = await call(
      'npAdmin',
      'POST',
      '/api/security/users',
      userInput({ userName: 'esc-np-hire', groupIDs: [ids.npAdministrators!] }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ facilityIDs: [1], groups: [{ name: 'Administrators' }] });
    const id = created.json<{ ID: number }>().ID;
    // An administrator's password is reset only by a holder of the connection permission (self-service-refusals.test.ts).
    expect((await call('npAdmin', 'POST', `/api/security/users/${id}/reset-password`)).statusCode).toBe(403);
    expect((await call('npAdmin', 'POST', `/api/security/users/${id}/deactivate`)).statusCode).toBe(200);
  });

  it("keeps a user's facilities the caller does not administer when editing them here", async () => {
    const response = await call(
      'npAdmin',
      'PUT',
      `/api/security/users/${ids.rsAdmin}`,
      userInput({ userName: 'esc-rs-admin', displayName: 'esc-rs-admin', facilityIDs: [ids.riverside!] }),
    );
    // Their groups here change; Riverside stays as it was.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ facilityIDs: [1, 2], groups: [] });
  });

  it('drops the groups of a facility a user leaves, so a later return grants nothing old', async () => {
    const rsWorkers = await groupId(db(), 2, 'Authorized Workers');
    const id = await addUser(db(), 'esc-leaver', [1, 2], [rsWorkers]);
    const adminToken = (await login(t.app, { username: 'admin' })).json<{ token: string }>().token;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/security/users/${id}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: userInput({ userName: 'esc-leaver', displayName: 'esc-leaver', facilityIDs: [] }),
    });
    expect(response.statusCode).toBe(200);
    const groups = await db().selectFrom('user_groups').select('group_id').where('user_id', '=', id).execute();
    expect(groups).toEqual([]);
  });

  it('lets the demo admin (a connection grant) change connection-wide settings', async () => {
    const adminToken = (await login(t.app, { username: 'admin' })).json<{ token: string }>().token;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/security.passwordMinLength',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { value: 14 },
    });
    expect(response.statusCode).toBe(200);
    const context = await t.app.inject({
      url: '/api/session/context',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(context.json<{ permissions: string[] }>().permissions).toContain('connection:settings');
    const refused = await call('npAdmin', 'PUT', '/api/admin/settings/security.passwordMinLength', { value: 8 });
    expect(refused.statusCode).toBe(403);
  });
});
