import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let adminId = 0;
let groupIds: Record<string, number> = {};
beforeAll(async () => {
  // A high throttle so the lockout, not the per-name throttle, answers the repeated failures here.
  t = await createTestApp({ env: { HASP_LOGIN_MAX_FAILURES: '100' } });
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
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(tokens.admin!, method, url, payload);
const input = (extra: object = {}) => ({
  userName: 'jordan',
  displayName: 'Jordan Lee',
  email: 'jordan@hasp.example',
  isActiveDirectoryUser: false,
  groupIDs: [] as number[],
  facilityIDs: [] as number[],
  ...extra,
});
const auditOf = (entityId: number) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'before', 'after'])
    .where('entity_type', '=', 'user')
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
async function createUser(extra: object) {
  const response = await asAdmin('POST', '/api/security/users', input(extra));
  expect(response.statusCode).toBe(200);
  return response.json<{ ID: number; userName: string }>();
}
async function resetAndSignIn(id: number, userName: string) {
  const reset = await asAdmin('POST', `/api/security/users/${id}/reset-password`);
  expect(reset.statusCode).toBe(200);
  const { oneTimePassword } = reset.json<{ oneTimePassword: string }>();
  const signedIn = await login(t.app, { username: userName, password: oneTimePassword });
  expect(signedIn.statusCode).toBe(200);
  return { oneTimePassword, token: signedIn.json<{ token: string }>().token };
}

