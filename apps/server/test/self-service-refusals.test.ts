import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import { addUser, groupId, userIdByName } from './support/user-fixtures';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

/**
 * Nobody serves themselves through the administrators' routes: a stolen access token of a user
 * administrator must not reset the owner's password (then sign in with the one-time password and
 * keep the account), nor change the owner's groups or facilities. Every administrators' route that
 * targets users is taken from the route table; each is either attacked here with the caller's own
 * account, or listed as not applicable with the reason. A new one fails until it is decided.
 */

// Administrators' routes (Security, Admin) that change a user: by ID in the path, as members, in bulk or by import.
const administrators = /^\/api\/(security|admin)\//;
const targetsUsers = /\/(users|members|user-management)(\/|$)|:userId|\/groups\/:id\/permissions$/;

interface SelfAttack {
  name: string;
  url: () => string;
  body?: () => object;
  /** The refusal: its status and what its message (or the import's row report) says. */
  status: number;
  says: RegExp;
}

const ids: Record<string, number> = {};
// The demo admin's groups in North Plant, as they are.
let adminGroups: number[] = [];
const csv = (row: string[]) => `userName,displayName,email,groups,facilities,isActiveDirectoryUser\n${row.join(',')}`;
const self = () => ids.admin!;
const ownAccount = (extra: object) => ({
  userName: 'admin',
  displayName: 'Alex Admin',
  email: 'admin@hasp.example',
  isActiveDirectoryUser: false,
  groupIDs: adminGroups,
  facilityIDs: [1, 2],
  ...extra,
});

const selfRefused: Record<string, SelfAttack[]> = {
  'POST /api/security/users/:id/reset-password': [
    {
      name: 'reset my own password (a one-time password I would then sign in with)',
      url: () => `/api/security/users/${self()}/reset-password`,
      status: 403,
      says: /cannot reset your own password here: change it in your User Profile/,
    },
  ],
  'PUT /api/security/users/:id': [
    {
      name: 'give myself another group',
      url: () => `/api/security/users/${self()}`,
      body: () => ownAccount({ groupIDs: [...adminGroups, ids.npWorkers!] }),
      status: 403,
      says: /cannot change your own groups/,
    },
    {
      name: 'take a facility from myself',
      url: () => `/api/security/users/${self()}`,
      body: () => ownAccount({ facilityIDs: [1] }),
      status: 403,
      says: /cannot change your own facilities/,
    },
    {
      name: 'switch my own sign-in to the directory',
      url: () => `/api/security/users/${self()}`,
      body: () => ownAccount({ isActiveDirectoryUser: true }),
      status: 403,
      says: /cannot change how your own account signs in/,
    },
    {
      // Single sign-on finds the account by name: a name the thief holds at the identity provider takes it.
      name: 'rename my own account to another sign-in name',
      url: () => `/api/security/users/${self()}`,
      body: () => ownAccount({ userName: 'admin-renamed' }),
      status: 403,
      says: /cannot change your own sign-in name; ask another administrator/,
    },
  ],
  'POST /api/security/users/:id/deactivate': [
    {
      name: 'deactivate myself',
      url: () => `/api/security/users/${self()}/deactivate`,
      status: 409,
      says: /cannot deactivate your own account/,
    },
  ],
  'POST /api/admin/user-management/bulk': [
    {
      name: 'add a group to myself in bulk',
      url: () => '/api/admin/user-management/bulk',
      body: () => ({ action: 'addGroup', userIDs: [self()], groupID: ids.npWorkers }),
      status: 400,
      says: /cannot change your own account/,
    },
    {
      name: 'take my own group away in bulk',
      url: () => '/api/admin/user-management/bulk',
      body: () => ({ action: 'removeGroup', userIDs: [self()], groupID: ids.npAdministrators }),
      status: 400,
      says: /cannot change your own account/,
    },
  ],
  'POST /api/admin/user-management/import': [
    {
      // The import answers 200 with its row report when a row is refused; nothing is written.
      name: 'rewrite my own groups and facilities through the import',
      url: () => '/api/admin/user-management/import',
      body: () => ({ csv: csv(['admin', 'Alex Admin', '', 'Authorized Workers', '', 'false']) }),
      status: 200,
      says: /cannot change your own account/,
    },
  ],
  'POST /api/security/groups/:id/members': [
    {
      name: 'add myself to a group',
      url: () => `/api/security/groups/${ids.npWorkers}/members`,
      body: () => ({ userId: self() }),
      status: 403,
      says: /cannot add yourself to a group/,
    },
  ],
  'DELETE /api/security/groups/:id/members/:userId': [
    {
      name: 'remove myself from a group',
      url: () => `/api/security/groups/${ids.npAdministrators}/members/${self()}`,
      status: 403,
      says: /cannot remove yourself from a group/,
    },
  ],
  'PUT /api/security/groups/:id/permissions': [
    {
      name: 'change the permissions of my own group',
      url: () => `/api/security/groups/${ids.npAdministrators}/permissions`,
      body: () => ({ permissions: ['rightnav:administrator'] }),
      status: 403,
      says: /cannot change the permissions of a group you belong to/,
    },
  ],
};

