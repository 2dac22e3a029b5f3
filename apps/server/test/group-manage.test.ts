import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Group Manage and Security Lists over the real server: the CRUD, the audit trail, facility
 * scoping, and the privilege-escalation rules (each refusal a 403 with a message that says why).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
type Id =
  'gm' | 'gmGroup' | 'admin' | 'worker' | 'contractor' | 'administrators' | 'riversideSupervisors' | 'shiftLeads';
const ids = {} as Record<Id, number>;
const db = () => t.connections[0]!.db;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (as: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });

async function userId(userName: string): Promise<number> {
  return (await db().selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  t = await createTestApp();
  const adminHash = (
    await db().selectFrom('users').select('password_hash').where('user_name', '=', 'admin').executeTakeFirstOrThrow()
  ).password_hash;
  // A group manager who holds Group Manage and Security Lists in North Plant and nothing else,
  // and may sign in to Riverside too (where they hold nothing).
  const gm = await db()
    .insertInto('users')
    .values({ user_name: 'gm', display_name: 'Gale Manager', email: null, password_hash: adminHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('user_facilities')
    .values([
      { user_id: gm.id, facility_id: 1 },
      { user_id: gm.id, facility_id: 2 },
    ])
    .execute();
  const gmGroup = await db()
    .insertInto('groups')
    .values({ facility_id: 1, name: 'Group Managers', description: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('group_permissions')
    .values(
      ['rightnav:group-manage', 'rightnav:security-lists'].map((permission) => ({ group_id: gmGroup.id, permission })),
    )
    .execute();
  await db().insertInto('user_groups').values({ user_id: gm.id, group_id: gmGroup.id }).execute();
  ids.gmGroup = gmGroup.id;
  ids.gm = gm.id;
  for (const username of ['admin', 'worker', 'gm']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.gmRiverside = (await login(t.app, { username: 'gm', facilityId: 2 })).json<{ token: string }>().token;
  ids.admin = await userId('admin');
  ids.worker = await userId('worker');
  ids.contractor = await userId('contractor');
  ids.administrators = (
    await db()
      .selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 1)
      .where('name', '=', 'Administrators')
      .executeTakeFirstOrThrow()
  ).id;
  ids.riversideSupervisors = (
    await db()
      .selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 2)
      .where('name', '=', 'Supervisors')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const auditRows = (action: string, entityId: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();

describe('permission catalogue', () => {
  it('lists every right-nav permission and each action of each permit type, with descriptions', async () => {
    const response = await call('admin', 'GET', '/api/security/permissions');
    expect(response.statusCode).toBe(200);
    const catalogue = response.json<{ permission: string; description: string; group: string | null }[]>();
    expect(catalogue.filter((p) => p.permission.startsWith('rightnav:'))).toHaveLength(24);
    expect(catalogue.find((p) => p.permission === 'rightnav:translations')).toMatchObject({
      kind: 'rightnav',
      label: 'Translations',
      group: null,
      description: 'Change the words the app shows, in every language.',
    });
    expect(catalogue.find((p) => p.permission === 'permit:approve:LOTO')).toMatchObject({
      kind: 'permit',
      group: 'LOTO Permit',
      label: 'Approve',
      action: 'approve',
      permitType: { code: 'LOTO', name: 'LOTO Permit' },
      description: 'Approve LOTO Permit permits written by others.',
    });
    expect(catalogue.every((p) => p.description.length > 10)).toBe(true);
  });

  it('is refused without Group Manage', async () => {
    expect((await call('worker', 'GET', '/api/security/permissions')).statusCode).toBe(403);
  });
});

describe('group manage', () => {
  it('lists the facility’s groups with member counts', async () => {
    const groups = (await call('admin', 'GET', '/api/security/groups')).json<
      { ID: number; name: string; memberCount: number; isCallerMember: boolean }[]
    >();
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Administrators', 'Supervisors', 'Authorized Workers', 'Contractors', 'Group Managers']),
    );
    expect(groups.find((g) => g.name === 'Administrators')).toMatchObject({ memberCount: 1, isCallerMember: true });
    expect(groups.some((g) => g.ID === ids.riversideSupervisors)).toBe(false);
  });

  it('creates, renames and audits a group; names are unique per facility', async () => {
    const created = await call('admin', 'POST', '/api/security/groups', {
      name: '  Shift Leads ',
      description: 'Night shift',
    });
    expect(created.statusCode).toBe(200);
    const group = created.json<{ ID: number; name: string; memberCount: number }>();
    expect(group).toMatchObject({ name: 'Shift Leads', memberCount: 0, isCallerMember: false });
    ids.shiftLeads = group.ID;

    const duplicate = await call('admin', 'POST', '/api/security/groups', { name: 'shift leads', description: '' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A group with this name already exists in this facility');
    expect((await call('admin', 'POST', '/api/security/groups', { name: '  ', description: '' })).statusCode).toBe(400);

    const renamed = await call('admin', 'PUT', `/api/security/groups/${group.ID}`, {
      name: 'Shift Leaders',
      description: 'Night and day',
    });
    expect(renamed.json()).toMatchObject({ name: 'Shift Leaders', description: 'Night and day' });
    const [create] = await auditRows('group.create', group.ID);
    expect(create).toMatchObject({ user_id: ids.admin, facility_id: 1, entity_type: 'group', before: null });
    const [update] = await auditRows('group.update', group.ID);
    expect(update!.before).toEqual({ name: 'Shift Leads', description: 'Night shift' });
    expect(update!.after).toEqual({ name: 'Shift Leaders', description: 'Night and day' });
  });

  it('creates a group once when the creation is sent twice with one Idempotency-Key', async () => {
    const headers = { authorization: `Bearer ${tokens.admin}`, 'idempotency-key': 'group-create-key-1' };
    const payload = { name: 'Replayed crew', description: '' };
    const first = await t.app.inject({ method: 'POST', url: '/api/security/groups', headers, payload });
    const replay = await t.app.inject({ method: 'POST', url: '/api/security/groups', headers, payload });
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.json()).toEqual(first.json());
    const rows = await db().selectFrom('groups').select('id').where('name', '=', 'Replayed crew').execute();
    expect(rows).toHaveLength(1);
  });

  it('adds and removes members who may sign in to the facility, audited', async () => {
    const candidates = (await call('admin', 'GET', `/api/security/groups/${ids.shiftLeads}/candidates`)).json<
      { ID: number }[]
    >();
    expect(candidates.map((c) => c.ID)).toEqual(expect.arrayContaining([ids.worker, ids.contractor]));

    const added = await call('admin', 'POST', `/api/security/groups/${ids.shiftLeads}/members`, {
      userId: ids.worker,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json<{ userName: string }[]>().map((m) => m.userName)).toEqual(['worker']);
    const after = (await call('admin', 'GET', `/api/security/groups/${ids.shiftLeads}/candidates`)).json<
      { ID: number }[]
    >();
    expect(after.some((c) => c.ID === ids.worker)).toBe(false);

    // Someone who may not sign in to North Plant is not found from here.
    const outsider = await db()
      .insertInto('users')
      .values({ user_name: 'outsider', display_name: 'Outsider', email: null, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (await call('admin', 'POST', `/api/security/groups/${ids.shiftLeads}/members`, { userId: outsider.id }))
        .statusCode,
    ).toBe(404);

    await call('admin', 'POST', `/api/security/groups/${ids.shiftLeads}/members`, { userId: ids.contractor });
    const removed = await call('admin', 'DELETE', `/api/security/groups/${ids.shiftLeads}/members/${ids.contractor}`);
    expect(removed.json<{ userName: string }[]>().map((m) => m.userName)).toEqual(['worker']);
    expect(await auditRows('group.member.add', ids.shiftLeads)).toHaveLength(2);
    expect(await auditRows('group.member.remove', ids.shiftLeads)).toHaveLength(1);
  });

  it('replaces a group’s permissions and the members get them', async () => {
    const response = await call('admin', 'PUT', `/api/security/groups/${ids.shiftLeads}/permissions`, {
      permissions: ['rightnav:translations', 'permit:approve:LOTO'],
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await call('admin', 'GET', `/api/security/groups/${ids.shiftLeads}/permissions`)).json().permissions,
    ).toEqual(['permit:approve:LOTO', 'rightnav:translations']);
    const context = (await call('worker', 'GET', '/api/session/context')).json<{ permissions: string[] }>();
    expect(context.permissions).toEqual(expect.arrayContaining(['rightnav:translations', 'permit:approve:LOTO']));
    const [audit] = await auditRows('group.permissions.update', ids.shiftLeads);
    expect(audit!.before).toEqual({ permissions: [] });
    expect(audit!.after).toEqual({ permissions: ['permit:approve:LOTO', 'rightnav:translations'] });
  });

  it('refuses permissions the facility does not have', async () => {
    const response = await call('admin', 'PUT', `/api/security/groups/${ids.shiftLeads}/permissions`, {
      permissions: ['permit:approve:NOPE', 'rightnav:nothing'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown permission for this facility: permit:approve:NOPE');
  });

  it('deletes a group only once it has no members', async () => {
    const refused = await call('admin', 'DELETE', `/api/security/groups/${ids.shiftLeads}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This group still has 1 member. Remove them before deleting the group.');
    await call('admin', 'DELETE', `/api/security/groups/${ids.shiftLeads}/members/${ids.worker}`);
    const deleted = await call('admin', 'DELETE', `/api/security/groups/${ids.shiftLeads}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/security/groups/${ids.shiftLeads}/members`)).statusCode).toBe(404);
    const [audit] = await auditRows('group.delete', ids.shiftLeads);
    expect(audit!.before).toMatchObject({
      name: 'Shift Leaders',
      permissions: ['permit:approve:LOTO', 'rightnav:translations'],
    });
    expect(audit!.after).toBeNull();
  });

  it('answers 404 for another facility’s group, whatever the call', async () => {
    const other = ids.riversideSupervisors;
    const attempts: [Method, string, object?][] = [
      ['GET', `/api/security/groups/${other}/members`],
      ['GET', `/api/security/groups/${other}/candidates`],
      ['GET', `/api/security/groups/${other}/permissions`],
      ['PUT', `/api/security/groups/${other}`, { name: 'Taken over', description: '' }],
      ['PUT', `/api/security/groups/${other}/permissions`, { permissions: [] }],
      ['POST', `/api/security/groups/${other}/members`, { userId: ids.worker }],
      ['DELETE', `/api/security/groups/${other}/members/${ids.worker}`],
      ['DELETE', `/api/security/groups/${other}`],
    ];
    for (const [method, url, body] of attempts) {
      expect(`${method} ${url}: ${(await call('admin', method, url, body)).statusCode}`).toBe(`${method} ${url}: 404`);
    }
    const untouched = await db().selectFrom('groups').select('name').where('id', '=', other).executeTakeFirstOrThrow();
    expect(untouched.name).toBe('Supervisors');
  });
});

describe('privilege escalation is refused', () => {
  it('a user adding themself to a group', async () => {
    const supervisors = (await call('gm', 'GET', '/api/security/groups'))
      .json<{ ID: number; name: string }[]>()
      .find((g) => g.name === 'Contractors')!;
    const response = await call('gm', 'POST', `/api/security/groups/${supervisors.ID}/members`, { userId: ids.gm });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You cannot add yourself to a group. Ask another administrator to do it.');
    const admin = await call('admin', 'POST', `/api/security/groups/${supervisors.ID}/members`, { userId: ids.admin });
    expect(admin.statusCode).toBe(403);
  });

  it('a user removing themself from a group', async () => {
    const response = await call('admin', 'DELETE', `/api/security/groups/${ids.administrators}/members/${ids.admin}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'You cannot remove yourself from a group. Ask another administrator to do it.',
    );
  });

  it('editing the permissions of their own group', async () => {
    const own = await call('gm', 'PUT', `/api/security/groups/${ids.gmGroup}/permissions`, {
      permissions: ['rightnav:group-manage', 'rightnav:security-lists'],
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'You cannot change the permissions of a group you belong to. Ask another administrator to do it.',
    );
    const admin = await call('admin', 'PUT', `/api/security/groups/${ids.administrators}/permissions`, {
      permissions: [],
    });
    expect(admin.statusCode).toBe(403);
    const kept = await db()
      .selectFrom('group_permissions')
      .select('permission')
      .where('group_id', '=', ids.administrators)
      .execute();
    expect(kept.length).toBeGreaterThan(20);
  });

  it('granting a permission they do not hold', async () => {
    const group = (await call('gm', 'POST', '/api/security/groups', { name: 'Made by gm', description: '' })).json<{
      ID: number;
    }>();
    const response = await call('gm', 'PUT', `/api/security/groups/${group.ID}/permissions`, {
      permissions: ['rightnav:group-manage', 'rightnav:translations', 'permit:issue:HOT'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'You cannot grant permissions you do not hold yourself: permit:issue:HOT, rightnav:translations',
    );
    // What they hold they may grant.
    const allowed = await call('gm', 'PUT', `/api/security/groups/${group.ID}/permissions`, {
      permissions: ['rightnav:group-manage'],
    });
    expect(allowed.statusCode).toBe(200);
    expect((await auditRows('group.permissions.update', group.ID)).length).toBe(1);
  });

  it('handing another user a group whose permissions they do not hold', async () => {
    const response = await call('gm', 'POST', `/api/security/groups/${ids.administrators}/members`, {
      userId: ids.worker,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(
      /^You cannot add members to a group that grants permissions you do not hold yourself: /,
    );
  });

  it('changing another facility’s groups or security lists', async () => {
    // Signed in to Riverside, where gm holds nothing: refused, and Riverside is unchanged.
    expect((await call('gmRiverside', 'GET', '/api/security/groups')).statusCode).toBe(403);
    const lists = await call('gmRiverside', 'PUT', '/api/security/lists', {
      features: [{ feature: 'translations', enabled: false }],
    });
    expect(lists.statusCode).toBe(403);
    const riverside = await db()
      .selectFrom('facility_security_settings')
      .select('enabled')
      .where('facility_id', '=', 2)
      .where('feature', '=', 'translations')
      .executeTakeFirstOrThrow();
    expect(riverside.enabled).toBe(true);
    expect((await call('worker', 'PUT', '/api/security/lists', { features: [] })).statusCode).toBe(403);
  });
});

describe('security lists', () => {
  it('lists each right-nav feature with what it controls', async () => {
    const lists = (await call('admin', 'GET', '/api/security/lists')).json<
      { feature: string; enabled: boolean; locked: boolean; description: string; entry: string }[]
    >();
    expect(lists).toHaveLength(24);
    expect(lists.find((f) => f.feature === 'translations')).toMatchObject({
      entry: 'Translations',
      enabled: true,
      locked: false,
      description: 'Change the words the app shows, in every language.',
    });
    expect(lists.find((f) => f.feature === 'security-lists')!.locked).toBe(true);
  });

  it('switches a feature off for the facility at once, audited, and back on', async () => {
    const off = await call('admin', 'PUT', '/api/security/lists', {
      features: [{ feature: 'translations', enabled: false }],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ feature: string; enabled: boolean }[]>().find((f) => f.feature === 'translations')!.enabled).toBe(
      false,
    );
    const context = (await call('worker', 'GET', '/api/session/context')).json<{
      securitySettings: Record<string, boolean>;
    }>();
    expect(context.securitySettings.translations).toBe(false);
    const [audit] = await auditRows('security-lists.update', 1);
    expect(audit).toMatchObject({ user_id: ids.admin, before: { translations: true }, after: { translations: false } });
    await call('admin', 'PUT', '/api/security/lists', { features: [{ feature: 'translations', enabled: true }] });
    expect(
      (await call('worker', 'GET', '/api/session/context')).json<{ securitySettings: Record<string, boolean> }>()
        .securitySettings.translations,
    ).toBe(true);
  });

  it('records a permissions.changed event with a change, and neither audit nor event when nothing changes', async () => {
    const count = async (table: 'audit_log' | 'domain_events', column: 'action' | 'name', value: string) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where(column, '=', value)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const audits = await count('audit_log', 'action', 'security-lists.update');
    const events = await count('domain_events', 'name', 'permissions.changed');
    const same = await call('admin', 'PUT', '/api/security/lists', {
      features: [{ feature: 'translations', enabled: true }],
    });
    expect(same.statusCode).toBe(200);
    expect(await count('audit_log', 'action', 'security-lists.update')).toBe(audits);
    expect(await count('domain_events', 'name', 'permissions.changed')).toBe(events);
    const off = { features: [{ feature: 'print-list', enabled: false }] };
    const headers = { authorization: `Bearer ${tokens.admin}`, 'idempotency-key': 'lists-key-1' };
    const first = await t.app.inject({ method: 'PUT', url: '/api/security/lists', headers, payload: off });
    const replay = await t.app.inject({ method: 'PUT', url: '/api/security/lists', headers, payload: off });
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await count('audit_log', 'action', 'security-lists.update')).toBe(audits + 1);
    expect(await count('domain_events', 'name', 'permissions.changed')).toBe(events + 1);
    await call('admin', 'PUT', '/api/security/lists', { features: [{ feature: 'print-list', enabled: true }] });
  });

  it('refuses to switch Security Lists itself off', async () => {
    const response = await call('admin', 'PUT', '/api/security/lists', {
      features: [{ feature: 'security-lists', enabled: false }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Security Lists cannot be switched off: nobody could switch features back on.',
    );
  });
});

describe('live context changes', () => {
  it('tells open streams of the facility to reload the session context', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${url}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${tokens.worker}` },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const waitFor = async (event: string) => {
      const deadline = Date.now() + 3000;
      while (!buffer.includes(`event: ${event}\n`)) {
        if (Date.now() > deadline) throw new Error(`no ${event} event`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
        if (chunk && !chunk.done) buffer += decoder.decode(chunk.value);
      }
    };
    try {
      await waitFor('ready');
      await call('admin', 'PUT', '/api/security/lists', { features: [{ feature: 'print-list', enabled: false }] });
      await waitFor('context-changed');
    } finally {
      controller.abort();
      await call('admin', 'PUT', '/api/security/lists', { features: [{ feature: 'print-list', enabled: true }] });
    }
  });
});