describe('user manage', () => {
  it('creates a user with groups and facilities (the caller’s facility always included), audited', async () => {
    const created = await createUser({ groupIDs: [groupIds['Authorized Workers']!], facilityIDs: [2] });
    const user = (await asAdmin('GET', `/api/security/users/${created.ID}`)).json();
    expect(user).toMatchObject({
      userName: 'jordan',
      displayName: 'Jordan Lee',
      isActive: true,
      lockedAt: null,
      hasPassword: false,
      mustChangePassword: false,
      groups: [{ ID: groupIds['Authorized Workers'], name: 'Authorized Workers' }],
      facilityIDs: [1, 2],
    });
    const audit = await auditOf(created.ID);
    expect(audit).toEqual([expect.objectContaining({ action: 'user.create', user_id: adminId, before: null })]);
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|argon/);
  });

  it('refuses a taken user name (any case) and groups of another facility, at their fields', async () => {
    const taken = await asAdmin('POST', '/api/security/users', input({ userName: 'WORKER' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([{ field: 'userName', message: 'This user name is already taken' }]);
    const riversideGroup = await db()
      .selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 2)
      .executeTakeFirstOrThrow();
    const foreign = await asAdmin(
      'POST',
      '/api/security/users',
      input({ userName: 'x1', groupIDs: [riversideGroup.id] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('groupIDs');
    const badFacility = await asAdmin('POST', '/api/security/users', input({ userName: 'x2', facilityIDs: [999] }));
    expect(badFacility.json().details[0].field).toBe('facilityIDs');
  });

  it('lists the facility’s users with search, status and group filters and pages', async () => {
    const all = (await asAdmin('GET', '/api/security/users?pageSize=2&page=1')).json();
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all).toMatchObject({ page: 1, pageSize: 2 });
    const page2 = (await asAdmin('GET', '/api/security/users?pageSize=2&page=2')).json();
    expect(page2.items[0].ID).not.toBe(all.items[0].ID);
    const search = (await asAdmin('GET', '/api/security/users?search=JORDAN%40hasp')).json();
    expect(search.items.map((u: { userName: string }) => u.userName)).toEqual(['jordan']);
    const byGroup = (await asAdmin('GET', `/api/security/users?groupId=${groupIds.Contractors}`)).json();
    expect(byGroup.items.map((u: { userName: string }) => u.userName)).toEqual(['contractor']);
    const wildcard = (await asAdmin('GET', '/api/security/users?search=%25')).json();
    expect(wildcard.total).toBe(0);
    expect((await asAdmin('GET', '/api/security/users?pageSize=101')).statusCode).toBe(400);
    // Riverside's list has no worker (worker may sign in to North Plant only).
    const riverside = (await call(tokens.adminRiverside!, 'GET', '/api/security/users?pageSize=100')).json();
    expect(riverside.items.map((u: { userName: string }) => u.userName)).not.toContain('worker');
  });

  it('answers 404 for a user of another facility, and has no delete route', async () => {
    const worker = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'worker')
      .executeTakeFirstOrThrow();
    expect((await call(tokens.adminRiverside!, 'GET', `/api/security/users/${worker.id}`)).statusCode).toBe(404);
    expect((await call(tokens.adminRiverside!, 'POST', `/api/security/users/${worker.id}/deactivate`)).statusCode).toBe(
      404,
    );
    expect((await call(tokens.adminRiverside!, 'PUT', `/api/security/users/${worker.id}`, input())).statusCode).toBe(
      404,
    );
    expect((await asAdmin('DELETE', `/api/security/users/${worker.id}`)).statusCode).toBe(404);
    expect((await call(tokens.worker!, 'GET', '/api/security/users')).statusCode).toBe(403);
  });

  it('edits a user and replaces their groups in this facility only', async () => {
    const created = await createUser({ userName: 'edit-me', groupIDs: [groupIds.Contractors!], facilityIDs: [2] });
    const riversideGroup = await db()
      .selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 2)
      .executeTakeFirstOrThrow();
    await db().insertInto('user_groups').values({ user_id: created.ID, group_id: riversideGroup.id }).execute();
    const edited = await asAdmin(
      'PUT',
      `/api/security/users/${created.ID}`,
      // Still in Riverside: leaving a facility drops the groups there (see the escalation suite).
      input({
        userName: 'edit-me',
        displayName: 'Edited',
        email: null,
        groupIDs: [groupIds.Supervisors!],
        facilityIDs: [2],
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      displayName: 'Edited',
      email: null,
      groups: [{ name: 'Supervisors' }],
      facilityIDs: [1, 2],
    });
    const memberships = await db()
      .selectFrom('user_groups')
      .select('group_id')
      .where('user_id', '=', created.ID)
      .execute();
    expect(memberships.map((m) => m.group_id).sort()).toEqual([groupIds.Supervisors, riversideGroup.id].sort());
    expect((await auditOf(created.ID)).map((a) => a.action)).toEqual(['user.create', 'user.update']);
  });

  it('sets a department or crew and a contact, audited; a bad contact is named; left out keeps them; empty clears', async () => {
    const created = await createUser({
      userName: 'reach-me',
      department: 'Maintenance — Crew B',
      contact: '+1 555 0101',
    });
    expect((await asAdmin('GET', `/api/security/users/${created.ID}`)).json()).toMatchObject({
      department: 'Maintenance — Crew B',
      contact: '+1 555 0101',
    });
    const bad = await asAdmin(
      'PUT',
      `/api/security/users/${created.ID}`,
      input({ userName: 'reach-me', contact: 'call <script>', department: 'x'.repeat(101) }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['contact', 'department']);
    // A client that does not send them (an older page) leaves them as they are.
    const kept = await asAdmin('PUT', `/api/security/users/${created.ID}`, input({ userName: 'reach-me' }));
    expect(kept.json()).toMatchObject({ department: 'Maintenance — Crew B', contact: '+1 555 0101' });
    const changed = await asAdmin(
      'PUT',
      `/api/security/users/${created.ID}`,
      input({ userName: 'reach-me', department: '', contact: 'Radio ch. 4' }),
    );
    expect(changed.json()).toMatchObject({ department: null, contact: 'Radio ch. 4' });
    const audit = await auditOf(created.ID);
    expect(audit.at(-1)).toMatchObject({
      action: 'user.update',
      before: { department: 'Maintenance — Crew B', contact: '+1 555 0101' },
      after: { department: null, contact: 'Radio ch. 4' },
    });
    // A user without User Manage cannot set anyone's: the route refuses before reading the body.
    const worker = await call(tokens.worker!, 'PUT', `/api/security/users/${created.ID}`, input({ contact: '1' }));
    expect(worker.statusCode).toBe(403);
    // Another facility's administrator does not see this user at all.
    const riverside = await call(tokens.adminRiverside!, 'PUT', `/api/security/users/${created.ID}`, input());
    expect(riverside.statusCode).toBe(404);
  });

  it('refuses an administrator changing their own groups or facilities (privilege escalation)', async () => {
    const own = (await asAdmin('GET', `/api/security/users/${adminId}`)).json();
    const mine = own.groups.map((g: { ID: number }) => g.ID);
    const escalate = await asAdmin(
      'PUT',
      `/api/security/users/${adminId}`,
      input({
        userName: 'admin',
        displayName: own.displayName,
        email: own.email,
        groupIDs: [...mine, groupIds.Supervisors],
        facilityIDs: own.facilityIDs,
      }),
    );
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().message).toBe('You cannot change your own groups; ask another administrator');
    const facilities = await asAdmin(
      'PUT',
      `/api/security/users/${adminId}`,
      input({ userName: 'admin', displayName: own.displayName, email: own.email, groupIDs: mine, facilityIDs: [1] }),
    );
    expect(facilities.statusCode).toBe(403);
    // The same groups: editing one's own name is fine.
    const rename = await asAdmin(
      'PUT',
      `/api/security/users/${adminId}`,
      input({
        userName: 'admin',
        displayName: own.displayName,
        email: own.email,
        groupIDs: mine,
        facilityIDs: own.facilityIDs,
      }),
    );
    expect(rename.statusCode).toBe(200);
    const groups = await db().selectFrom('user_groups').select('group_id').where('user_id', '=', adminId).execute();
    expect(groups.map((g) => g.group_id)).not.toContain(groupIds.Supervisors);
    expect((await asAdmin('POST', `/api/security/users/${adminId}/deactivate`)).statusCode).toBe(409);
  });

  it('deactivates (ending the user’s sessions at once) and reactivates, never deleting', async () => {
    const created = await createUser({ userName: 'leaver' });
    const { token } = await resetAndSignIn(created.ID, 'leaver');
    expect((await call(token, 'GET', '/api/session/context')).statusCode).toBe(200);
    const deactivated = await asAdmin('POST', `/api/security/users/${created.ID}/deactivate`);
    expect(deactivated.json().isActive).toBe(false);
    expect((await call(token, 'GET', '/api/session/context')).statusCode).toBe(401);
    const live = await db()
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', created.ID)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const inactive = (await asAdmin('GET', '/api/security/users?status=inactive')).json();
    expect(inactive.items.map((u: { userName: string }) => u.userName)).toContain('leaver');
    expect((await asAdmin('POST', `/api/security/users/${created.ID}/reactivate`)).json().isActive).toBe(true);
    expect(await db().selectFrom('users').select('id').where('id', '=', created.ID).executeTakeFirst()).toBeDefined();
    expect((await auditOf(created.ID)).map((a) => a.action)).toEqual([
      'user.create',
      'user.password.reset',
      'user.deactivate',
      'user.reactivate',
    ]);
  });

  it('resets to a one-time password the user must change; the change clears the flag', async () => {
    const created = await createUser({ userName: 'newcomer', groupIDs: [groupIds['Authorized Workers']!] });
    const { oneTimePassword, token } = await resetAndSignIn(created.ID, 'newcomer');
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(16);
    const context = (await call(token, 'GET', '/api/session/context')).json();
    expect(context.mustChangePassword).toBe(true);
    expect((await asAdmin('GET', `/api/security/users/${created.ID}`)).json().mustChangePassword).toBe(true);
    // The server, not only the web, holds everything else back until the password is changed.
    const held = await call(token, 'GET', '/api/navigation');
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe('Change your password to continue');
    const changed = await call(token, 'POST', '/api/profile/password', {
      currentPassword: oneTimePassword,
      newPassword: 'my-own-long-passphrase',
    });
    expect(changed.statusCode).toBe(204);
    expect((await call(token, 'GET', '/api/session/context')).json().mustChangePassword).toBe(false);
    expect((await call(token, 'GET', '/api/navigation')).statusCode).toBe(200);
    expect((await login(t.app, { username: 'newcomer', password: oneTimePassword })).statusCode).toBe(401);
    expect((await login(t.app, { username: 'newcomer', password: 'my-own-long-passphrase' })).statusCode).toBe(200);
    // A second reset ends the sessions the user had.
    await asAdmin('POST', `/api/security/users/${created.ID}/reset-password`);
    expect((await call(token, 'GET', '/api/session/context')).statusCode).toBe(401);
  });

  it('refuses to reset the password of a directory (AD) user', async () => {
    const created = await createUser({ userName: 'ad-user', isActiveDirectoryUser: true });
    const reset = await asAdmin('POST', `/api/security/users/${created.ID}/reset-password`);
    expect(reset.statusCode).toBe(409);
    expect(reset.json().message).toBe(
      'This user signs in through the organisation’s directory and has no password here to reset',
    );
  });

  it('enforces the configured minimum password length, naming it', async () => {
    const created = await createUser({ userName: 'policy' });
    const { oneTimePassword, token } = await resetAndSignIn(created.ID, 'policy');
    await db()
      .insertInto('app_settings')
      .values({ key: 'security.passwordMinLength', facility_id: null, value: JSON.stringify(20) })
      .execute();
    try {
      const short = await call(token, 'POST', '/api/profile/password', {
        currentPassword: oneTimePassword,
        newPassword: 'nineteen-characters',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().details[0]).toEqual({
        field: 'newPassword',
        message:
          'The new password is too short. Use 20 to 128 characters. Longer passphrases are stronger; any characters are allowed.',
      });
      const long = await call(token, 'POST', '/api/profile/password', {
        currentPassword: oneTimePassword,
        newPassword: 'twenty-characters-ok',
      });
      expect(long.statusCode).toBe(204);
    } finally {
      await db().deleteFrom('app_settings').where('key', '=', 'security.passwordMinLength').execute();
    }
    // Below the default (12) is refused once the setting is back to its default.
    const relogin = (await login(t.app, { username: 'policy', password: 'twenty-characters-ok' })).json().token;
    const tooShort = await call(relogin, 'POST', '/api/profile/password', {
      currentPassword: 'twenty-characters-ok',
      newPassword: 'eleven-char',
    });
    expect(tooShort.json().details[0].message).toContain('Use 12 to 128 characters');
  });

  it('locks an account after the configured failures in a row, silently, until an administrator unlocks it', async () => {
    const created = await createUser({ userName: 'lockme' });
    const { oneTimePassword } = await resetAndSignIn(created.ID, 'lockme');
    await db()
      .insertInto('app_settings')
      .values({ key: 'security.lockoutThreshold', facility_id: null, value: JSON.stringify(3) })
      .execute();
    try {
      // Two failures, then a success: the count starts again.
      for (let i = 0; i < 2; i++) await login(t.app, { username: 'lockme', password: 'wrong-password' });
      expect((await login(t.app, { username: 'lockme', password: oneTimePassword })).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) {
        expect((await login(t.app, { username: 'lockme', password: 'wrong-password' })).statusCode).toBe(401);
      }
      const locked = await login(t.app, { username: 'lockme', password: oneTimePassword });
      const unknown = await login(t.app, { username: 'nobody-at-all', password: oneTimePassword });
      expect(locked.statusCode).toBe(401);
      expect(locked.json()).toEqual(unknown.json());
      const events = await db().selectFrom('auth_events').select('kind').where('user_id', '=', created.ID).execute();
      expect(events.filter((e) => e.kind === 'login_locked').length).toBeGreaterThanOrEqual(2);
      const listed = (await asAdmin('GET', '/api/security/users?status=locked')).json();
      expect(listed.items.map((u: { userName: string }) => u.userName)).toEqual(['lockme']);

      const unlocked = await asAdmin('POST', `/api/security/users/${created.ID}/unlock`);
      expect(unlocked.json().lockedAt).toBeNull();
      expect((await login(t.app, { username: 'lockme', password: oneTimePassword })).statusCode).toBe(200);
      expect((await auditOf(created.ID)).map((a) => a.action)).toContain('user.unlock');
    } finally {
      await db().deleteFrom('app_settings').where('key', '=', 'security.lockoutThreshold').execute();
    }
  });
});