// Routes that target users but cannot change the caller's own password, groups or facilities.
const notApplicable: Record<string, string> = {
  'POST /api/security/users': 'creates a new user: never the caller',
  'POST /api/security/users/:id/reactivate': 'the caller is active (a deactivated account has no token)',
  'POST /api/security/users/:id/unlock':
    'lifts a sign-in lockout and resets the failure count; no password, group or facility changes',
};

interface OwnState {
  account: unknown;
  groups: number[];
  facilities: number[];
  groupPermissions: string[];
}

/** What a self-service request could change of the caller: account, sign-in, groups, facilities, their groups' grants. */
async function ownState(db: Kysely<Database>, userId: number): Promise<OwnState> {
  const [account, groups, facilities, groupPermissions] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        'user_name',
        'password_hash',
        'must_change_password',
        'is_active',
        'locked_at',
        'is_active_directory_user',
      ])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute(),
    db
      .selectFrom('user_facilities')
      .select('facility_id')
      .where('user_id', '=', userId)
      .orderBy('facility_id')
      .execute(),
    db
      .selectFrom('group_permissions')
      .innerJoin('user_groups', 'user_groups.group_id', 'group_permissions.group_id')
      .select(['group_permissions.group_id', 'group_permissions.permission'])
      .where('user_groups.user_id', '=', userId)
      .orderBy('group_permissions.group_id')
      .orderBy('group_permissions.permission')
      .execute(),
  ]);
  return {
    account,
    groups: groups.map((g) => g.group_id),
    facilities: facilities.map((f) => f.facility_id),
    groupPermissions: groupPermissions.map((g) => `${g.group_id}:${g.permission}`),
  };
}

let t: TestApp;
const routes: { method: string; url: string }[] = [];
const db = () => t.connections[0]!.db;
let adminToken = '';

const send = (token: string, method: string, url: string, body?: object) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => routes.push(route) });
  ids.admin = await userIdByName(db(), 'admin');
  ids.npAdministrators = await groupId(db(), 1, 'Administrators');
  ids.npWorkers = await groupId(db(), 1, 'Authorized Workers');
  adminToken = (await login(t.app)).json<{ token: string }>().token;
  adminGroups = (
    await db()
      .selectFrom('user_groups')
      .innerJoin('groups', 'groups.id', 'user_groups.group_id')
      .select('groups.id')
      .where('user_groups.user_id', '=', ids.admin)
      .where('groups.facility_id', '=', 1)
      .orderBy('groups.id')
      .execute()
  ).map((g) => g.id);
  expect(adminGroups).not.toContain(ids.npWorkers);
});
afterAll(() => t.close());

