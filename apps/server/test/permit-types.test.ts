import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermitGroup, PermitType, PermitTypesConfig } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Permit types and permit groups over the real server: the rules, validation naming the field,
 * facility scoping, the right-nav permission, the audit trail, the sidebar and the permission
 * catalogue following a new type.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (as: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });

const config = async (as = 'admin') => (await call(as, 'GET', '/api/permit-types')).json<PermitTypesConfig>();
const groupNamed = (c: PermitTypesConfig, name: string): PermitGroup => c.groups.find((g) => g.name === name)!;
const typeCoded = (c: PermitTypesConfig, code: string): PermitType =>
  c.groups.flatMap((g) => g.types).find((ty) => ty.code === code)!;
const auditRows = (action: string) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const newType = (groupId: number, overrides: object = {}) => ({
  code: 'WAH',
  name: 'Work at Height',
  icon: 'alert-triangle',
  color: '#0B7285',
  prefix: 'WAH-',
  sections: ['hazard-analysis', 'questions', 'crew-sign-on'],
  maxValidityHours: 12,
  offlineEnabled: true,
  groupId,
  ...overrides,
});
const editOf = (type: PermitType, overrides: object = {}) => ({
  name: type.name,
  icon: type.icon,
  color: type.color,
  prefix: type.prefix,
  sections: type.sections,
  maxValidityHours: type.maxValidityHours,
  maxExtensions: type.maxExtensions,
  offlineEnabled: type.offlineEnabled,
  groupId: type.groupId,
  isActive: type.isActive,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(async () => t?.close());

describe('permit types and groups', () => {
  it('lists the seeded groups in order with their types, sections and validity', async () => {
    const c = await config();
    expect(c.groups.map((g) => [g.name, g.types.map((ty) => ty.code)])).toEqual([
      ['Isolation', ['LOTO', 'LTI']],
      ['Work Permits', ['HOT', 'CSE', 'ELEC', 'GEN']],
    ]);
    expect(typeCoded(c, 'CSE')).toMatchObject({
      sections: ['isolation-plan', 'hazard-analysis', 'questions', 'gas-tests', 'crew-sign-on'],
      maxValidityHours: 8,
      prefix: 'CSE-',
      offlineEnabled: false,
    });
    expect(typeCoded(c, 'LTI').maxValidityHours).toBe(2160);
  });

  it('refuses the screen without rightnav:administrator (403) and to anonymous callers (401)', async () => {
    expect((await call('supervisor', 'GET', '/api/permit-types')).statusCode).toBe(403);
    expect((await call('supervisor', 'POST', '/api/permit-types/groups', { name: 'X', icon: 'box' })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/permit-types' })).statusCode).toBe(401);
  });

  it('creates a group last in the sidebar, refuses a duplicate name, and audits', async () => {
    const created = await call('admin', 'POST', '/api/permit-types/groups', { name: 'Special Work', icon: 'shield' });
    expect(created.statusCode).toBe(200);
    const c = created.json<PermitTypesConfig>();
    expect(c.groups.at(-1)).toMatchObject({ name: 'Special Work', icon: 'shield', types: [] });
    const duplicate = await call('admin', 'POST', '/api/permit-types/groups', { name: 'special work', icon: 'box' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details).toEqual([{ field: 'name', message: expect.stringContaining('Name') }]);
    const [row] = await auditRows('permit-group.create');
    expect(row).toMatchObject({ facility_id: 1, entity_type: 'permit_group', before: null });
    expect(row!.after).toEqual({ name: 'Special Work', icon: 'shield' });
  });

  it('names the field in every validation message', async () => {
    const groupId = groupNamed(await config(), 'Special Work').ID;
    const cases: [object, string][] = [
      [{ code: 'hot work' }, 'code'],
      [{ code: 'A'.repeat(21) }, 'code'],
      [{ color: 'red' }, 'color'],
      [{ icon: 'rocket' }, 'icon'],
      [{ maxValidityHours: 0 }, 'maxValidityHours'],
      [{ maxValidityHours: 9000 }, 'maxValidityHours'],
      [{ maxExtensions: 11 }, 'maxExtensions'],
      [{ maxExtensions: -1 }, 'maxExtensions'],
      [{ maxExtensions: 1.5 }, 'maxExtensions'],
      [{ sections: ['isolation-plan', 'paperwork'] }, 'sections'],
      [{ prefix: 'W A H' }, 'prefix'],
      [{ name: '   ' }, 'name'],
    ];
    for (const [overrides, field] of cases) {
      const response = await call('admin', 'POST', '/api/permit-types', newType(groupId, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const details: { field: string; message: string }[] = response.json().details;
      expect(details.map((d) => d.field.split('.')[0])).toContain(field);
    }
    const other = await call('admin', 'POST', '/api/permit-types', newType(999999));
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([{ field: 'groupId', message: expect.stringContaining('Group') }]);
  });

  it('creates a type last in its group, grants its permissions to the administrators, and audits', async () => {
    const groupId = groupNamed(await config(), 'Special Work').ID;
    const response = await call('admin', 'POST', '/api/permit-types', newType(groupId));
    expect(response.statusCode).toBe(200);
    const created = typeCoded(response.json(), 'WAH');
    expect(created).toMatchObject({ groupId, color: '#0b7285', isActive: true, offlineEnabled: true, sortOrder: 0 });
    const duplicate = await call('admin', 'POST', '/api/permit-types', newType(groupId, { name: 'Another' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details[0].field).toBe('code');

    const grants = await db()
      .selectFrom('group_permissions')
      .innerJoin('groups', 'groups.id', 'group_permissions.group_id')
      .select(['groups.name', 'groups.facility_id', 'group_permissions.permission'])
      .where('permission', 'like', '%:WAH')
      .execute();
    expect(grants.map((g) => [g.facility_id, g.name, g.permission]).sort()).toEqual(
      ['approve', 'create', 'create-offline', 'issue', 'view']
        .map((a) => [1, 'Administrators', `permit:${a}:WAH`])
        .sort(),
    );
    const [row] = await auditRows('permit-type.create');
    expect(row).toMatchObject({ facility_id: 1, entity_type: 'permit_type', entity_id: String(created.ID) });
    expect(row!.after).toMatchObject({
      code: 'WAH',
      grantedTo: { permissions: expect.arrayContaining(['permit:view:WAH']) },
    });
  });

  it("adds the new type's permissions to Group Manage's catalogue, and its links to the sidebar", async () => {
    const catalogue = await call('admin', 'GET', '/api/security/permissions');
    const wah = catalogue.json<{ permission: string; group: string }[]>().filter((p) => p.permission.endsWith(':WAH'));
    expect(wah.map((p) => p.permission)).toEqual([
      'permit:view:WAH',
      'permit:create:WAH',
      'permit:create-offline:WAH',
      'permit:approve:WAH',
      'permit:issue:WAH',
    ]);
    expect(wah[0]!.group).toBe('Work at Height');
    const nav = (await call('admin', 'GET', '/api/navigation')).json<{ name: string; links: { url: string }[] }[]>();
    const group = nav.find((g) => g.name === 'Special Work')!;
    expect(group.links.map((l) => l.url)).toEqual([
      '/Permit/Create/WAH',
      '/index?permitType=WAH',
      '/offline/permit/WAH/create',
      '/offline/permit/WAH/index',
    ]);
  });

  it("keeps a facility's types invisible to another facility, and its IDs not found there", async () => {
    const c = await config();
    const wah = typeCoded(c, 'WAH');
    const riverside = await config('adminRiverside');
    expect(riverside.groups.flatMap((g) => g.types.map((ty) => ty.code))).not.toContain('WAH');
    expect(riverside.groups.map((g) => g.name)).not.toContain('Special Work');
    expect((await call('adminRiverside', 'PUT', `/api/permit-types/${wah.ID}`, editOf(wah))).statusCode).toBe(404);
    const special = groupNamed(c, 'Special Work');
    expect(
      (await call('adminRiverside', 'PUT', `/api/permit-types/groups/${special.ID}`, { name: 'Z', icon: 'box' }))
        .statusCode,
    ).toBe(404);
    expect((await call('adminRiverside', 'DELETE', `/api/permit-types/groups/${special.ID}`)).statusCode).toBe(404);
    // Its own type may not be moved into North Plant's group either.
    const riversideHot = typeCoded(riverside, 'HOT');
    const moved = await call(
      'adminRiverside',
      'PUT',
      `/api/permit-types/${riversideHot.ID}`,
      editOf(riversideHot, { groupId: special.ID }),
    );
    expect(moved.statusCode).toBe(400);
    // The same code is free in the other facility: codes are unique per facility.
    const riversideGroup = riverside.groups[0]!.ID;
    expect((await call('adminRiverside', 'POST', '/api/permit-types', newType(riversideGroup))).statusCode).toBe(200);
  });

  it('edits a type but never its code, and a deactivated type leaves the sidebar but stays in the catalogue', async () => {
    const wah = typeCoded(await config(), 'WAH');
    const edited = await call(
      'admin',
      'PUT',
      `/api/permit-types/${wah.ID}`,
      editOf(wah, { name: 'Work at Height (roof)', maxValidityHours: 10, code: 'ROOF' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(typeCoded(edited.json(), 'WAH')).toMatchObject({ name: 'Work at Height (roof)', maxValidityHours: 10 });
    const dup = await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, editOf(wah, { name: 'hot work' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details[0].field).toBe('name');

    const off = await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, editOf(wah, { isActive: false }));
    expect(typeCoded(off.json(), 'WAH').isActive).toBe(false);
    const nav = (await call('admin', 'GET', '/api/navigation')).json<{ name: string }[]>();
    expect(nav.map((g) => g.name)).not.toContain('Special Work');
    const catalogue = (await call('admin', 'GET', '/api/security/permissions')).json<{ permission: string }[]>();
    expect(catalogue.map((p) => p.permission)).toContain('permit:view:WAH');
    expect((await auditRows('permit-type.deactivate')).map((r) => r.entity_id)).toEqual([String(wah.ID)]);
    await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, editOf(wah, { isActive: true }));
  });

  it('sets the maximum extensions of a type: 2 by default, kept when an edit leaves it out, audited', async () => {
    const wah = typeCoded(await config(), 'WAH');
    expect(wah.maxExtensions).toBe(2);
    const edited = await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, editOf(wah, { maxExtensions: 5 }));
    expect(edited.statusCode).toBe(200);
    expect(typeCoded(edited.json(), 'WAH').maxExtensions).toBe(5);
    const stored = await db()
      .selectFrom('permit_types')
      .select('max_extensions')
      .where('id', '=', wah.ID)
      .executeTakeFirstOrThrow();
    expect(stored.max_extensions).toBe(5);
    const audit = (await auditRows('permit-type.update')).at(-1)!;
    expect(audit.before).toMatchObject({ maxExtensions: 2 });
    expect(audit.after).toMatchObject({ maxExtensions: 5 });
    // An edit from a client that does not know the field leaves it alone.
    const { maxExtensions: _left, ...older } = editOf(typeCoded(edited.json(), 'WAH'), { maxValidityHours: 11 });
    const kept = await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, older);
    expect(typeCoded(kept.json(), 'WAH')).toMatchObject({ maxExtensions: 5, maxValidityHours: 11 });
    await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, editOf(wah, { maxExtensions: 2, maxValidityHours: 10 }));
  });

  it('sets "Tag per personal lock": off by default, kept when an edit leaves it out, stored in its column', async () => {
    const wah = typeCoded(await config(), 'WAH');
    expect(wah.tagPerPersonalLock).toBe(false);
    const edited = await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, editOf(wah, { tagPerPersonalLock: true }));
    expect(edited.statusCode).toBe(200);
    expect(typeCoded(edited.json(), 'WAH').tagPerPersonalLock).toBe(true);
    const column = async () =>
      (
        await db()
          .selectFrom('permit_types')
          .select('tag_per_personal_lock')
          .where('id', '=', wah.ID)
          .executeTakeFirstOrThrow()
      ).tag_per_personal_lock;
    expect(await column()).toBe(true);
    // editOf does not name the field: an older client's edit leaves it on.
    const kept = await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, editOf(typeCoded(edited.json(), 'WAH')));
    expect(kept.statusCode).toBe(200);
    expect(await column()).toBe(true);
    await call('admin', 'PUT', `/api/permit-types/${wah.ID}`, editOf(wah, { tagPerPersonalLock: false }));
    expect(await column()).toBe(false);
  });

  it('reorders groups and moves types between groups; a stale layout is refused', async () => {
    const c = await config();
    const [isolation, work, special] = [
      groupNamed(c, 'Isolation'),
      groupNamed(c, 'Work Permits'),
      groupNamed(c, 'Special Work'),
    ];
    const hot = typeCoded(c, 'HOT').ID;
    const layout = {
      groups: [
        { ID: special.ID, typeIds: [hot, ...special.types.map((ty) => ty.ID)] },
        { ID: isolation.ID, typeIds: isolation.types.map((ty) => ty.ID).reverse() },
        { ID: work.ID, typeIds: work.types.map((ty) => ty.ID).filter((id) => id !== hot) },
      ],
    };
    const response = await call('admin', 'PUT', '/api/permit-types/layout', layout);
    expect(response.statusCode).toBe(200);
    const after = response.json<PermitTypesConfig>();
    expect(after.groups.map((g) => [g.name, g.types.map((ty) => ty.code)])).toEqual([
      ['Special Work', ['HOT', 'WAH']],
      ['Isolation', ['LTI', 'LOTO']],
      ['Work Permits', ['CSE', 'ELEC', 'GEN']],
    ]);
    const nav = (await call('admin', 'GET', '/api/navigation')).json<{ name: string }[]>();
    expect(nav.map((g) => g.name)).toEqual(['Special Work', 'Isolation', 'Work Permits']);
    expect((await auditRows('permit-types.arrange')).length).toBe(1);

    const missing = { groups: layout.groups.slice(1) };
    expect((await call('admin', 'PUT', '/api/permit-types/layout', missing)).statusCode).toBe(409);
    const twice = { groups: [...layout.groups.slice(0, 2), { ID: work.ID, typeIds: [hot] }] };
    expect((await call('admin', 'PUT', '/api/permit-types/layout', twice)).statusCode).toBe(409);
  });

  it('deletes only an empty group, renames one, and audits both', async () => {
    const c = await config();
    const special = groupNamed(c, 'Special Work');
    const refused = await call('admin', 'DELETE', `/api/permit-types/groups/${special.ID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('2 permit types');
    const renamed = await call('admin', 'PUT', `/api/permit-types/groups/${special.ID}`, {
      name: 'Special',
      icon: 'box',
    });
    expect(groupNamed(renamed.json(), 'Special').icon).toBe('box');
    const empty = (
      await call('admin', 'POST', '/api/permit-types/groups', { name: 'Empty', icon: 'folder' })
    ).json<PermitTypesConfig>();
    const emptyId = groupNamed(empty, 'Empty').ID;
    const deleted = await call('admin', 'DELETE', `/api/permit-types/groups/${emptyId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<PermitTypesConfig>().groups.map((g) => g.name)).not.toContain('Empty');
    expect((await auditRows('permit-group.update')).at(-1)!.before).toEqual({ name: 'Special Work', icon: 'shield' });
    expect((await auditRows('permit-group.delete')).map((r) => r.entity_id)).toEqual([String(emptyId)]);
  });

  it('leaves nothing behind when a change is refused (no type, no grant, no audit row)', async () => {
    const before = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const groupId = groupNamed(await config(), 'Special').ID;
    expect(
      (await call('admin', 'POST', '/api/permit-types', newType(groupId, { code: 'WAH2', name: 'Hot Work' })))
        .statusCode,
    ).toBe(409);
    const after = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const grants = await db()
      .selectFrom('group_permissions')
      .select('permission')
      .where('permission', 'like', '%:WAH2')
      .execute();
    expect(grants).toEqual([]);
  });
});