describe("self-service through administrators' routes", () => {
  it('decides every administrators’ route that targets users: refused for oneself, or not applicable with a reason', () => {
    const candidates = [
      ...new Set(
        routes
          .filter((r) => !['GET', 'HEAD'].includes(r.method) && administrators.test(r.url) && targetsUsers.test(r.url))
          .map((r) => `${r.method} ${r.url}`),
      ),
    ];
    expect(candidates.length).toBeGreaterThan(8);
    const undecided = candidates.filter((key) => !(key in selfRefused) && !(key in notApplicable));
    expect(undecided).toEqual([]);
    const stale = [...Object.keys(selfRefused), ...Object.keys(notApplicable)].filter((k) => !candidates.includes(k));
    expect(stale).toEqual([]);
  });

  it("refuses every route that changes the caller's own password, groups or facilities, with a clear reason, and changes nothing", async () => {
    const found: string[] = [];
    for (const [key, attacks] of Object.entries(selfRefused)) {
      const method = key.split(' ')[0]!;
      for (const attack of attacks) {
        const before = await ownState(db(), self());
        const response = await send(adminToken, method, attack.url(), attack.body?.());
        const after = await ownState(db(), self());
        const text =
          response.statusCode === 200
            ? JSON.stringify(response.json<{ problems?: unknown }>().problems ?? response.body)
            : response.json<{ message: string }>().message;
        if (response.statusCode !== attack.status || !attack.says.test(text)) {
          found.push(`${key} (${attack.name}): ${response.statusCode} ${response.body}`);
        }
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          found.push(
            `${key} (${attack.name}) changed the caller: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
          );
        }
      }
    }
    expect(found).toEqual([]);
    // The caller's own sign-in still works: nothing above ended it.
    expect((await send(adminToken, 'GET', '/api/session/context')).statusCode).toBe(200);
  });

  it("the owner's own password change always needs the current password", async () => {
    for (const body of [
      { newPassword: 'a-new-password-2026' },
      { currentPassword: 'not-my-password', newPassword: 'a-new-password-2026' },
    ]) {
      const response = await send(adminToken, 'POST', '/api/profile/password', body);
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await login(t.app)).toMatchObject({ statusCode: 200 });
  });
});

describe('a password reset of an administrator-level account', () => {
  it('is refused to a fellow administrator of the same facility without the connection permission', async () => {
    expect(await addUser(db(), 'self-np-admin', [1], [ids.npAdministrators!])).toBeGreaterThan(0);
    const colleague = await addUser(db(), 'self-np-colleague', [1], [ids.npAdministrators!]);
    const token = (await login(t.app, { username: 'self-np-admin', password: 'self-np-admin-password' })).json<{
      token: string;
    }>().token;
    const before = await ownState(db(), colleague);
    const reset = await send(token, 'POST', `/api/security/users/${colleague}/reset-password`);
    expect(reset.statusCode, reset.body).toBe(403);
    expect(reset.json().message).toMatch(
      /administrator: only someone holding the connection permission connection:settings/,
    );
    // A new sign-in name (an identity provider's name the caller holds) would hand it over too.
    const rename = await send(token, 'PUT', `/api/security/users/${colleague}`, {
      userName: 'self-np-colleague-sso',
      displayName: 'self-np-colleague',
      email: null,
      isActiveDirectoryUser: false,
      groupIDs: [ids.npAdministrators!],
      facilityIDs: [1],
    });
    expect(rename.statusCode, rename.body).toBe(403);
    // So would the import switching them to the directory (a directory account the caller holds).
    const imported = await send(token, 'POST', '/api/admin/user-management/import', {
      csv: csv(['self-np-colleague', 'self-np-colleague', '', 'Administrators', '', 'true']),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      imported: false,
      problems: [{ column: 'userName', message: expect.stringMatching(/connection permission connection:settings/) }],
    });
    expect(await ownState(db(), colleague)).toEqual(before);
    // Not an administrator: within reach, the reset goes through as before.
    const worker = await addUser(db(), 'self-np-worker', [1], [ids.npWorkers!]);
    expect((await send(token, 'POST', `/api/security/users/${worker}/reset-password`)).statusCode).toBe(200);
  });

  it('is given by a holder of the connection permission; the one-time password then opens only the password change, which needs it as the current one', async () => {
    const colleague = await addUser(db(), 'self-np-colleague-2', [1], [ids.npAdministrators!]);
    const reset = await send(adminToken, 'POST', `/api/security/users/${colleague}/reset-password`);
    expect(reset.statusCode, reset.body).toBe(200);
    const oneTimePassword = reset.json<{ oneTimePassword: string }>().oneTimePassword;
    const signedIn = await login(t.app, { username: 'self-np-colleague-2', password: oneTimePassword });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json<{ token: string }>().token;
    const wrong = await send(token, 'POST', '/api/profile/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'a-new-password-2026',
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    const right = await send(token, 'POST', '/api/profile/password', {
      currentPassword: oneTimePassword,
      newPassword: 'a-new-password-2026',
    });
    expect(right.statusCode, right.body).toBe(204);
  });
});
